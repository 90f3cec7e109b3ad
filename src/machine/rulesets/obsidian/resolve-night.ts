import type { Instant } from '../../../domain/time.js';
import type { GameContext, NightAction, NightResult } from '../../context.js';
import { killSlot } from '../../death-rules.js';
import type { Ruleset } from '../../ruleset.js';
import { EFFECTS, type NightWork } from './effects.js';
import { activePrompts, blockerOf, promptActors } from './night-prompts.js';
import { type Submission, submissionsFor } from './night-submissions.js';
import { obsidianExt, withExt } from './obsidian-ext.js';

/** The result an enforced actor receives (O-R1). */
export const NO_RESULT = 'no result';

/**
 * Resolves one night by the priority table (rules-obsidian, #1 Enforcer … #6 Obsidian): each prompt's
 * submissions in priority order, an actor whose blocker was enforced gets "no result" (O-R1, O-R2), the
 * others feed their effect. Removals take effect at `at`, the night's end. The PM route and the night
 * console both come here, so they cannot disagree.
 */
export function resolveObsidianNight(
  ctx: GameContext,
  ruleset: Ruleset,
  actions: NightAction[],
  at: Instant,
): GameContext {
  const phase = ctx.phase?.name ?? '';
  const tonight = actions.filter((a) => a.phase === phase);
  const work: NightWork = {
    ctx,
    enforced: new Set(),
    stabilized: new Set(),
    guards: [],
    results: [],
    removals: [],
    spent: [],
  };
  for (const prompt of activePrompts(ctx)) {
    for (const sub of withBlockedActors(ctx, prompt, submissionsFor(ctx, prompt, tonight), work)) {
      const blocker = blockerOf(ctx, prompt, sub.actor);
      if (blocker !== null && work.enforced.has(blocker)) {
        work.results.push(result(phase, sub, NO_RESULT));
        continue;
      }
      if (sub.target === null) continue;
      const handler = EFFECTS[prompt.effect];
      if (!handler) throw new Error(`obsidian night table: no effect handler "${prompt.effect}"`);
      work.results.push(result(phase, sub, handler(work, sub as Submission & { target: number })));
    }
  }
  let next: GameContext = { ...ctx, nightResults: [...ctx.nightResults, ...work.results] };
  if (work.spent.length) next = withExt(next, { shieldsSpent: [...obsidianExt(next).shieldsSpent, ...work.spent] });
  for (const slot of work.removals) next = killSlot(next, ruleset, slot, 'compromise', at);
  return next;
}

/** O-R1: an enforced actor who picked nothing still receives "no result" (the console did not wake them). */
function withBlockedActors(
  ctx: GameContext,
  prompt: Submission['prompt'],
  subs: Submission[],
  work: NightWork,
): Submission[] {
  const actors = promptActors(ctx, prompt);
  const out = [...subs];
  for (const actor of actors) {
    if (out.some((s) => s.actor === actor) || (prompt.blockedBy === 'leader' && out.length > 0)) continue;
    const blocker = blockerOf(ctx, prompt, actor);
    if (blocker !== null && work.enforced.has(blocker)) out.push({ prompt, actor, target: null });
  }
  return out;
}

function result(phase: string, sub: Submission, text: string): NightResult {
  return { phase, actor: sub.actor, action: sub.prompt.id, target: sub.target, result: text };
}
