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

/** The post versions that can matter before the cut: later ones are never parsed (the scorer replays thousands of cuts). */
function seenBy(posts: Post[], cut: Cut): Post[] {
  if (!cut) return posts;
  let limit: Instant;
  if ('at' in cut) limit = cut.at;
  else {
    const target = posts.find((p) => p.id === cut.through);
    if (!target) return posts; // advanceThrough reports the unknown id
    limit = Date.parse(target.createdAt);
  }
  return posts.filter((p) => Date.parse(p.createdAt) <= limit);
}
