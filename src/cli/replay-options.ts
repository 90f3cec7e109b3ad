import type { Command } from 'commander';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { parseInstant } from '../domain/time.js';
import { type Cut, type ReplayResult, replay } from '../machine/replay.js';

export interface ReplayOptions {
  game: string;
  posts?: string;
  at?: string;
  through?: string;
}

/** The options every replaying command shares: --game, --posts, --at | --through. */
export function withReplayOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option('--at <iso>', 'show the state at this instant (inclusive)')
    .option('--through <postId>', 'show the state just after this post');
}

export interface LoadedReplay {
  game: GameFile;
  posts: Post[];
  result: ReplayResult;
}

export function runReplay(opts: ReplayOptions): LoadedReplay {
  if (opts.at && opts.through) throw new ModdeskError('usage', '--at and --through cannot be used together');
  const game = loadGameFile(opts.game);
  const postsFile = opts.posts ?? dumpOf(game, opts.game);
  const posts = postsFile ? loadDump(postsFile) : [];
  let cut: Cut = null;
  if (opts.at) {
    const at = parseInstant(opts.at);
    if (at === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `--at: expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(opts.at)}`,
      );
    cut = { at };
  } else if (opts.through) cut = { through: opts.through };
  try {
    return { game, posts, result: replay(game, posts, cut) };
  } catch (err) {
    if (err instanceof ModdeskError && err.code === 'game-invalid' && !err.file) {
      throw new ModdeskError(err.code, err.message, { file: opts.game, place: err.place, cause: err });
    }
    throw err;
  }
}

function dumpOf(game: GameFile, gameFile: string): string | null {
  if (game.thread?.platform !== 'file') return null;
  const dir = gameFile.replace(/[^/\\]*$/, '');
  return game.thread.url.startsWith('/') ? game.thread.url : `${dir}${game.thread.url}`;
}
