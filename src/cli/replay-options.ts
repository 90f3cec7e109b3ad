import type { Command } from 'commander';
import { loadDumpText, parseDumpText } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { parseInstant } from '../domain/time.js';
import { type CountPostReader, readBodies } from '../machine/house-rules/count-record.js';
import type { Cut, ReplayResult } from '../reporter/replay.js';
import { type MemoCall, memoFor, openReplay } from './cached-replay.js';

export interface ReplayOptions {
  game: string;
  posts?: string;
  at?: string;
  through?: string;
  /** false with --no-cache. */
  cache?: boolean;
}

/** The options every replaying command shares: --game, --posts, --at | --through. */
export function withReplayOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option('--at <iso>', 'show the state at this instant (inclusive)')
    .option('--through <post>', 'show the state just after this post: its id, or its number in the thread (#72)')
    .option('--no-cache', 'parse every post again (the cache: MODDESK_CACHE_DIR, else ~/.cache/moddesk)');
}

export interface LoadedReplay {
  game: GameFile;
  posts: Post[];
  result: ReplayResult;
  /** What the command printed at this cut before (`answerFor`), kept by the fold points; then `result` is folded only when read. */
  answer: string | null;
  /** Keeps what the command prints, for the next call at this cut, and what `countReader` read. */
  keep(answer: string): void;
  /** How the count rules read the posts' bodies: as earlier calls read the same lines, when the caches are on. */
  countReader: CountPostReader;
}

/** `answerFor`: the command (and the options that shape its output) whose earlier output at this cut may be reused. */
export function runReplay(opts: ReplayOptions, answerFor?: string): LoadedReplay {
  if (opts.at && opts.through) throw new ModdeskError('usage', '--at and --through cannot be used together');
  const env = opts.cache === false ? null : process.env;
  // The command's output for these very bytes, kept by an earlier call: nothing is parsed (decision 0013).
  const cutArg = opts.at ? `--at ${opts.at}` : opts.through ? `--through ${opts.through}` : '';
  const memo = answerFor ? memoFor(opts.game, opts.posts, `${answerFor} ${cutArg}`, env) : null;
  if (memo?.answer != null) {
    const answer = memo.answer;
    let loaded: LoadedReplay | undefined;
    const load = () => {
      loaded ??= replayed(opts, env, memo, undefined);
      return loaded;
    };
    return {
      answer,
      keep: () => {},
      countReader: readBodies,
      get game() {
        return load().game;
      },
      get posts() {
        return load().posts;
      },
      get result() {
        return load().result;
      },
    };
  }
  return replayed(opts, env, memo, answerFor);
}

function replayed(
  opts: ReplayOptions,
  env: NodeJS.ProcessEnv | null,
  memo: MemoCall | null,
  answerFor: string | undefined,
): LoadedReplay {
  const game = memo ? memo.game(opts.game) : loadGameFile(opts.game);
  const postsFile = opts.posts ?? dumpOf(game, opts.game);
  const dump = postsFile
    ? memo
      ? parseDumpText(memo.dump, postsFile, undefined, memo.indexes)
      : loadDumpText(postsFile)
    : null;
  const posts = dump?.posts ?? [];
  let cut: Cut = null;
  if (opts.at) {
    const at = parseInstant(opts.at);
    if (at === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `--at: expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(opts.at)}`,
      );
    cut = { at };
  } else if (opts.through) cut = { through: throughPost(posts, opts.through) };
  // Parsed posts and fold points are kept between calls (a result never depends on them): the scorer and a mod's
  // scripts call `state` thousands of times over the same dump.
  const call = openReplay(game, dump, cut, env, answerFor !== undefined);
  const keep = (answer: string) => {
    call.keepReadings();
    if (!answerFor) return;
    call.keep(answerFor, answer);
    memo?.keep(answer);
  };
  const answer = answerFor ? call.answer(answerFor) : null;
  if (answer !== null) memo?.keep(answer);
  if (answer !== null)
    return {
      game,
      posts,
      answer,
      keep: () => {},
      countReader: readBodies,
      get result() {
        return call.replay();
      },
    };
  try {
    return { game, posts, result: call.replay(), answer, keep, countReader: call.countReader };
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
