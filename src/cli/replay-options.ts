import type { Command } from 'commander';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { parseInstant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { type Cut, type ReplayResult, replay, replayCuts } from '../reporter/replay.js';

/** A cut as written on the command line, in the order given. */
export type CutOption = { at: string } | { through: string };

export interface ReplayOptions {
  game: string;
  posts?: string;
  /** Every `--at` and `--through`, in the order given (both options hold the same list). */
  at?: CutOption[];
  through?: CutOption[];
}

/** The options every replaying command shares: --game, --posts, and --at | --through, each repeatable. */
export function withReplayOptions(cmd: Command): Command {
  const cuts: CutOption[] = [];
  const add = (cut: (value: string) => CutOption) => (value: string) => {
    cuts.push(cut(value));
    return cuts;
  };
  return cmd
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option(
      '--at <iso>',
      'show the state at this instant (inclusive); repeat for several cuts',
      add((at) => ({ at })),
    )
    .option(
      '--through <post>',
      'show the state just after this post: its id, or its number in the thread (#72); repeat for several cuts',
      add((through) => ({ through })),
    );
}

export interface LoadedReplay {
  game: GameFile;
  posts: Post[];
  /** The game at each cut, in the order given (one result, at the dump's last post, without a cut). */
  results: ReplayResult[];
  /** The game just after `post`, replayed once per post asked (the last count's positions). */
  through(post: Post): GameContext;
}

/** The game file and dump read, and the game replayed once for all the cuts (interfaces §4, several cuts in one call). */
export function runReplay(opts: ReplayOptions): LoadedReplay {
  const game = loadGameFile(opts.game);
  const postsFile = opts.posts ?? dumpOf(game, opts.game);
  const posts = postsFile ? loadDump(postsFile) : [];
  const cuts = (opts.at ?? opts.through ?? []).map((c): Cut => {
    if ('through' in c) return { through: throughPost(posts, c.through) };
    const at = parseInstant(c.at);
    if (at === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `--at: expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(c.at)}`,
      );
    return { at };
  });
  const known = new Map<string, GameContext>();
  const through = (post: Post) =>
    known.get(post.id) ?? known.set(post.id, replay(game, posts, { through: post.id }).context).get(post.id)!;
  try {
    return { game, posts, results: replayCuts(game, posts, cuts.length ? cuts : [null]), through };
  } catch (err) {
    if (err instanceof ModdeskError && err.code === 'game-invalid' && !err.file) {
      throw new ModdeskError(err.code, err.message, { file: opts.game, place: err.place, cause: err });
    }
    throw err;
  }
}

/** `--through` takes a post id or the post's number in the thread (`72`, `#72`); an id that exists wins. */
export function throughPost(posts: Post[], through: string): string {
  if (posts.some((p) => p.id === through)) return through;
  const m = /^#?(\d+)$/.exec(through.trim());
  const byNumber = m ? posts.find((p) => typeof p.number === 'number' && p.number === Number(m[1])) : undefined;
  if (byNumber) return byNumber.id;
  throw new ModdeskError(
    'post-unknown',
    `--through ${JSON.stringify(through)}: no post with that id or number in the dump (ids like ${JSON.stringify(posts[0]?.id ?? 'p1')}${posts.some((p) => typeof p.number === 'number') ? `, numbers like #${posts.find((p) => typeof p.number === 'number')!.number}` : ''})`,
  );
}

function dumpOf(game: GameFile, gameFile: string): string | null {
  if (game.thread?.platform !== 'file') return null;
  const dir = gameFile.replace(/(?<![^/\\])[^/\\]*$/, ''); // tried only where a name starts;
  return game.thread.url.startsWith('/') ? game.thread.url : `${dir}${game.thread.url}`;
}
