import { ModdeskError } from '../domain/errors.js';
import type { Post } from '../domain/post.js';
import { formatInstant, type Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import type { VoteHistoryRow } from './desk.js';

/**
 * Every vote and unvote of `day` in order: the state just before the next day starts (the state keeps one day's
 * history, and it is that day's until then), or now while it runs.
 */
export function voteHistoryOf(
  now: { context: GameContext; at: Instant },
  replayAt: (at: Instant) => GameContext,
  posts: readonly Post[],
  day: string,
): VoteHistoryRow[] {
  const phases = now.context.setup.phases;
  const i = phases.findIndex((p) => p.name === day);
  const phase = phases[i];
  if (phase?.kind !== 'day') throw new ModdeskError('usage', `no day ${JSON.stringify(day)} in the game file`);
  if (phase.start > now.at) return [];
  const nextDay = phases.slice(i + 1).find((p) => p.kind === 'day');
  const at = nextDay ? Math.min(now.at, nextDay.start - 1) : now.at;
  const ctx = at === now.at ? now.context : replayAt(at);
  if (ctx.day?.day !== day) return [];
  const slotName = (s: number) => ctx.slots[s]?.name ?? `#${s}`;
  const urls = new Map<string, string | undefined>();
  for (const p of posts) if (!urls.has(p.id)) urls.set(p.id, p.url);
  return ctx.day.history.map((h) => ({
    day,
    voter: slotName(h.voter),
    target: h.target === null ? null : h.target === 'no-lynch' ? 'No lynch' : slotName(h.target),
    postId: h.postId,
    at: formatInstant(h.at),
    url: h.url ?? urls.get(h.postId) ?? null,
  }));
}
