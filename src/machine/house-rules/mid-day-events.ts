import type { Instant } from '../../domain/time.js';
import type { DayVotes, GameContext, ReceivedPost } from '../context.js';
import { isDayOpen } from '../death-rules.js';
import { addFlag, postFlag } from '../flags.js';
import { replaceSlot } from '../roster.js';
import { setVote } from '../votes.js';

const note = (ctx: GameContext, code: string, actor: string | null, message: string, at: Instant) =>
  addFlag(ctx, { postId: null, code, actor, message, at });

function clearVotes(day: DayVotes): { day: DayVotes; cleared: number } {
  const cleared = day.votes.filter((v) => v !== null).length;
  return { day: { ...day, votes: day.votes.map(() => null), split: {} }, cleared };
}

/** H-EV2: the mod resets every vote ("all votes are reset after the day-kill"); a later vote counts anew. */
export function resetVotes(ctx: GameContext, at: Instant): GameContext {
  if (!ctx.day || !isDayOpen(ctx)) {
    return note(ctx, 'event-phase-mismatch', null, 'The game file resets the votes, but no day is open.', at);
  }
  const { day, cleared } = clearVotes(ctx.day);
  return note({ ...ctx, day }, 'votes-reset', null, `The mod reset all votes (${cleared} cleared).`, at);
}

/**
 * P4: the moderator's own post says the votes are reset now ("vote count is reset"): the same reset as H-EV2,
 * flagged `votes-reset-by-post` so the mod sees that moddesk read it from the post (an `ignore` ruling on the
 * post undoes it). Outside an open day it means nothing and is not flagged.
 */
export function resetByModPost(ctx: GameContext, rp: ReceivedPost): GameContext {
  if (rp.version !== 'first' || rp.post.channel !== 'thread' || !ctx.day || !isDayOpen(ctx)) return ctx;
  if (!rp.announcesReset) return resetByEmptyCount(ctx, rp);
  const { day, cleared } = clearVotes(ctx.day);
  return addFlag(
    { ...ctx, day },
    postFlag(
      rp.post,
      rp.at,
      'votes-reset-by-post',
      `The mod's post says the votes are reset; ${cleared} cleared. Rule the post \`ignore\` if it does not reset them.`,
      rp.post.author,
    ),
  );
}

/**
 * P7: the moderator's own count lists every living player (or more) at 0 while votes stand: the votes were voided
 * (a reset, a day-kill's restart, votes cast before the day began). The same reset, flagged
 * `votes-reset-by-count`; an `ignore` ruling on the post undoes it. A count with votes has fewer lines at 0.
 */
function resetByEmptyCount(ctx: GameContext, rp: ReceivedPost): GameContext {
  const living = ctx.slots.filter((s) => s.alive).length;
  if (!ctx.day || (rp.zeroTallies ?? 0) < living) return ctx;
  const { day, cleared } = clearVotes(ctx.day);
  if (cleared === 0) return ctx;
  const message = `The mod's count lists all ${living} living players at 0 while ${cleared} votes stood: cleared. Rule the post \`ignore\` if the count missed them.`;
  return addFlag({ ...ctx, day }, postFlag(rp.post, rp.at, 'votes-reset-by-count', message, rp.post.author));
}

/** H-EV3: a dead player comes back. Their vote was removed at death; the day's threshold follows the living. */
export function revive(ctx: GameContext, slot: number, at: Instant): GameContext {
  const s = ctx.slots[slot];
  if (!s) return ctx;
  if (s.alive) return note(ctx, 'revive-alive', s.name, `The game file revives ${s.name}, who is alive.`, at);
  const slots = replaceSlot(ctx.slots, slot, { alive: true, diedAt: null, cause: null });
  return note({ ...ctx, slots }, 'player-revived', s.name, `${s.name} was revived by the mod.`, at);
}

/** H-EV5: the votes on a replaced player are cleared (`options.votesOnReplaced: reset`); the voters vote anew. */
export function resetVotesOnReplaced(ctx: GameContext, slot: number, at: Instant): GameContext {
  if (!ctx.day || !isDayOpen(ctx)) return ctx;
  const voters = ctx.day.votes.flatMap((v, i) => (v?.target === slot ? [i] : []));
  if (voters.length === 0) return ctx;
  const day = voters.reduce((d, i) => setVote(d, i, null), ctx.day);
  const name = ctx.slots[slot]?.name ?? `#${slot}`;
  const message = `${name} replaced in; the ${voters.length} votes on the slot were reset.`;
  return note({ ...ctx, day }, 'replacement-vote-reset', name, message, at);
}

/** H-EV4: a replacement whose vote resets (by the event's `votes`, else `options.replacementVotes`). */
export function resetReplacedVote(ctx: GameContext, slot: number, at: Instant): GameContext {
  const vote = ctx.day?.votes[slot] ?? null;
  if (!ctx.day || vote === null || !isDayOpen(ctx)) return ctx;
  const name = ctx.slots[slot]?.name ?? `#${slot}`;
  const day = setVote(ctx.day, slot, null);
  return note({ ...ctx, day }, 'replacement-vote-reset', name, `${name} replaced in; the slot's vote was reset.`, at);
}
