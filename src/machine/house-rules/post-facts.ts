import type { Post } from '../../domain/post.js';
import type { StateJson } from '../../domain/state.js';
import { formatInstant } from '../../domain/time.js';
import type { GameContext, VoteTarget } from '../context.js';
import { withActivity } from './activity.js';
import { changesBetween, countRecord, countRequestsToday, positionsOf } from './count-record.js';

/**
 * The state with what only the posts tell, for `moddesk state` and the dashboard alike: activity and prods
 * (H-AC1/H-AC2), the moderator's last count and the moves since it (H-VC1/H-VC4), players asking for a count
 * (H-CR1). `ctxThrough` gives the game just after a post (the last count), asked only when changes are shown.
 */
export function withPostFacts(
  state: StateJson,
  ctx: GameContext,
  posts: Post[],
  ctxThrough: (post: Post) => GameContext,
): StateJson {
  const at = Date.parse(state.at);
  const s = withActivity(state, ctx, posts);
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
  if (ctx.setup.options.voteCount.changes && ctx.day) {
    const name = (t: VoteTarget) => (t === 'no-lynch' ? 'No lynch' : (ctx.slots[t]?.name ?? `#${t}`));
    votes.changes = changesBetween(ctx, record.last?.positions ?? {}, positionsOf(ctx)).map((c) => ({
      voter: name(c.voter),
      from: c.from.map(name),
      to: c.to.map(name),
    }));
  }
  const requests = countRequestsToday(ctx, posts, at).map((r) => ({
    postId: r.post.id,
    code: 'count-requested',
    actor: r.post.author,
    message: `${r.post.author} asks for a vote count ("${r.text}")`,
    at: formatInstant(Date.parse(r.post.createdAt)),
    ...(r.post.url ? { url: r.post.url } : {}),
  }));
  return { ...s, votes, flags: [...s.flags, ...requests] };
}
