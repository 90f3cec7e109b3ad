import type { Instant } from '../../../domain/time.js';
import type { GameContext, NightAction, NightResult } from '../../context.js';
import { killSlot } from '../../death-rules.js';
import type { Ruleset } from '../../ruleset.js';
import { nameOf, nextDayStart } from './common.js';
import { KILLING_FACTIONS } from './night-actions.js';
import { dx, shownRole, withDx } from './state.js';

export const NO_RESULT = 'no result';

const ACTION_NAMES: Record<string, string> = {
  Fighter: 'fighter',
  Espionage: 'espionage',
  'Special Ops': 'special-ops',
  'Aircraft Carrier': 'carrier',
  Battleship: 'battleship',
  Radar: 'radar',
};

/**
 * Resolves one night in the order of rules-defcon.md: carrier blocks, Air Base immunity, Special Ops,
 * Battleship, kills (mafia, then sk), then the information roles, which see the night's final actions.
 * Deaths take effect at the night's end; Doomsday windows open at the next day's start (R-S3).
 */
export function resolveDefconNight(ctx: GameContext, ruleset: Ruleset, at: Instant): GameContext {
  const phase = ctx.phase;
  if (!phase) return ctx;
  const slot = (i: number) => ctx.slots[i];
  const roleOf = (i: number) => slot(i)?.role ?? null;
  const acts = ctx.nightActions.filter((a) => a.phase === phase.name && slot(a.actor)?.alive);
  const roleActs = acts.filter((a) => a.kind !== 'kill');
  const failed = new Set<NightAction>();
  const results: NightResult[] = [];
  const result = (a: NightAction, text: string) =>
    results.push({
      phase: phase.name,
      actor: a.actor,
      action: a.kind === 'kill' ? 'kill' : (ACTION_NAMES[roleOf(a.actor) ?? ''] ?? a.kind),
      target: a.target,
      result: failed.has(a) ? NO_RESULT : text,
    });
  const isAirBase = (i: number | null) => i !== null && roleOf(i) === 'Air Base';

  // 1. Aircraft Carrier: a carrier that is itself the target of a block fails (two blocking each other both fail).
  const carriers = roleActs.filter((a) => roleOf(a.actor) === 'Aircraft Carrier');
  const carrierTargets = new Set(carriers.map((c) => c.target));
  const blocked = new Set<number>();
  for (const c of carriers) {
    // 2. Air Base immunity turns a block away as well.
    if (carrierTargets.has(c.actor) || isAirBase(c.target)) failed.add(c);
    else if (c.target !== null) blocked.add(c.target);
  }
  for (const a of acts) if (blocked.has(a.actor)) failed.add(a);
  // 2. Air Base: immune to every night action but the kill.
  for (const a of roleActs) if (isAirBase(a.target)) failed.add(a);
  for (const c of carriers) result(c, 'blocked');

  // 3. Special Ops: sabotage an ABM silo, or reveal themselves to the target.
  let sabotaged = dx(ctx).sabotaged;
  for (const a of roleActs.filter((x) => roleOf(x.actor) === 'Special Ops')) {
    const t = a.target === null ? undefined : slot(a.target);
    if (failed.has(a) || !t) {
      result(a, NO_RESULT);
      continue;
    }
    if (t.role === 'Missile Silo' && t.mode === 'abm') {
      if (!sabotaged.includes(t.index)) sabotaged = [...sabotaged, t.index];
      result(a, 'sabotaged');
    } else {
      result(a, 'revealed');
      results.push({
        phase: phase.name,
        actor: t.index,
        action: 'special-ops-reveal',
        target: a.actor,
        result: `${nameOf(ctx, a.actor)} (Special Ops)`,
      });
    }
  }

  // 4. Battleship: one protection against one night kill.
  const protections = new Map<number, number>();
  for (const a of roleActs.filter((x) => roleOf(x.actor) === 'Battleship')) {
    if (!failed.has(a) && a.target !== null) protections.set(a.target, (protections.get(a.target) ?? 0) + 1);
    result(a, 'protected');
  }

  // 5. Kills: mafia, then sk. A protected target survives one kill; two kills on one target kill once.
  const killed: number[] = [];
  for (const faction of KILLING_FACTIONS) {
    const kill = acts.find((a) => a.kind === 'kill' && slot(a.actor)?.faction === faction);
    if (!kill || kill.target === null) continue;
    const shield = protections.get(kill.target) ?? 0;
    if (failed.has(kill) || !slot(kill.target)?.alive) {
      result(kill, NO_RESULT);
    } else if (shield > 0) {
      protections.set(kill.target, shield - 1);
      results.push({ phase: phase.name, actor: kill.actor, action: 'kill', target: kill.target, result: NO_RESULT });
    } else {
      if (!killed.includes(kill.target)) killed.push(kill.target);
      result(kill, 'killed');
    }
  }

  // 6. Fighter, Espionage, Radar.
  const seen = roleActs.filter((a) => !blocked.has(a.actor) && !failed.has(a));
  for (const a of roleActs) {
    const role = roleOf(a.actor);
    if (a.target === null) continue;
    if (role === 'Fighter') result(a, shownRole(ctx, a.target) ?? 'unknown');
    else if (role === 'Espionage') result(a, slot(a.target)?.faction === a.extra ? 'yes' : 'no');
    else if (role === 'Radar') {
      const target = a.target;
      const out = seen
        .filter((x) => x.actor === target && x.target !== null)
        .map((x) => nameOf(ctx, x.target as number));
      const into = seen.filter((x) => x.target === target && x.actor !== a.actor).map((x) => nameOf(ctx, x.actor));
      const list = (names: string[]) => (names.length ? [...new Set(names)].join(', ') : 'nobody');
      result(a, `targeted ${list(out)}; targeted by ${list(into)}`);
    }
  }

  // R-R4: the blocked cannot launch on the next day.
  const blockedOn = { ...dx(ctx).blockedOn };
  for (const b of blocked) blockedOn[String(b)] = `D${phase.number + 1}`;
  let next = withDx(
    { ...ctx, nightResults: [...ctx.nightResults, ...results] },
    { sabotaged, blockedOn, announceAt: nextDayStart(ctx, at) },
  );
  for (const victim of killed) next = killSlot(next, ruleset, victim, 'nightkill', at);
  return withDx(next, { announceAt: null });
}
