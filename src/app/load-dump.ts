import { type DumpWarning, readDumpLines } from '../domain/dump.js';
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
  return parseDump(readFileBytes(file, 'the thread dump'), file, warn);
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
