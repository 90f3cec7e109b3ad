import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { StateJson } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { GameFold } from '../machine/fold.js';
import { initialContext } from '../machine/initial-context.js';
import { type NightPick, resolveNightWith } from '../machine/night-preview.js';
import type { ParseFn } from '../machine/post-versions.js';
import { type Cut, type ReplayResult, replayCutsWith, replayWith } from '../machine/replay.js';
import { toStateJson } from '../machine/to-state-json.js';
import { extractActions } from '../parser/extract-actions.js';
import { rulesetOf } from './rulesets.js';

export type { Cut, ReplayResult };

/**
 * The game file's set-up checked as every replay checks it before its first event (phase order, duplicate names,
 * events naming players, the ruleset's own lists): a `game-invalid` error with the key path, or nothing.
 */
export function checkSetup(game: GameFile): void {
  initialContext(game, rulesetOf(game.ruleset).rules);
}

/** The game folded to the cut under the rules its game file names (machine/replay.ts `replayWith`). */
export function replay(game: GameFile, posts: Post[], cut: Cut = null, parse: ParseFn = extractActions): ReplayResult {
  return replayWith(rulesetOf(game.ruleset).rules, game, posts, cut, parse);
}

/** `replay` at several cuts of one thread, from one fold (machine/replay.ts `replayCutsWith`), in the order given. */
export function replayCuts(
  game: GameFile,
  posts: Post[],
  cuts: Cut[],
  parse: ParseFn = extractActions,
): ReplayResult[] {
  return replayCutsWith(rulesetOf(game.ruleset).rules, game, posts, cuts, parse);
}

/** A fold of the game under the rules its game file names (machine/fold.ts). */
export function foldOf(game: GameFile, posts: Post[] = [], parse: ParseFn = extractActions): GameFold {
  return new GameFold(rulesetOf(game.ruleset).rules, game, posts, parse);
}

/**
 * The state after the night running in `ctx`, resolved at `at` from `picks` in place of tonight's PMs, under the
 * game's rules (machine/night-preview.ts): the guided console's Dawn Report and signals, in the desk and `script`.
 */
export function nightPreview(ctx: GameContext, picks: NightPick[], at: Instant): StateJson {
  return toStateJson(resolveNightWith(rulesetOf(ctx.setup.ruleset).rules, ctx, picks, at), at);
}
