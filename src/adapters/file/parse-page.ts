import { ModdeskError, quote } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import { dumpLineSchema } from './schema.js';

/**
 * Reads thread-dump JSON Lines (interfaces §1). Blank lines are skipped; a bad line is an error naming the file,
 * the line and the field. `firstLine` numbers lines when only the tail of a file is read.
 */
export function parseDump(text: string, file: string, firstLine = 1): Post[] {
  const posts: Post[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const place = `line ${firstLine + i}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ModdeskError(
        'dump-invalid',
        `expected one JSON object per line, e.g. {"id":"p1","author":"Alice",…}; got ${quote(line)}`,
        {
          file,
          place,
        },
      );
    }
    const parsed = dumpLineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'line';
      const got = issue?.path.length ? (json as Record<string, unknown>)[String(issue.path[0])] : json;
      throw new ModdeskError(
        'dump-invalid',
        `${field}: ${issue?.message ?? 'invalid'} (got ${quote(JSON.stringify(got) ?? 'nothing')})`,
        {
          file,
          place,
        },
      );
    }
    posts.push(parsed.data as Post);
  }
  return posts;
}
