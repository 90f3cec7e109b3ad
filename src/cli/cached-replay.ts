import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { packageRoot } from '../adapters/common/package-root.js';
import { type DumpFile, openDumpFile } from '../app/dump-bytes.js';
import type { DumpIndexStore, DumpText } from '../app/load-dump.js';
import { parseGameFile } from '../app/load-game-file.js';
import { readTextFile } from '../app/read-text-file.js';
import type { ParsedPost, ParseFn, ParseOptions } from '../domain/action.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import { ALL_LINES, type GameFold, lastPostAt, type SavedFold } from '../machine/fold.js';
import { type CountPostReader, readBodies } from '../machine/house-rules/count-record.js';
import { type CountReading, readCountPost } from '../parser/count-posts.js';
import { mustRead, nothingRead, readActions } from '../parser/extract-actions.js';
import { type Cut, foldOf, type ReplayResult, replay, resumeFold } from '../reporter/replay.js';
import { AnswerMemo } from '../storage/answer-memo.js';
import { cacheDir, type OpenParseCache, openParseCache } from '../storage/cache-dir.js';
import { DumpIndexes } from '../storage/dump-indexes.js';
import { DumpParses } from '../storage/dump-parses.js';
import { DumpStamps } from '../storage/dump-stamps.js';
import { FoldPoints, foldPointsKey, type PointEntry, type StoredPoint } from '../storage/fold-points.js';

/** Where a cut stands: the instant, the last line folded in at it, and how many of the dump's lines it sees. */
interface Position {
  at: Instant;
  line: number;
  lines: number;
}

/** A replay and where it came from: a saved point of the same cut, one before it, or a fold from the start. */
export interface CachedReplay extends ReplayResult {
  from: 'point' | 'resumed' | 'fold';
}

/** One call's replay with the caches (`openReplay`). */
export interface ReplayCall {
  /** What `command` printed at this very cut of this game file and dump prefix, when an earlier call kept it. */
  answer(command: string): string | null;
  replay(): CachedReplay;
  /** Keeps what `command` prints for this replay, for the next call at the same cut (after `replay`). */
  keep(command: string, answer: string): void;
  /** How the count rules read the dump's posts: as an earlier call read the same line, else from the body. */
  countReader: CountPostReader;
  /** Writes what the reader read that no earlier call had (after the reading). */
  keepReadings(): void;
}

/**
 * `replay` for `state` and `count`, with the caches that only ever save work (decisions 0006 and 0013): posts
 * parsed by an earlier call (the parse cache, opened only when a post is parsed), and the fold's point at an
 * earlier call's cut over the same game file and the same first lines of the dump (fold points): the call
 * resumes from the latest point at or before its cut, or answers from the point of the same cut. `env` gives the
 * cache directory (`MODDESK_CACHE_DIR`, `MODDESK_CACHE=off`: `cacheDir`); null folds without caches (`--no-cache`).
 */
