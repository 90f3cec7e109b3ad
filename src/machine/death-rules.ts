import type { DeathCause } from '../domain/game-file.js';
import type { Instant } from '../domain/time.js';
import type { GameContext } from './context.js';
import { addFlag } from './flags.js';
import { piecesOf, removeVoteOn } from './house-rules/split-vote.js';
import { replaceSlot } from './roster.js';
import type { Ruleset } from './ruleset.js';
import { setVote } from './votes.js';

/** Whether the current phase is a day that has not ended: votes still move. */
export function isDayOpen(ctx: GameContext): boolean {
  return ctx.phase?.kind === 'day' && ctx.phase.endedAt === null && ctx.day?.day === ctx.phase.name;
}

/** Whether the day in `ctx.day` is over (by threshold, deadline, the mod, or the phase having moved on). */
export function isDayOver(ctx: GameContext): boolean {
  return ctx.day !== null && !isDayOpen(ctx);
}

/**
 * A player dies. During an open day (R-V4) their vote and the votes on them are removed, each of those
 * voters flagged `target-died`; the threshold follows the living count, so the statechart's
 * `hasReachedThreshold` guard re-checks at once.
 */
export function killSlot(
  ctx: GameContext,
  ruleset: Ruleset,
  slot: number,
  cause: DeathCause,
  at: Instant,
): GameContext {
  const victim = ctx.slots[slot];
  if (!victim?.alive) return ctx;
  // A death recorded before the first phase starts is part of the starting position (a game file that picks up
  // mid-game lists earlier deaths as events at its start): the player is dead, but it is no elimination of this game.
  const eliminations = ctx.phase ? [...ctx.eliminations, { slot, at, cause, phase: ctx.phase.name }] : ctx.eliminations;
  let next: GameContext = {
    ...ctx,
    slots: replaceSlot(ctx.slots, slot, { alive: false, diedAt: at, cause }),
    eliminations,
  };
  if (isDayOpen(next) && next.day) {
    let day = setVote(next.day, slot, null);
    for (const s of next.slots) {
      for (const { vote: v } of piecesOf(day, s.index, 0)) {
        if (v.target !== slot) continue;
        day = removeVoteOn(day, s.index, slot);
        next = addFlag(next, {
          postId: v.postId,
          code: 'target-died',
          actor: s.name,
          message: `${s.name}'s vote on ${victim.name} was removed: ${victim.name} died (${cause}).`,
          at,
        });
      }
    }
    next = { ...next, day };
  }
  return ruleset.onDeath(next, slot, cause, at);
}

/** R-W5 and the win rules: the result is `pending` while the ruleset holds it open, `over` when clear. */
export function settleResult(ctx: GameContext, ruleset: Ruleset, at: Instant): GameContext {
  if (ctx.result.status === 'over') return ctx;
  const winner = ruleset.winner(ctx);
  if (!winner) return ctx.result.status === 'ongoing' ? ctx : { ...ctx, result: { ...ctx.result, status: 'ongoing' } };
  if (ruleset.holdsResultOpen(ctx, at)) {
    return ctx.result.status === 'pending'
      ? ctx
      : { ...ctx, result: { status: 'pending', winner: null, at: null, declared: false } };
  }
  return { ...ctx, result: { status: 'over', winner, at, declared: false } };
}
