import type { Instant } from '../domain/time.js';
import { type GameContext, TIMER_ORDER, type Timer, type TimerKind } from './context.js';

const before = (a: Timer, b: Timer) => a.at - b.at || TIMER_ORDER[a.kind] - TIMER_ORDER[b.kind] || a.seq - b.seq;

/** Schedules a timed event (invariant 2: deadlines are data in state; replay fires them at their instants). */
export function addTimer(ctx: GameContext, at: Instant, kind: TimerKind, ref: string): GameContext {
  const seq = ctx.seq + 1;
  const timer: Timer = { at, kind, ref, seq };
  const timers = [...ctx.timers];
  let i = timers.length;
  while (i > 0 && before(timer, timers[i - 1] as Timer) < 0) i -= 1;
  timers.splice(i, 0, timer);
  return { ...ctx, seq, timers };
}

export function removeTimer(ctx: GameContext, seq: number): GameContext {
  const timers = ctx.timers.filter((t) => t.seq !== seq);
  return timers.length === ctx.timers.length ? ctx : { ...ctx, timers };
}

/** Cancels a ruleset timer (an aborted missile's landing). */
export function cancelTimers(ctx: GameContext, kind: TimerKind, ref: string): GameContext {
  const timers = ctx.timers.filter((t) => !(t.kind === kind && t.ref === ref));
  return timers.length === ctx.timers.length ? ctx : { ...ctx, timers };
}

export function nextTimer(ctx: GameContext, limit: Instant): Timer | null {
  const t = ctx.timers[0];
  return t && t.at <= limit ? t : null;
}
