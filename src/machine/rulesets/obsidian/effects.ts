import type { GameContext, NightResult } from '../../context.js';
import type { Submission } from './night-submissions.js';
import { effectiveRole, isObsidian, obsidianExt } from './obsidian-ext.js';

/** What a night's resolution has gathered so far (priority order). */
export interface NightWork {
  ctx: GameContext;
  enforced: Set<number>;
  stabilized: Set<number>;
  /** Unblocked shields in priority order; `resultIndex` is the Shield's own result, updated when it absorbs. */
  guards: { shield: number; target: number; resultIndex: number }[];
  results: NightResult[];
  /** Slots removed at the night's end (cause `compromise`). */
  removals: number[];
  /** Shields used up tonight (`layer`). */
  spent: number[];
}

type Picked = Submission & { target: number };

/** An effect takes an unblocked submission and returns the actor's result; the table names it (`effect`). */
export type EffectHandler = (work: NightWork, sub: Picked) => string;

export const EFFECTS: Record<string, EffectHandler> = {
  // #1 Enforcer: the target's action does not resolve this night.
  block: (work, sub) => {
    work.enforced.add(sub.target);
    return 'enforced';
  },
  // #2 Stabilizer: the target is immune to the compromise tonight.
  immunize: (work, sub) => {
    work.stabilized.add(sub.target);
    return 'stabilized';
  },
  // #3 Shield: protects the target if it is compromised (O-R3); a spent layer shield protects nobody.
  guard: (work, sub) => {
    if (obsidianExt(work.ctx).shieldsSpent.includes(sub.actor)) return 'spent';
    work.guards.push({ shield: sub.actor, target: sub.target, resultIndex: work.results.length });
    return 'shielded';
  },
  // #4 Analyst: alignment, with the Leader's mask.
  'alignment-check': (work, sub) => {
    if (obsidianExt(work.ctx).leader === sub.target) return 'network';
    return isObsidian(work.ctx.slots[sub.target]) ? 'obsidian' : 'network';
  },
  // #5 Scanner: the exact role; the mask does not apply.
  'role-check': (work, sub) => effectiveRole(work.ctx, sub.target) ?? 'unknown',
  // #6 Obsidian: the compromise (O-R2..O-R4).
  compromise: (work, sub) => {
    const { ctx } = work;
    if (!ctx.slots[sub.target]?.alive) return NO_TARGET;
    if (work.stabilized.has(sub.target)) return 'stabilized';
    const bodyguard = ctx.setup.options.shield === 'bodyguard';
    // A bodyguard Shield on itself cannot take its own hit "instead": it is simply removed.
    const guard = work.guards.find(
      (g) =>
        g.target === sub.target &&
        ctx.slots[g.shield]?.alive &&
        !work.spent.includes(g.shield) &&
        !(bodyguard && g.shield === g.target),
    );
    if (guard) {
      const shieldResult = work.results[guard.resultIndex];
      if (shieldResult) work.results[guard.resultIndex] = { ...shieldResult, result: 'absorbed' };
      if (bodyguard) work.removals.push(guard.shield);
      else work.spent.push(guard.shield);
      return 'shielded';
    }
    work.removals.push(sub.target);
    return 'removed';
  },
};

const NO_TARGET = 'target-gone';
