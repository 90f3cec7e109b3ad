import type { EndReason } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, PhaseRuntime, PhaseSchedule, VoteTarget } from './context.js';
import { killSlot } from './death-rules.js';
import { addFlag } from './flags.js';
import { deadlineDecision } from './house-rules/no-majority.js';
import type { Ruleset } from './ruleset.js';
import { emptyDay, livingCount, noLynchThresholdOf, thresholdOf } from './votes.js';

/** A phase of the schedule starts (the chart has ended the previous one first: its deadline outcome applies). */
export function startPhase(ctx: GameContext, ruleset: Ruleset, index: number, at: Instant): GameContext {
  const sched = ctx.setup.phases[index];
  if (!sched) return ctx;
  let next: GameContext = {
    ...ctx,
    phase: phaseRuntime(sched, at),
    nightActions: sched.kind === 'night' ? [] : ctx.nightActions,
  };
  if (sched.kind === 'day' && next.result.status !== 'over')
    next = { ...next, day: emptyDay(sched.name, next.slots.length) };
  return ruleset.onPhaseStarted(next, at);
}

/** A scheduled phase as it runs from `at`: not ended yet. */
export function phaseRuntime(sched: PhaseSchedule, at: Instant): PhaseRuntime {
  const { index, name, kind, number, deadline } = sched;
  return { index, name, kind, number, startedAt: at, deadline, endedAt: null, endReason: null };
}

/** Ends the current phase if it is still running: a day by its deadline outcome, a night by resolving it. */
export function endPhase(ctx: GameContext, ruleset: Ruleset, at: Instant, reason: EndReason): GameContext {
  const phase = ctx.phase;
  if (!phase || phase.endedAt !== null) return ctx;
  if (phase.kind === 'day') {
    const { choice, flag } = deadlineDecision(ctx);
    return endDay(flag ? addFlag(ctx, flag) : ctx, ruleset, at, reason, choice);
  }
  const ended: GameContext = { ...ctx, phase: { ...phase, endedAt: at, endReason: reason } };
  if (phase.kind === 'night' && ctx.result.status !== 'over') return ruleset.resolveNight(ended, at);
  return ended;
}

/** Ends the day at `at`; `choice` is the player eliminated (or no-lynch / nobody). The count freezes. */
export function endDay(
  ctx: GameContext,
  ruleset: Ruleset,
  at: Instant,
  reason: EndReason,
  choice: VoteTarget | null,
): GameContext {
  if (!ctx.phase) return ctx;
  const frozenDay = ctx.day
    ? {
        ...ctx.day,
        thresholdAtEnd: thresholdOf(ctx),
        noLynchThresholdAtEnd: noLynchThresholdOf(ctx),
        aliveAtEnd: livingCount(ctx.slots),
        endedAt: at,
      }
    : null;
  const ended: GameContext = { ...ctx, day: frozenDay, phase: { ...ctx.phase, endedAt: at, endReason: reason } };
  if (typeof choice === 'number' && ended.result.status !== 'over')
    return killSlot(ended, ruleset, choice, ruleset.lynchCause, at);
  return ended;
}
