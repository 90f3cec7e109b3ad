import { ModdeskError } from '../../domain/errors.js';
import * as z from '../../domain/zod.js';
import type { Cursor } from '../types.js';

/** Where a paged-forum read stopped. Known posts keep a content hash so that silent edits are found. */
export const pagedCursorSchema = z.object({
  v: z.literal(1),
  platform: z.string(),
  thread: z.string(),
  pageCount: z.int().check(z.gte(0)),
  lastPage: z.int().check(z.gte(0)),
  lastPageHash: z.nullable(z.string()),
  perPage: z.nullable(z.int().check(z.positive())),
  total: z.nullable(z.int()),
  /** id → [content hash, editedAt of the version we hold]. */
  known: z.custom<Record<string, [string, string | null]>>(isKnownMap, 'expected an object of [hash, editedAt] pairs'),
  /** A backfill that stopped early resumes at this page. */
  walkNext: z.nullable(z.int().check(z.positive())),
  robots: z.optional(z.unknown()),
  /** Set by `requestFullRead`: the next read re-reads every page (edits anywhere, not only on the last page). */
  full: z.optional(z.boolean()),
});
export type PagedCursor = z.infer<typeof pagedCursorSchema>;

export function freshCursor(platform: string, thread: string): PagedCursor {
  return {
    v: 1,
    platform,
    thread,
    pageCount: 0,
    lastPage: 0,
    lastPageHash: null,
    perPage: null,
    total: null,
    known: {},
    walkNext: 1,
  };
}

export function loadCursor(cursor: Cursor, platform: string, thread: string): PagedCursor {
  const parsed = pagedCursorSchema.safeParse(cursor);
  if (!parsed.success) {
    throw new ModdeskError(
      'usage',
      `the cursor is not a ${platform} cursor: ${parsed.error.issues[0]?.message ?? 'bad shape'}`,
    );
  }
  if (parsed.data.platform !== platform || parsed.data.thread !== thread) {
    throw new ModdeskError(
      'usage',
      `the cursor belongs to ${parsed.data.platform} thread ${parsed.data.thread}, not ${platform} thread ${thread}; use another cursor file`,
    );
  }
  return structuredClone(parsed.data);
}

/** Checked with a plain loop: a zod record of thousands of entries would cost more than a quiet poll itself. */
function isKnownMap(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const entry of Object.values(v)) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return false;
    if (entry[1] !== null && typeof entry[1] !== 'string') return false;
  }
  return true;
}

/** Asks the next `read` of any of our adapters to re-read everything (e.g. at a deadline); only changes are emitted. */
export function requestFullRead<C extends Record<string, unknown>>(cursor: C): C & { full: true } {
  return { ...cursor, full: true };
}
