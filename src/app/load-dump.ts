import { type DumpWarning, readDumpLines } from '../domain/dump.js';
import { type DumpIndex, indexOf, LINE_HASH_BYTES, postsFromIndex } from '../domain/dump-index.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import { type DumpBytes, dumpBytes } from './dump-bytes.js';
import { readFileBytes } from './read-text-file.js';

export type { DumpWarning };

const toStderr =
  (file: string): DumpWarning =>
  (message, place) =>
    process.stderr.write(`moddesk: warning: ${file}: ${place}: ${message}\n`);

/**
 * Reads a thread dump (interfaces §1). A bad line is an error naming the file and line; nothing is skipped
 * silently. The one exception is a torn last line (a write cut off mid-append): it is reported through `warn`
 * and skipped, and the next `moddesk fetch` rewrites it.
 */
export function loadDump(file: string, warn: DumpWarning = toStderr(file)): Post[] {
  return parseDump(readFileBytes(file, 'the thread dump'), file, warn);
}

/** A dump read: its posts, and what the one-shot caches key by. */
export interface DumpText {
  posts: Post[];
  /** Where each post's line ends in the bytes, when the posts are in the file's order; else null. */
  ends: number[] | null;
  /** A SHA-256 of the dump's bytes (hex). */
  readonly digest: string;
  /**
   * A hash of the first `lines` posts' lines (when `ends` is given): the fold points' key, so a point folded over a
   * dump's first lines serves a longer dump that starts with them (decision 0013). It hashes the lines' hashes,
   * which an index keeps, so a call that reads the dump from its index works it out without reading the dump.
   */
  prefixHash(lines: number): string;
}

/** Where the line indexes of dumps are kept between calls (storage/dump-indexes.ts). */
export interface DumpIndexStore {
  /** The index kept for a dump of `size` bytes whose SHA-256 is `digest`. */
  read(size: number, digest: string): DumpIndex | null;
  write(digest: string, index: DumpIndex): void;
}

/** `loadDump`, for the one-shot caches: the posts with the dump's digest and its lines' hashes. */
export function loadDumpText(file: string, warn: DumpWarning = toStderr(file)): DumpText {
  return parseDumpText(dumpBytes(readFileBytes(file, 'the thread dump')), file, warn);
}

/**
 * `loadDumpText` of a dump opened (text is for tests and small inputs). With `store`, a dump whose lines are all
 * whole and in time order is read from the index an earlier call kept of the same bytes, each post only when it
 * is used (decision 0027); read whole, its index is kept.
 */
export function parseDumpText(
  source: DumpBytes | string,
  file: string,
  warn: DumpWarning = toStderr(file),
  store: DumpIndexStore | null = null,
): DumpText {
  const read = typeof source === 'string' ? dumpBytes(Buffer.from(source, 'utf8')) : source;
  const indexed = store !== null && read.endsWithNewline;
  const kept = indexed ? store.read(read.size, read.digest) : null;
  if (kept) {
    const hashes = Buffer.from(kept.lineHashes, 'base64');
    return dumpText(read, postsFromIndex(read, kept, file), kept.ends, (n) => hashes.subarray(0, n * LINE_HASH_BYTES));
  }
  const lines = readDumpLines(read.bytes, file, { warn });
  const posts = inTimeOrder(lines.posts, lines.times);
  const inOrder = posts === lines.posts;
  const hashes = lineHashes(read.bytes, lines.starts, lines.ends);
  if (indexed && inOrder) store.write(read.digest, indexOf(lines, hashes(lines.starts.length)));
  return dumpText(read, posts, inOrder ? lines.ends : null, hashes);
}

/** `hashes(n)`: the first `n` lines' hashes, end to end. */
function dumpText(read: DumpBytes, posts: Post[], ends: number[] | null, hashes: (n: number) => Buffer): DumpText {
  return {
    posts,
    ends,
    get digest() {
      return read.digest;
    },
    prefixHash: (lines) => sha256().update(hashes(lines)).digest('hex').slice(0, 32),
  };
}

const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/**
 * Each line's hash (`LINE_HASH_BYTES`, the first of its SHA-256), end to end, worked out as far as asked: a call
 * that keeps no index hashes only the lines before its fold points.
 */
function lineHashes(bytes: Buffer, starts: number[], ends: number[]): (n: number) => Buffer {
  const out = Buffer.allocUnsafe(starts.length * LINE_HASH_BYTES);
  let done = 0;
  return (asked) => {
    const n = Math.min(asked, starts.length);
    for (; done < n; done++) {
      const digest = sha256().update(bytes.subarray(starts[done], ends[done])).digest();
      digest.copy(out, done * LINE_HASH_BYTES, 0, LINE_HASH_BYTES);
    }
    return out.subarray(0, n * LINE_HASH_BYTES);
  };
}

/** `readDumpLines` in time order. */
export function parseDump(source: Buffer | string, file: string, warn: DumpWarning = toStderr(file)): Post[] {
  const { posts, times } = readDumpLines(source, file, { warn });
  return inTimeOrder(posts, times);
}

function inTimeOrder(posts: Post[], times: Instant[]): Post[] {
  let sorted = true;
  for (let i = 1; i < times.length && sorted; i++) sorted = (times[i] as Instant) >= (times[i - 1] as Instant);
  if (sorted) return posts;
  // Dumps are sorted by createdAt, then id (interfaces §1). Re-sort by time only, stably: equal instants keep
  // the file's order, which is the platform's order (ids are not always comparable as text).
  return posts
    .map((p, i) => ({ p, i, t: times[i] as Instant }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.p);
}
