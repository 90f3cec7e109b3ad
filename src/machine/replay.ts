import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import { extractActions } from '../parser/extract-actions.js';
import type { GameContext } from './context.js';
import { GameFold } from './fold.js';
import type { ParseFn } from './post-versions.js';
import type { Ruleset } from './ruleset.js';

/** Where a replay stops: an instant (inclusive), or a post (inclusive; timed events up to its `createdAt`). */
export type Cut = { at: Instant } | { through: string } | null;

export interface ReplayResult {
  context: GameContext;
  /** The instant the state is shown at. */
  at: Instant;
  /** The statechart's state, e.g. `day.ended` or `night.open`. */
  machineState: string;
}

/**
 * State is a pure function of (game file, posts, instant): the game folded from its start to the cut
 * (`GameFold`) under the game's rules. A caller that moves forward in time keeps a `GameFold` instead of replaying
 * again; upper layers call `replay` (src/reporter/replay.ts), which finds the rules by the game file's name.
 */
export function replayWith(
  rules: Ruleset,
  game: GameFile,
  posts: Post[],
  cut: Cut = null,
  parse: ParseFn = extractActions,
): ReplayResult {
  const fold = new GameFold(rules, game, seenBy(posts, cut), parse);
  const s =
    cut && 'through' in cut ? fold.advanceThrough(cut.through) : fold.advanceTo(cut ? cut.at : fold.lastPostAt());
  return { context: s.context, at: s.at, machineState: s.machine };
}

/**
 * `replayWith` at several cuts of one thread: one fold, advanced forward cut by cut in time order, each result
 * equal to `replayWith` at that cut alone, in the order the cuts were given (interfaces §4, several cuts in one call).
 */
export function replayCutsWith(
  rules: Ruleset,
  game: GameFile,
  posts: Post[],
  cuts: Cut[],
  parse: ParseFn = extractActions,
): ReplayResult[] {
  const fold = new GameFold(rules, game, seenBy(posts, latest(posts, cuts)), parse);
  const line = new Map<string, number>();
  posts.forEach((p, i) => {
    if (!line.has(p.id)) line.set(p.id, i);
  });
  // Where each cut stands: its instant, then a post's line (a cut at an instant comes after every post at it).
  const where = cuts.map((cut) => {
    if (cut && 'through' in cut) {
      const i = line.get(cut.through);
      // An unknown post first: advanceThrough reports it, as a call with that cut alone does.
      return i === undefined ? [Number.NEGATIVE_INFINITY, 0] : [Date.parse((posts[i] as Post).createdAt), i];
    }
    return [cut ? cut.at : fold.lastPostAt(), Number.POSITIVE_INFINITY];
  });
  const order = cuts.map((_, i) => i).sort((a, b) => where[a]![0]! - where[b]![0]! || where[a]![1]! - where[b]![1]!);
  const results: ReplayResult[] = [];
  for (const i of order) {
    const cut = cuts[i] as Cut;
    const s = cut && 'through' in cut ? fold.advanceThrough(cut.through) : fold.advanceTo(where[i]![0]!);
    results[i] = { context: s.context, at: s.at, machineState: s.machine };
  }
  return results;
}

/** The cut that sees the most posts (null, the whole dump, when any cut is null or there is none). */
function latest(posts: Post[], cuts: Cut[]): Cut {
  let last: Cut = cuts[0] ?? null;
  let limit = Number.NEGATIVE_INFINITY;
  for (const cut of cuts) {
    const t = cutLimit(posts, cut);
    if (t === null) return null;
    if (t > limit) [last, limit] = [cut, t];
  }
  return last;
}

/** The post versions that can matter before the cut: later ones are never parsed (the scorer replays thousands of cuts). */
function seenBy(posts: Post[], cut: Cut): Post[] {
  const limit = cutLimit(posts, cut);
  return limit === null ? posts : posts.filter((p) => Date.parse(p.createdAt) <= limit);
}

/** The last instant whose posts a cut can see; null for every post (no cut, an unknown id: advanceThrough reports it). */
function cutLimit(posts: Post[], cut: Cut): Instant | null {
  if (!cut) return null;
  if ('at' in cut) return cut.at;
  const target = posts.find((p) => p.id === cut.through);
  return target ? Date.parse(target.createdAt) : null;
}
