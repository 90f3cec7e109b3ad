import { ModdeskError, quote } from './errors.js';
import { asPost, type Post, postSchema } from './post.js';
import type { Instant } from './time.js';

/** Told about a line that was skipped (only ever a torn last line); `place` is `line N`. */
export type DumpWarning = (message: string, place: string) => void;

export interface DumpLines {
  /** In file order. */
  posts: Post[];
  /** Each post's `createdAt` as an instant. */
  times: Instant[];
  /** Where each post's line starts in the bytes. */
  starts: number[];
  /** Where each post's line ends in the bytes (before its newline): a prefix of the dump is `bytes.subarray(0, end)`. */
  ends: number[];
}

export interface ReadDumpOptions {
  /** The line number of the first line given (a tail of a file read from where the last read stopped). */
  firstLine?: number;
  /** Given: a last line without its newline that is not JSON (a write cut off) is told here and skipped. */
  warn?: DumpWarning;
}

/** ISO-8601 UTC to the second, the only form a dump holds (interfaces §1). */
const ISO_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A line's end in a dump's bytes (UTF-8 never uses the byte inside a character). */
export const NEWLINE = 0x0a;

/** Whether every line of these bytes is whole: none, or the last ends with its newline (else it may be torn). */
export function endsWithNewline(bytes: Buffer): boolean {
  return bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE;
}

/**
 * The lines of a dump's tail that a reader can take now: up to the last newline, as a half-written last line (a
 * writer mid-append) waits for the next read; all of it when it ends with a newline or holds only white space.
 */
export function completeLines(tail: Buffer): Buffer {
  if (endsWithNewline(tail) || isBlank(tail)) return tail;
  return tail.subarray(0, tail.lastIndexOf(NEWLINE) + 1);
}

/** Only white space, as `trim` reads it; a non-blank byte ends the scan (a tail is often megabytes long). */
function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) {
    if (b === 0x20 || (b >= 0x09 && b <= 0x0d)) continue;
    // Past ASCII, white space is a few rare characters (no-break space and the like): let `trim` decide.
    return b >= 0x80 && bytes.toString('utf8').trim() === '';
  }
  return true;
}

/**
 * The one reader of thread dumps (interfaces §1), for `state`/`count` and the `file` adapter alike. Every line is
 * checked by `asPost` (postSchema without zod) and its times by one pattern; only a refused line goes through
 * zod, for its message. A bad line is an error naming the file, the line and the field. It reads the file's bytes
 * (UTF-8), a line at a time: decoding a whole dump to one string first cost a call of a 2.4 MB dump about 12 ms
 * more, and the caches hash the same bytes (issue 11).
 */
export function readDumpLines(source: Buffer | string, file: string, opts: ReadDumpOptions = {}): DumpLines {
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  const posts: Post[] = [];
  const times: Instant[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  // Each post id's first author and line: a later line with the id and another author is said (not silent).
  const authors = opts.warn ? new Map<string, { author: string; line: number } | null>() : null;
  let lineNo = (opts.firstLine ?? 1) - 1;
  // A file saved by an editor that marks UTF-8 (Windows Notepad) starts with a byte-order mark: not the post's.
  const first = lineNo === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let start = first; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    const torn = end === -1;
    if (torn) end = bytes.length;
    const line = bytes.toString('utf8', start, end);
    const lineStart = start;
    start = end + 1;
    lineNo += 1;
    if (line.trim() === '') continue;
    let post: Post;
    try {
      post = postOfLine(line, file, lineNo);
    } catch (err) {
      if (!(torn && opts.warn && err instanceof NotJson)) throw err;
      opts.warn(
        `the last line is cut off (${quote(line, 60)}), as when a write is interrupted; skipped it`,
        `line ${lineNo}`,
      );
      break;
    }
    if (authors) sameAuthor(authors, post, lineNo, opts.warn!);
    posts.push(post);
    times.push(Date.parse(post.createdAt));
    starts.push(lineStart);
    ends.push(end);
  }
  return { posts, times, starts, ends };
}

/**
 * Warns, once per id, when a post id comes back with another author: it is read as a later version of the first
 * post (an edit), which it may not be (two posts given one id); a renamed account does it too, so it is said, not
 * refused.
 */
function sameAuthor(
  seen: Map<string, { author: string; line: number } | null>,
  post: Post,
  lineNo: number,
  warn: DumpWarning,
): void {
  const first = seen.get(post.id);
  if (first === undefined) seen.set(post.id, { author: post.author, line: lineNo });
  else if (first !== null && first.author.toLowerCase() !== post.author.toLowerCase()) {
    warn(
      `post id ${quote(post.id, 40)} is by ${quote(post.author, 40)} here and by ${quote(first.author, 40)} at line ${first.line}; it is read as a later version of that post (an edit): check the dump if they are two posts`,
      `line ${lineNo}`,
    );
    seen.set(post.id, null);
  }
}

/** A line that is not JSON (a ModdeskError naming the file and line; the reader may skip it as a torn last line). */
class NotJson extends ModdeskError {}

/**
 * One dump line as a post, checked as `readDumpLines` checks every line: JSON, `asPost`, and its times. A bad line
 * is an error naming the file, the line and the field.
 */
export function postOfLine(line: string, file: string, lineNo: number): Post {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    throw new NotJson(
      'dump-invalid',
      `expected one JSON object per line, got ${quote(line, 60)} (${(err as Error).message})`,
      { file, place: `line ${lineNo}` },
    );
  }
  const post = asPost(raw) ?? schemaError(raw, file, `line ${lineNo}`);
  if (instantOf(post.createdAt) === null) throw badTime('createdAt', post.createdAt, file, `line ${lineNo}`);
  if (post.editedAt !== null && instantOf(post.editedAt) === null)
    throw badTime('editedAt', post.editedAt, file, `line ${lineNo}`);
  return post;
}

function instantOf(text: string): Instant | null {
  if (!ISO_SECOND.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** The line `asPost` refused, told the way zod tells it: the field and what was wrong. */
function schemaError(raw: unknown, file: string, place: string): never {
  const parsed = postSchema().safeParse(raw);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  throw new ModdeskError('dump-invalid', `${issue?.path.join('.') || 'post'}: ${issue?.message ?? 'not a post'}`, {
    file,
    place,
  });
}

function badTime(key: string, value: string, file: string, place: string): ModdeskError {
  return new ModdeskError(
    'dump-invalid',
    `${key}: expected ISO-8601 UTC to the second like "2026-01-07T18:02:11Z", got ${quote(value, 40)}`,
    { file, place },
  );
}
