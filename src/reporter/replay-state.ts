import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { StateJson } from '../domain/state.js';
import { withPostFacts } from '../machine/house-rules/post-facts.js';
import type { ParseFn } from '../machine/post-versions.js';
import { toStateJson } from '../machine/to-state-json.js';
import { extractActions } from '../parser/extract-actions.js';
import { type Cut, replay } from './replay.js';

/**
 * What `moddesk state` prints for (game file, posts, cut), and what the desk shows: the replay's state JSON with
 * what only the posts tell (machine/house-rules/post-facts.ts).
 */
export function replayState(game: GameFile, posts: Post[], cut: Cut, parse: ParseFn = extractActions): StateJson {
  const r = replay(game, posts, cut, parse);
  const through = (post: Post) => replay(game, posts, { through: post.id }, parse).context;
  return withPostFacts(toStateJson(r.context, r.at, r.machineState), r.context, posts, through);
}
