import type { GameFile } from '../domain/game-file.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, ReceivedPost } from './context.js';
import type { GameEvent } from './game-machine.js';
import type { PostRuling } from './post-rules.js';
import { isModerator } from './roster.js';

/**
 * One event of a game's timeline. `group` 0 are the mod's recorded events, 1 the post versions; at one instant
 * the mod's events come before the timers, the posts after them (interfaces §4 "Time"); `order` is file order.
 * Every item has the same fields (one shape): a desk holds one for each post version of each of its games.
 */
export interface TimelineItem {
  at: Instant;
  group: 0 | 1;
  order: number;
  /**
   * What the statechart is sent: the mod's event, or a post version that can change the state. Null for a post
   * that cannot (no action, nothing to flag, no ruling): it skips the chart, so no event or post version is kept
   * for it (most posts are chatter; decision 0020).
   */
  event: GameEvent | null;
  /** A post version's post id; null for the mod's events. */
  postId: string | null;
  firstVersion: boolean;
  /** A thread post (not a PM): its first version moves the vote count's "through post #". */
  thread: boolean;
  /** A post with one version and `editedAt` set (post-versions.ts): it counts as it is, flagged when it acts. */
  unverifiedEdit: boolean;
}

export const byTime = (a: TimelineItem, b: TimelineItem) => a.at - b.at || a.group - b.group || a.order - b.order;

/** The mod's rulings on posts, by post id (interfaces §3 events `{post, ignore}` / `{post, vote}`). */
export function rulingsOf(game: GameFile): Map<string, PostRuling> {
  const rulings = new Map<string, PostRuling>();
  for (const e of game.events) {
    if ('post' in e)
      rulings.set(e.post, { ...rulings.get(e.post), ...('ignore' in e ? { ignore: true } : { vote: e.vote }) });
  }
  return rulings;
}

/** The game file's timed events (replacements, deaths, the mod's phase ends, a declared result). */
export function eventItems(game: GameFile): TimelineItem[] {
  const items: TimelineItem[] = [];
  game.events.forEach((e, order) => {
    if ('post' in e) return;
    const at = Date.parse(e.at);
    const item = (event: GameEvent): TimelineItem => ({
      at,
      group: 0,
      order,
      event,
      postId: null,
      firstVersion: false,
      thread: false,
      unverifiedEdit: false,
    });
    if ('replace' in e)
      items.push(item({ type: 'player.replaced', at, from: e.replace, to: e.by, votes: e.votes ?? null }));
    else if ('resetVotes' in e) items.push(item({ type: 'votes.reset', at }));
    else if ('revive' in e) items.push(item({ type: 'player.revived', at, name: e.revive }));
    else if ('kill' in e) items.push(item({ type: 'player.killed', at, name: e.kill, cause: e.cause }));
    else if ('end' in e) items.push(item({ type: 'phase.ended-by-mod', at, phase: e.end }));
    else items.push(item({ type: 'game.declared', at, winner: e.winner }));
  });
  return items;
}

/** A post version as a timeline item; `order` is its line in the dump. */
export function postItem(
  received: ReceivedPost,
  order: number,
  rulings: Map<string, PostRuling>,
  ctx0: GameContext,
): TimelineItem {
  const ruling = rulings.get(received.post.id) ?? null;
  const quiet = received.actions.length === 0 && received.diagnostics.length === 0 && !ruling?.vote;
  // A moderator's post can be a phase post (options.phasePost), flagged when it is not one.
  const maybePhasePost =
    (ctx0.setup.options.phasePost !== null || received.announcesReset === true || received.zeroTallies !== undefined) &&
    isModerator(ctx0, received.post.author);
  return {
    at: received.at,
    group: 1,
    order,
    event: !quiet || maybePhasePost ? { type: 'post.received', at: received.at, received, ruling } : null,
    postId: received.post.id,
    firstVersion: received.version === 'first',
    thread: received.post.channel === 'thread',
    unverifiedEdit: received.unverifiedEdit,
  };
}
