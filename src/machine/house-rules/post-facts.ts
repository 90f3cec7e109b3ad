import type { Post } from '../../domain/post.js';
import type { StateJson } from '../../domain/state.js';
import { formatInstant, type Instant } from '../../domain/time.js';
import type { Flag, GameContext, VoteTarget } from '../context.js';
import { type ActivityEntry, dayActivity, prodFlags } from './activity.js';
import { changesBetween, countRecord, countRequestsToday, positionsOf } from './count-record.js';

/**
 * The state with what only the posts tell, for `moddesk state` and the dashboard alike: activity and prods
 * (H-AC1/H-AC2), the moderator's last count and the moves since it (H-VC1/H-VC4), the day's vote history (H-VC2), players asking for a count
 * (H-CR1). `ctxThrough` gives the game just after a post (the last count), asked only when changes are shown.
 */
export function withPostFacts(
  state: StateJson,
  ctx: GameContext,
  posts: Post[],
  ctxThrough: (post: Post) => GameContext,
): StateJson {
  const at = Date.parse(state.at);
  const activity = dayActivity(ctx, posts, at);
  const s = { ...state, activity };
  const record = countRecord(ctx, posts, at, ctxThrough);
  const last = record.last?.post ?? null;
  const votes: StateJson['votes'] = {
    ...s.votes,
    lastCount: last && {
      post: last.id,
      at: formatInstant(Date.parse(last.createdAt)),
      ...(last.url ? { url: last.url } : {}),
    },
  };
  const name = (t: VoteTarget) => (t === 'no-lynch' ? 'No lynch' : (ctx.slots[t]?.name ?? `#${t}`));
  if (ctx.setup.options.voteCount.changes && ctx.day) {
    votes.changes = changesBetween(ctx, record.last?.positions ?? {}, positionsOf(ctx)).map((c) => ({
      voter: name(c.voter),
      from: c.from.map(name),
      to: c.to.map(name),
    }));
  }
  if (ctx.setup.options.voteCount.history && ctx.day) {
    votes.history = ctx.day.history.map((h) => ({
      voter: name(h.voter),
      target: h.target === null ? null : name(h.target),
      post: h.postId,
      at: formatInstant(h.at),
    }));
  }
  const flags = postFlags(ctx, posts, at, activity).map((f) => ({ ...f, at: formatInstant(f.at) }));
  return { ...s, votes, flags: [...s.flags, ...flags] };
}

/** The flags only the posts raise: prods due (H-AC2) and players asking for a count (H-CR1). */
export function postFlags(
  ctx: GameContext,
  posts: Post[],
  at: Instant,
  activity: ActivityEntry[] = dayActivity(ctx, posts, at),
): Flag[] {
  const requests = countRequestsToday(ctx, posts, at).map((r) => ({
    postId: r.post.id,
    code: 'count-requested',
    actor: r.post.author,
    message: `${r.post.author} asks for a vote count ("${r.text}")`,
    at: Date.parse(r.post.createdAt),
    ...(r.post.url ? { url: r.post.url } : {}),
  }));
  return [...prodFlags(ctx, activity), ...requests];
}
