import { hash } from 'node:crypto';
import { ModdeskError } from '../../domain/errors.js';
import * as z from '../../domain/zod.js';
import type { CommentData } from './schema.js';

/**
 * Where a Reddit read stopped. `seen` holds one short fingerprint per comment (`created:edited:hash`), so a poll can
 * tell new and changed comments from old ones without mapping them again, and a later full read emits only changes.
 */
export const redditCursorSchema = z.object({
  v: z.literal(1),
  platform: z.literal('reddit'),
  article: z.string(),
  numComments: z.number(),
  // Checked with a plain loop: a zod record of thousands of entries would cost more than a quiet poll itself.
  seen: z.custom<Record<string, string>>(isStringRecord, 'expected an object of comment fingerprints'),
  /** Fullnames of the PMs already returned, newest last. */
  inbox: z.array(z.string()),
  /** Comments the last read could not get (left out of every answer and their permalink): asked again next read. */
  missing: z.optional(z.array(z.string())),
  /** Set by `requestFullRead`: the next read re-reads the whole tree (edits and deletions anywhere). */
  full: z.optional(z.boolean()),
});
export type RedditCursor = z.infer<typeof redditCursorSchema>;

export const INBOX_MEMORY = 1000;

export function readCursor(value: unknown, article: string): RedditCursor {
  const r = redditCursorSchema.safeParse(value);
  if (!r.success) {
    const at = r.error.issues[0]?.path.join('.') || '(top)';
    throw new ModdeskError('usage', `expected a Reddit cursor written by moddesk (${r.error.issues[0]?.message})`, {
      place: `cursor ${at}`,
    });
  }
  if (r.data.article !== article) {
    throw new ModdeskError('usage', `the cursor is for thread ${r.data.article}, not ${article}`, {
      place: 'cursor article',
    });
  }
  return r.data;
}

/** Asks the next `read` for a full re-read (e.g. at a deadline), which finds edits and deletions of old comments. */
export function requestFullRead<C extends Record<string, unknown>>(cursor: C): C & { full: true } {
  return { ...cursor, full: true };
}

export function fingerprint(c: CommentData): string {
  // One call, no Hash object: every comment of every poll is fingerprinted (decision 0022).
  const digest = hash('sha1', `${c.author}\n${c.body_html ?? c.body ?? ''}`, 'base64url').slice(0, 10);
  return `${c.created_utc}:${typeof c.edited === 'number' ? c.edited : c.edited ? 1 : 0}:${digest}`;
}

export function fingerprintParts(fp: string): { created: number; edited: number; gone: boolean } {
  const [created = '0', edited = '0', hash] = fp.split(':');
  return { created: Number(created), edited: Number(edited), gone: hash === 'gone' };
}

function isStringRecord(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const k in v) if (typeof (v as Record<string, unknown>)[k] !== 'string') return false;
  return true;
}
