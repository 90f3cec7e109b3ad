import { ModdeskError, quote } from '../domain/errors.js';
import { type Post, postSchema } from '../domain/post.js';
import { parseInstant } from '../domain/time.js';
import { readTextFile } from './read-text-file.js';

/** Reads a thread dump (interfaces §1). A bad line is an error naming the file and line; nothing is skipped silently. */
export function loadDump(file: string): Post[] {
  return parseDump(readTextFile(file, 'the thread dump'), file);
}

export function parseDump(text: string, file: string): Post[] {
  const posts: Post[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const place = `line ${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      throw new ModdeskError(
        'dump-invalid',
        `expected one JSON object per line, got ${quote(line, 60)} (${(err as Error).message})`,
        { file, place },
      );
    }
    const parsed = postSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ModdeskError('dump-invalid', `${issue?.path.join('.') || 'post'}: ${issue?.message}`, { file, place });
    }
    const post = { ...(raw as object), ...parsed.data } as Post;
    for (const key of ['createdAt', 'editedAt'] as const) {
      const value = post[key];
      if (value !== null && parseInstant(value) === null) {
        throw new ModdeskError(
          'timestamp-invalid',
          `${key}: expected ISO-8601 UTC like "2026-01-07T18:02:11Z", got ${quote(value, 40)}`,
          { file, place },
        );
      }
    }
    posts.push(post);
  });
  // Dumps are sorted by createdAt, then id (interfaces §1). Re-sort by time only, stably: equal instants keep
  // the file's order, which is the platform's order (ids are not always comparable as text).
  return posts
    .map((p, i) => ({ p, i, t: Date.parse(p.createdAt) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.p);
}
