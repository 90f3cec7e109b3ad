import { type DumpWarning, endsWithNewline, readDumpLines } from '../domain/dump.js';
import { type DumpIndex, indexOf, postsFromIndex } from '../domain/dump-index.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
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
  return parseDump(readDumpBytes(file).bytes, file, warn);
}

/** A dump file's bytes, and a SHA-256 of them (hex), worked out once when first asked for. */
export interface DumpBytes {
  bytes: Buffer;
  readonly digest: string;
}

/** A dump read with its bytes: `ends` (where each post's line ends in them) when the posts are in the file's order. */
export interface DumpText extends DumpBytes {
  posts: Post[];
  ends: number[] | null;
}

/** Where the line indexes of dumps are kept between calls (storage/dump-indexes.ts). */
export interface DumpIndexStore {
  read(bytes: Buffer, digest: string): DumpIndex | null;
  write(digest: string, index: DumpIndex): void;
}

/** The bytes of a dump file; a failure is a ModdeskError naming the file. */
export function readDumpBytes(file: string): DumpBytes {
  return dumpBytes(readFileBytes(file, 'the thread dump'));
}

/**
 * Bytes as a dump, hashed when first asked: the one-shot caches key by the hash (kept outputs, parsed posts), a
 * call with the caches off never needs it. Hashing the bytes costs half of hashing the same text as a string.
 */
export function dumpBytes(bytes: Buffer): DumpBytes {
  let digest: string | undefined;
  return {
    bytes,
    get digest() {
      digest ??= process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');
      return digest;
    },
  };
}

/** `loadDump`, keeping the bytes: the fold points of one-shot calls are keyed by a hash of a prefix of them. */
export function loadDumpText(file: string, warn: DumpWarning = toStderr(file)): DumpText {
  return parseDumpText(readDumpBytes(file), file, warn);
}

/**
 * `loadDumpText` of a dump already read (text is for tests and small inputs). With `store`, a dump whose lines are
 * all whole and in time order is read from the index an earlier call kept of the same bytes, each post only when
 * it is used (decision 0027); read whole, its index is kept.
 */
export function parseDumpText(
  source: DumpBytes | string,
  file: string,
  warn: DumpWarning = toStderr(file),
  store: DumpIndexStore | null = null,
): DumpText {
  const read = typeof source === 'string' ? dumpBytes(Buffer.from(source, 'utf8')) : source;
  const indexed = store !== null && endsWithNewline(read.bytes);
  const kept = indexed ? store.read(read.bytes, read.digest) : null;
  if (kept) {
    return withBytes(read, postsFromIndex(read.bytes, kept, file), kept.ends);
  }
  const lines = readDumpLines(read.bytes, file, { warn });
  const posts = inTimeOrder(lines.posts, lines.times);
  const inOrder = posts === lines.posts;
  if (indexed && inOrder) store.write(read.digest, indexOf(lines));
  return withBytes(read, posts, inOrder ? lines.ends : null);
}

function withBytes(read: DumpBytes, posts: Post[], ends: number[] | null): DumpText {
  return {
    posts,
    bytes: read.bytes,
    get digest() {
      return read.digest;
    },
    ends,
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
