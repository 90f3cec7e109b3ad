import { ModdeskError, quote } from '../domain/errors.js';
import { asPost, type Post, postSchema } from '../domain/post.js';
import { type Instant, parseInstant } from '../domain/time.js';
import { readTextFile } from './read-text-file.js';

/** Told about a line that was skipped (only ever a torn last line); `place` is `line N`. */
export type DumpWarning = (message: string, place: string) => void;

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
  return parseDump(readTextFile(file, 'the thread dump'), file, warn);
}

export function parseDump(text: string, file: string, warn: DumpWarning = toStderr(file)): Post[] {
  const posts: Post[] = [];
  const times: Instant[] = [];
  let sorted = true;
  let lineNo = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    const torn = end === -1;
    if (torn) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    lineNo += 1;
    if (line.trim() === '') continue;
    const place = `line ${lineNo}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      if (torn) {
        warn(`the last line is cut off (${quote(line, 60)}), as when a write is interrupted; skipped it`, place);
        break;
      }
      throw new ModdeskError(
        'dump-invalid',
        `expected one JSON object per line, got ${quote(line, 60)} (${(err as Error).message})`,
        { file, place },
      );
    }
    const post = asPost(raw) ?? schemaError(raw, file, place);
    const at = instantOf(post, file, place);
    if (times.length > 0 && at < (times[times.length - 1] as Instant)) sorted = false;
    posts.push(post);
    times.push(at);
  }
  if (sorted) return posts;
  // Dumps are sorted by createdAt, then id (interfaces §1). Re-sort by time only, stably: equal instants keep
  // the file's order, which is the platform's order (ids are not always comparable as text).
  return posts
    .map((p, i) => ({ p, i, t: times[i] as Instant }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.p);
}

/** The line `asPost` refused, told the way zod tells it: the field and what was wrong. */
function schemaError(raw: unknown, file: string, place: string): never {
  const parsed = postSchema.safeParse(raw);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  throw new ModdeskError('dump-invalid', `${issue?.path.join('.') || 'post'}: ${issue?.message ?? 'not a post'}`, {
    file,
    place,
  });
}

function instantOf(post: Post, file: string, place: string): Instant {
  const created = parseInstant(post.createdAt);
  if (created === null) throw badTime('createdAt', post.createdAt, file, place);
  if (post.editedAt !== null && parseInstant(post.editedAt) === null)
    throw badTime('editedAt', post.editedAt, file, place);
  return created;
}

function badTime(key: string, value: string, file: string, place: string): ModdeskError {
  return new ModdeskError(
    'timestamp-invalid',
    `${key}: expected ISO-8601 UTC like "2026-01-07T18:02:11Z", got ${quote(value, 40)}`,
    { file, place },
  );
}
