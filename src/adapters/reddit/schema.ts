import * as z from 'zod';

/**
 * Only the fields of Reddit's JSON that the adapter uses (platforms.md §1.4, §1.5, §1.9).
 * Unknown fields pass through untouched; a missing or mistyped used field is an error.
 */

/** `edited`: false, or epoch seconds of the last edit; legacy items may carry `true`. */
export const editedSchema = z.union([z.boolean(), z.number()]);

export const commentDataSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  author: z.string(),
  body: z.string().optional(),
  body_html: z.string().nullable().optional(),
  created_utc: z.number(),
  edited: editedSchema.optional().default(false),
  parent_id: z.string().optional(),
  link_id: z.string().optional(),
  permalink: z.string().optional(),
  depth: z.number().optional(),
  distinguished: z.string().nullable().optional(),
  /** `""` when there are none, else a Listing (checked where it is walked). */
  replies: z.unknown().optional(),
});
export type CommentData = z.infer<typeof commentDataSchema>;

export const moreDataSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  parent_id: z.string(),
  count: z.number().optional().default(0),
  depth: z.number().optional(),
  children: z.array(z.string()),
});
export type MoreData = z.infer<typeof moreDataSchema>;

export const submissionDataSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  num_comments: z.number(),
  created_utc: z.number().optional(),
  title: z.string().optional(),
  author: z.string().optional(),
  permalink: z.string().optional(),
  /** The opening post's text (a self post), markdown and rendered; empty for a link post. */
  selftext: z.string().optional(),
  selftext_html: z.string().nullable().optional(),
  edited: z.union([z.number(), z.boolean()]).optional(),
});
export type SubmissionData = z.infer<typeof submissionDataSchema>;

export const messageDataSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  author: z.string().nullable(),
  dest: z.string().optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
  body_html: z.string().nullable().optional(),
  created_utc: z.number(),
  was_comment: z.boolean().optional().default(false),
  replies: z.unknown().optional(),
});
export type MessageData = z.infer<typeof messageDataSchema>;

/**
 * A thing's `data` is checked to be an object here and field by field by its kind's schema where it is read; a
 * record schema would copy every field of every comment once more on each poll (decision 0022).
 */
const thingDataSchema = z.custom<Record<string, unknown>>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  'expected an object',
);
export const thingSchema = z.object({ kind: z.string(), data: thingDataSchema });
export type Thing = z.infer<typeof thingSchema>;

export const listingSchema = z.object({
  kind: z.literal('Listing'),
  data: z.object({
    children: z.array(thingSchema),
    after: z.string().nullable().optional(),
    before: z.string().nullable().optional(),
  }),
});
export type Listing = z.infer<typeof listingSchema>;

/** `GET /comments/{article}`: the submission Listing, then the comment Listing. */
export const commentsPageSchema = z.tuple([listingSchema, listingSchema]);

/** `POST /api/comment`, `/api/morechildren`, `/api/compose`: errors are `[code, message, field]` triples. */
export const jsonEnvelopeSchema = z.object({
  json: z.object({
    errors: z.array(z.array(z.unknown())).optional().default([]),
    data: z.object({ things: z.array(thingSchema).optional() }).optional(),
  }),
});

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number(),
  scope: z.string().optional(),
});

const thingNowSchema = z.object({
  name: z.string(),
  author: z.string().nullable().optional(),
  body: z.string().optional(),
  selftext: z.string().optional(),
  locked: z.boolean().optional(),
});

/** A thing from `GET /api/info` (or snoowrap's fetched object) as `ThingNow`: its markdown source and lock. */
export function thingNow(data: unknown): { name: string; author: string | null; text: string; locked: boolean } | null {
  const t = thingNowSchema.safeParse(data);
  if (!t.success) return null;
  return {
    name: t.data.name,
    author: t.data.author ?? null,
    text: t.data.body ?? t.data.selftext ?? '',
    locked: t.data.locked ?? false,
  };
}
