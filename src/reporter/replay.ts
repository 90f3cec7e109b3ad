import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { GameFold } from '../machine/fold.js';
import type { ParseFn } from '../machine/post-versions.js';
import { type Cut, type ReplayResult, replayWith } from '../machine/replay.js';
import { extractActions } from '../parser/extract-actions.js';
import { rulesetOf } from './rulesets.js';

export type { Cut, ReplayResult };

/** The game folded to the cut under the rules its game file names (machine/replay.ts `replayWith`). */
export function replay(game: GameFile, posts: Post[], cut: Cut = null, parse: ParseFn = extractActions): ReplayResult {
  return replayWith(rulesetOf(game.ruleset).rules, game, posts, cut, parse);
}

/** A fold of the game under the rules its game file names (machine/fold.ts). */
export function foldOf(game: GameFile, posts: Post[] = [], parse: ParseFn = extractActions): GameFold {
  return new GameFold(rulesetOf(game.ruleset).rules, game, posts, parse);
}