export function openReplay(
  game: GameFile,
  dump: DumpText | null,
  cut: Cut,
  env: NodeJS.ProcessEnv | null,
  /** The caller keeps its output (`keep`): a new point is written once, with it, not also before it. */
  keeps = false,
): ReplayCall {
  const posts = dump?.posts ?? [];
  const plain = (parse?: ParseFn): CachedReplay => ({ ...replay(game, posts, cut, parse), from: 'fold' });
  const none: ReplayCall = {
    answer: () => null,
    replay: () => plain(),
    keep: () => {},
    countReader: readBodies,
    keepReadings: () => {},
  };
  if (!env) return none;
  const root = packageRoot();
  const fallback = root ? join(root.dir, 'node_modules', '.cache') : null;
  let parseCache: OpenParseCache | null | undefined;
  const dir = cacheDir(env, fallback);
  // The posts of this very dump that earlier calls parsed, read in one file (decision 0024).
  let dumpParses: DumpParses | null | undefined;
  const keptParses = () => {
    if (dumpParses === undefined) dumpParses = dir && dump?.ends ? new DumpParses(dir, dump.digest) : null;
    return dumpParses;
  };
  const viaCache = (html: string, opts: ParseOptions): ParsedPost => {
    // SQLite answers posts parsed in another dump (a thread fetched again). A dump an earlier call kept parses of
    // was asked of SQLite then, up to that call's cut: a post of it not kept since lies beyond every earlier cut,
    // almost always new to the cache as well. It is parsed without opening SQLite, which costs the call about
    // 25 ms (the scorer's first call of each day); at worst a post is parsed again, never read differently.
    if (parseCache === undefined && keptParses()?.hasKept()) return readActions(html, opts);
    parseCache ??= openParseCache(env, readActions, fallback);
    return (parseCache?.fn ?? readActions)(html, opts);
  };
  // A post with nothing to read is answered before the cache (no hash, no SQLite): most posts, decision 0019.
  const parseBody = (html: string, opts: ParseOptions) => (mustRead(html, opts) ? viaCache(html, opts) : nothingRead());
  // The fold asks by post: one an earlier call parsed is answered by its line, its body never read (decision 0027).
  let lineOf: Map<Post, number> | undefined;
  const lineOfPost = (post: Post) => {
    lineOf ??= new Map(posts.map((p, i) => [p, i] as const));
    return lineOf.get(post);
  };
  // What an earlier call kept for a post's line, else what `read` gives, kept for the next call; undefined for a
  // post with no line in a dump whose parses can be kept.
  const byLine = <T>(
    post: Post,
    known: (kept: DumpParses, line: number) => T | undefined,
    read: () => T,
    keep: (kept: DumpParses, line: number, value: T) => void,
  ): T | undefined => {
    const kept = keptParses();
    const line = kept ? lineOfPost(post) : undefined;
    if (!kept || line === undefined) return undefined;
    const value = known(kept, line);
    if (value !== undefined) return value;
    const fresh = read();
    keep(kept, line, fresh);
    return fresh;
  };
  const parse: ParseFn = Object.assign(parseBody, {
    post: (post: Post, opts: ParseOptions): ParsedPost => {
      const optsKey = `${opts.channel}\0${opts.syntax.join(',')}`;
      return (
        byLine(
          post,
          (kept, line) => kept.get(line, optsKey),
          () => parseBody(post.html, opts),
          (kept, line, parsed) => kept.add(line, optsKey, parsed),
        ) ?? parseBody(post.html, opts)
      );
    },
  });
  // The same for the count rules' reading of a post, which reads the day's every post (decision 0029).
  const keptReading = (post: Post): CountReading | undefined =>
    byLine(
      post,
      (kept, line) => kept.countReading(line),
      () => readCountPost(post.html),
      (kept, line, reading) => kept.addCountReading(line, reading),
    );
  const countReader: CountPostReader = {
    readsAsVoteCount: (post) => keptReading(post)?.count ?? readBodies.readsAsVoteCount(post),
    asksForCount: (post) => {
      const kept = keptReading(post);
      return kept ? kept.request : readBodies.asksForCount(post);
    },
  };
  const keepReadings = () => dumpParses?.save();
  const withParseCache = <T>(f: () => T): T => {
    try {
      return f();
    } finally {
      parseCache?.close();
      parseCache = undefined;
      dumpParses?.save();
    }
  };
  const pos = positionOf(posts, cut);
  if (!dir || !dump?.ends || !pos)
    return { ...none, replay: () => withParseCache(() => plain(parse)), countReader, keepReadings };
  const points = new FoldPoints(dir, foldPointsKey(game));
  const hashOf = dump.prefixHash;
  const found = candidates(points, pos, hashOf);
  const same = (e: PointEntry) => e.at === pos.at && e.lastLine === pos.line && e.lines === pos.lines;
  let sameStored: StoredPoint | null | undefined;
  const sameCut = () => {
    if (sameStored === undefined) {
      const e = found.find(same);
      sameStored = e ? points.read(e) : null;
    }
    return sameStored;
  };
  let kept: StoredPoint | null = null;
  return {
    answer: (command) => sameCut()?.answers[command] ?? null,
    replay: () =>
      withParseCache(() => {
        const seen = posts.slice(0, pos.lines);
        let fold: GameFold | null = null;
        let from: CachedReplay['from'] = 'fold';
        for (const e of found) {
          const stored = same(e) ? sameCut() : points.read(e);
          fold = stored && resumeFold(game, seen, stored.point, parse);
          if (!fold) continue;
          from = same(e) ? 'point' : 'resumed';
          kept = same(e) ? stored : null;
          break;
        }
        fold ??= foldFromStart(game, seen, pos, parse, (point) =>
          points.write({ point, answers: {} }, hashOf(point.lines)),
        );
        const s = from === 'point' ? fold.state() : advance(fold, cut);
        if (!kept) {
          const point = fold.toSaved();
          kept = point && { point, answers: {} };
          if (point && kept && !keeps) points.write(kept, hashOf(point.lines));
        }
        return { context: s.context, at: s.at, machineState: s.machine, from };
      }),
    countReader,
    keepReadings,
    keep: (command, answer) => {
      if (!kept || kept.answers[command] === answer) return;
      kept.answers[command] = answer;
      points.write(kept, hashOf(kept.point.lines));
    },
  };
}

/**
 * A fold from the first post. On the way it saves the point just before the phase the cut is in began: the calls
 * at the phase's other cuts resume from there, not from the first post (the scorer asks for a day's end before its
 * counts, and a day's game file names its earlier days as events, so the posts before the day are most of a fold).
 */
function foldFromStart(
  game: GameFile,
  seen: Post[],
  pos: Position,
  parse: ParseFn,
  save: (point: SavedFold) => void,
): GameFold {
  const phaseStart = game.phases.reduce((t, p) => {
    const start = Date.parse(p.start);
    return start <= pos.at && start > t ? start : t;
  }, Number.NEGATIVE_INFINITY);
  const before = seenBy(seen, phaseStart - 1);
  if (before > 0 && before < seen.length) {
    const early = foldOf(game, seen.slice(0, before), parse);
    early.advanceTo(phaseStart - 1);
    const point = early.toSaved();
    const fold = point && resumeFold(game, seen, point, parse);
    if (point && fold) {
      save(point);
      return fold;
    }
  }
  return foldOf(game, seen, parse);
}

