import type { VoteHistoryRow } from '../app/desk.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { formatInstant, type Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { replay } from '../machine/replay.js';
import { postInfo } from './offline-drafts.js';

/**
 * Every vote and unvote of `day` in order: the replay just before the next day starts (the state keeps one
 * day's history, and it is that day's until then), or now while it runs.
 */
export function voteHistoryOf(
  game: GameFile,
  posts: Post[],
  now: { context: GameContext; at: Instant },
  day: string,
): VoteHistoryRow[] {
  const phases = now.context.setup.phases;
  const i = phases.findIndex((p) => p.name === day);
  const phase = phases[i];
  if (phase?.kind !== 'day') throw new ModdeskError('usage', `no day ${JSON.stringify(day)} in the game file`);
  if (phase.start > now.at) return [];
  const nextDay = phases.slice(i + 1).find((p) => p.kind === 'day');
  const at = nextDay ? Math.min(now.at, nextDay.start - 1) : now.at;
  const ctx = at === now.at ? now.context : replay(game, posts, { at }).context;
  if (ctx.day?.day !== day) return [];
  const slotName = (s: number) => ctx.slots[s]?.name ?? `#${s}`;
  const urls = postInfo(posts);
  return ctx.day.history.map((h) => ({
    day,
    voter: slotName(h.voter),
    target: h.target === null ? null : h.target === 'no-lynch' ? 'No lynch' : slotName(h.target),
    postId: h.postId,
    at: formatInstant(h.at),
    url: h.url ?? urls.get(h.postId)?.url ?? null,
  }));
}
