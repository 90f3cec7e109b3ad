import type { DeathCause } from '../../../domain/game-file.js';
import type { Winner } from '../../../domain/state.js';
import { HOUR, type Instant } from '../../../domain/time.js';
import type { GameContext } from '../../context.js';
import { addFlag } from '../../flags.js';
import { addTimer } from '../../timers.js';
import { livingCount, thresholdOf } from '../../votes.js';
import { factionsKnown } from '../base.js';
import { KILLING_FACTIONS } from './night-actions.js';
import { dx, withDx } from './state.js';

/**
 * R-W1..R-W4: town wins when mafia and sk are all dead and a townie lives; mafia likewise (no parity win);
 * the sk when every non-sk is dead, alive or not; and the sk when nobody is alive at all.
 */
export function defconWinner(ctx: GameContext): Winner | null {
  if (!factionsKnown(ctx)) return null;
  const alive = ctx.slots.filter((s) => s.alive);
  if (alive.length === 0) return 'sk';
  const living = (f: string) => alive.some((s) => s.faction === f);
  if (alive.every((s) => s.faction === 'sk')) return 'sk';
  if (!living('mafia') && !living('sk') && living('town')) return 'town';
  if (!living('town') && !living('sk') && living('mafia')) return 'mafia';
  return null;
}

const doomsdayOpen = (ctx: GameContext) => dx(ctx).doomsday.some((w) => !w.used && !w.closed);

/** R-W5: the result waits while a missile flies or a Doomsday window is open (or about to open). */
export function defconHoldsResultOpen(ctx: GameContext): boolean {
  return ctx.missiles.some((m) => m.status === 'in-flight') || doomsdayOpen(ctx);
}

/** R-S3: a Doomsday Mechanism killed by anything but a missile or a modkill gets its window. */
export function defconOnDeath(ctx: GameContext, slot: number, cause: DeathCause, at: Instant): GameContext {
  const s = ctx.slots[slot];
  if (s?.role !== 'Doomsday Mechanism' || cause === 'missile' || cause === 'modkill') return ctx;
  const state = dx(ctx);
  if (state.doomsday.some((w) => w.slot === slot)) return ctx;
  const opensAt = state.announceAt ?? at;
  const closesAt = opensAt + ctx.setup.options.doomsdayHours * HOUR;
  const next = withDx(ctx, { doomsday: [...state.doomsday, { slot, opensAt, closesAt, used: false, closed: false }] });
  return addTimer(next, closesAt, 'doomsday-closed', String(slot));
}

export function closeDoomsday(ctx: GameContext, ref: string): GameContext {
  const slot = Number(ref);
  return withDx(ctx, { doomsday: dx(ctx).doomsday.map((w) => (w.slot === slot ? { ...w, closed: true } : w)) });
}

/**
 * R-W6: the engine cannot prove a stalemate; it raises `stalemate-suspected` once when no living player can
 * kill any more (no night kill, no missile in flight, no launch capability, and the vote cannot reach the
 * threshold). R-W4: a game everyone died in is flagged for the mod.
 */
export function defconReview(ctx: GameContext, at: Instant): GameContext {
  let next = ctx;
  const state = dx(ctx);
  if (
    ctx.result.status === 'over' &&
    ctx.result.winner === 'sk' &&
    !ctx.result.declared &&
    livingCount(ctx.slots) === 0
  ) {
    const hadSk = ctx.slots.some((s) => s.faction === 'sk');
    next = addFlag(next, {
      postId: null,
      code: 'everyone-dead',
      actor: null,
      message: `Nobody is alive at game over: the sk wins (R-W4)${hadSk ? '' : ', although the setup has no sk'}.`,
      at,
    });
  }
  if (ctx.result.status !== 'ongoing' || state.stalemateFlagged || !factionsKnown(ctx)) return next;
  const alive = ctx.slots.filter((s) => s.alive);
  const canNightKill = alive.some((s) => KILLING_FACTIONS.has(s.faction ?? ''));
  const canLaunch = alive.some((s) => (s.role === 'Missile Silo' && s.mode === 'launch') || s.role === 'Submarine');
  const flying = ctx.missiles.some((m) => m.status === 'in-flight') || state.doomsday.some((w) => !w.used && !w.closed);
  const threshold = thresholdOf({ ...ctx, day: null });
  const voteCanEnd =
    ctx.setup.options.deadlineOutcome === 'plurality' || (threshold !== null && threshold <= alive.length);
  if (canNightKill || canLaunch || flying || voteCanEnd || alive.length === 0) return next;
  next = addFlag(next, {
    postId: null,
    code: 'stalemate-suspected',
    actor: null,
    message:
      'No living player can kill any more and the vote cannot reach its threshold: the game may be stuck (R-W6). Declare a result (e.g. winner: none) if so.',
    at,
  });
  return withDx(next, { stalemateFlagged: true });
}