/** The points at or before the cut whose dump lines are this dump's, latest first. */
function candidates(points: FoldPoints, pos: Position, hashOf: (lines: number) => string): PointEntry[] {
  const before = (e: PointEntry) =>
    e.lines <= pos.lines && (e.at < pos.at || (e.at === pos.at && e.lastLine <= pos.line));
  const found = points.entries().filter(before);
  const hashes = new Map<number, string>();
  for (const lines of [...new Set(found.map((e) => e.lines))].sort((a, b) => a - b)) hashes.set(lines, hashOf(lines));
  return found
    .filter((e) => hashes.get(e.lines) === e.prefix)
    .sort((a, b) => b.at - a.at || b.lastLine - a.lastLine || b.lines - a.lines);
}

/** As `replayWith` does it (src/machine/replay.ts). */
function advance(fold: GameFold, cut: Cut) {
  if (cut && 'through' in cut) return fold.advanceThrough(cut.through);
  return fold.advanceTo(cut ? cut.at : fold.lastPostAt());
}

/** The cut's position over time-ordered posts; null when there is nothing to cache (no posts, an unknown id). */
function positionOf(posts: Post[], cut: Cut): Position | null {
  if (cut && 'through' in cut) {
    const line = posts.findIndex((p) => p.id === cut.through);
    if (line < 0) return null;
    const at = Date.parse((posts[line] as Post).createdAt);
    return { at, line, lines: seenBy(posts, at) };
  }
  if (cut) return { at: cut.at, line: ALL_LINES, lines: seenBy(posts, cut.at) };
  const at = lastPostAt(posts);
  return at === null ? null : { at, line: ALL_LINES, lines: posts.length };
}

/** How many of the time-ordered posts were created at or before `at` (replayWith's `seenBy`). */
function seenBy(posts: Post[], at: Instant): number {
  let lo = 0;
  let hi = posts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Date.parse((posts[mid] as Post).createdAt) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The files a replaying command reads, read once, and its output kept by their bytes (`AnswerMemo`). */
export interface MemoCall {
  answer: string | null;
  gameText: string;
  /** The dump, read only as far as the call needs it (its digest from its stamp when an earlier call kept one). */
  dump: DumpFile;
  keep(answer: string): void;
  /** The line indexes of dumps earlier calls read whole (`parseDumpText`). */
  indexes: DumpIndexStore;
  /** `parseGameFile` of `gameText`, as an earlier call of this build parsed the same text. */
  game(file: string): GameFile;
}

/**
 * The output an earlier call of `command` (with its options, e.g. the cut as written) printed for these very game
 * file and dump bytes; null when it cannot be kept: caches off, no dump given, or a dump whose last line has no
 * newline (it may be a torn line, which the reader warns about on stderr).
 */
export function memoFor(
  gameFile: string,
  postsFile: string | undefined,
  command: string,
  env: NodeJS.ProcessEnv | null,
): MemoCall | null {
  if (!env || !postsFile) return null;
  const root = packageRoot();
  const dir = cacheDir(env, root ? join(root.dir, 'node_modules', '.cache') : null);
  if (!dir) return null;
  const gameText = readTextFile(gameFile, 'the game file');
  const stamps = new DumpStamps(dir);
  const dump = openDumpFile(postsFile, (stamp) => stamps.digestOf(postsFile, stamp));
  if (!dump.endsWithNewline) return null;
  if (dump.hashed) stamps.keep(postsFile, dump.stamp, dump.digest);
  const memo = new AnswerMemo(dir, [command, gameText, `dump ${dump.digest}`]);
  return {
    answer: memo.read(),
    gameText,
    dump,
    keep: (answer) => memo.write(answer),
    indexes: new DumpIndexes(dir),
    game: (file) => keptGame(dir, gameText, file),
  };
}

/** Game files kept parsed (train/ has about 300): the least recently used go first. */
const GAME_FILES_KEPT = 1024;

/**
 * A game file parsed by an earlier call, kept by its text and the build in `game-files/` (decision 0019): YAML, zod and the set-up
 * check cost a scorer call about a tenth of its CPU, reading it back about 1 ms. Only a text that parsed is kept,
 * and only a result that reads back equal to itself (plain data).
 */
function keptGame(dir: string, gameText: string, file: string): GameFile {
  const v8 = process.getBuiltinModule('node:v8');
  const memo = new AnswerMemo(dir, ['game-file', gameText], GAME_FILES_KEPT, 'game-files');
  const kept = memo.read();
  if (kept !== null) {
    try {
      return v8.deserialize(Buffer.from(kept, 'base64')) as GameFile;
    } catch {
      // Not ours or torn: parsed again below.
    }
  }
  const game = parseGameFile(gameText, file);
  try {
    const bytes = v8.serialize(game);
    if (isDeepStrictEqual(v8.deserialize(bytes), game)) memo.write(bytes.toString('base64'));
  } catch {
    // Not plain data: parsed by every call.
  }
  return game;
}
