import type { MissileKind } from '../../../domain/state.js';
import { HOUR, type Instant } from '../../../domain/time.js';
import type { GameContext, Missile } from '../../context.js';
import { killSlot } from '../../death-rules.js';
import type { Ruleset } from '../../ruleset.js';
import { addTimer, cancelTimers } from '../../timers.js';
import { cycleAt } from './common.js';
import { launchState, type MissileClock, type MissileEvent, statusOf, stepMissile } from './missile-machine.js';
import { dx, withDx } from './state.js';

export interface NewMissile {
  kind: MissileKind;
  launcher: number;
  target: number;
  launchedAt: Instant;
  /** Defaults to launchedAt + flightHours (R-M4); a Failsafe's is its trigger's (R-S2). */
  landsAt?: Instant;
  abortable: boolean;
  announced: boolean;
  targetHidden?: boolean;
  postId: string | null;
}

export const clockOf = (m: Missile): MissileClock => ({
  launchedAt: m.launchedAt,
  abortableUntil: m.abortableUntil,
  markAt: m.markAt,
  landsAt: m.landsAt,
});

/** Launches a missile: its statechart starts, and its 24-hour mark and impact become timers. */
export function createMissile(ctx: GameContext, spec: NewMissile): { ctx: GameContext; missile: Missile } {
  const { abortHours, flightHours } = ctx.setup.options;
  const id = `m${ctx.missiles.length + 1}`;
  const markAt = spec.launchedAt + abortHours * HOUR;
  const missile: Missile = {
    id,
    kind: spec.kind,
    launcher: spec.launcher,
    announced: spec.announced,
    target: spec.target,
    launchedAt: spec.launchedAt,
    abortableUntil: spec.abortable ? markAt : null,
    markAt,
    landsAt: spec.landsAt ?? spec.launchedAt + flightHours * HOUR,
    status: 'in-flight',
    endedAt: null,
    postId: spec.postId,
    targetHidden: spec.targetHidden ?? false,
  };
  let next: GameContext = { ...ctx, missiles: [...ctx.missiles, missile] };
  next = withDx(next, { flight: { ...dx(next).flight, [id]: launchState(clockOf(missile)) } });
  next = addTimer(next, missile.markAt, 'abort-window-closed', id);
  next = addTimer(next, missile.landsAt, 'missile-landed', id);
  return { ctx: next, missile };
}

/** Sends an event to one missile's statechart and writes the outcome back into the context. */
export function advanceMissile(
  ctx: GameContext,
  id: string,
  event: MissileEvent,
): { ctx: GameContext; strike: boolean } {
  const missile = ctx.missiles.find((m) => m.id === id);
  const key = dx(ctx).flight[id];
  if (!missile || key === undefined) return { ctx, strike: false };
  const step = stepMissile(clockOf(missile), key, event);
  if (step.key === key) return { ctx, strike: false };
  const status = statusOf(step.key);
  let next = withDx(ctx, { flight: { ...dx(ctx).flight, [id]: step.key } });
  if (status !== missile.status) {
    const ended: Missile = { ...missile, status, endedAt: event.at };
    // An abort in the thread reveals a Submarine as the launcher (R-S1).
    if (event.type === 'missile.abort') ended.announced = true;
    next = { ...next, missiles: next.missiles.map((m) => (m.id === id ? ended : m)) };
    next = cancelTimers(cancelTimers(next, 'abort-window-closed', id), 'missile-landed', id);
  }
  return { ctx: next, strike: step.strike };
}

/** R-M7: whether the target is an ABM silo that still intercepts in the cycle of `at`. */
function abmIntercepts(ctx: GameContext, missile: Missile, at: Instant): boolean {
  const silo = ctx.slots[missile.target];
  if (!silo?.alive || silo.role !== 'Missile Silo' || silo.mode !== 'abm') return false;
  const state = dx(ctx);
  if (state.sabotaged.includes(silo.index)) return false;
  return state.abmCycle[String(silo.index)] !== cycleAt(ctx, at);
}

/** The 24-hour mark (R-M4, R-M7): the abort window closes, and an ABM may intercept. */
export function missileMark(ctx: GameContext, id: string, at: Instant): GameContext {
  let next = advanceMissile(ctx, id, { type: 'clock.tick', at }).ctx;
  const missile = next.missiles.find((m) => m.id === id);
  if (missile?.status !== 'in-flight' || !abmIntercepts(next, missile, at)) return next;
  next = advanceMissile(next, id, { type: 'missile.intercept', at }).ctx;
  return withDx(next, { abmCycle: { ...dx(next).abmCycle, [String(missile.target)]: cycleAt(next, at) } });
}

/** Impact (R-M6): the target dies, unless already dead; a mid-day death re-opens the vote math (R-V4). */
export function missileImpact(ctx: GameContext, ruleset: Ruleset, id: string, at: Instant): GameContext {
  const { ctx: next, strike } = advanceMissile(ctx, id, { type: 'clock.tick', at });
  const missile = next.missiles.find((m) => m.id === id);
  if (!strike || !missile) return next;
  return killSlot(next, ruleset, missile.target, 'missile', at);
}
