import { z } from 'zod';
import { ModdeskError } from '../../domain/errors.js';
import type { Cursor } from '../types.js';

/** Where a paged-forum read stopped. Known posts keep a content hash so that silent edits are found. */
export const pagedCursorSchema = z.object({
  v: z.literal(1),
  platform: z.string(),
  thread: z.string(),
  pageCount: z.number().int().min(0),
  lastPage: z.number().int().min(0),
  lastPageHash: z.string().nullable(),
  perPage: z.number().int().positive().nullable(),
  total: z.number().int().nullable(),
  /** id → [content hash, editedAt of the version we hold]. */
  known: z.record(z.string(), z.tuple([z.string(), z.string().nullable()])),
  /** A backfill that stopped early resumes at this page. */
  walkNext: z.number().int().positive().nullable(),
  robots: z.unknown().optional(),
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
