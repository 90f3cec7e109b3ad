import * as z from 'zod';
import { postSchema } from '../../domain/post.js';

/** ISO-8601 UTC to the second, as interfaces §1 requires. */
const isoSecond = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, {
  message: 'expected ISO-8601 UTC to the second, e.g. "2026-01-07T18:02:11Z"',
});

/** One dump line (interfaces §1): the domain's post schema with strict times. Extra fields are kept. */
export const dumpLineSchema = postSchema
  .extend({ createdAt: isoSecond, editedAt: isoSecond.nullable().optional().default(null) })
  .passthrough();
