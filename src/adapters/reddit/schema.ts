import * as z from '../../domain/zod.js';

/**
 * Only the fields of Reddit's JSON that the adapter uses (platforms.md §1.4, §1.5, §1.9).
 * Unknown fields pass through untouched; a missing or mistyped used field is an error.
 */

/** `edited`: false, or epoch seconds of the last edit; legacy items may carry `true`. */
export const editedSchema = z.union([z.boolean(), z.number()]);

export const commentDataSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  author: z.string(),
  body: z.optional(z.string()),
  body_html: z.optional(z.nullable(z.string())),
  created_utc: z.number(),
  edited: z._default(z.optional(editedSchema), false),
  parent_id: z.optional(z.string()),
  link_id: z.optional(z.string()),
  permalink: z.optional(z.string()),
  depth: z.optional(z.number()),
  distinguished: z.optional(z.nullable(z.string())),
  /** `""` when there are none, else a Listing (checked where it is walked). */
  replies: z.optional(z.unknown()),
});
export type CommentData = z.infer<typeof commentDataSchema>;

export const moreDataSchema = z.object({
  id: z.string(),
  name: z.optional(z.string()),
  parent_id: z.string(),
  count: z._default(z.optional(z.number()), 0),
  depth: z.optional(z.number()),
  children: z.array(z.string()),
});
export type MoreData = z.infer<typeof moreDataSchema>;

export const submissionDataSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  num_comments: z.number(),
  created_utc: z.optional(z.number()),
  title: z.optional(z.string()),
  author: z.optional(z.string()),
  permalink: z.optional(z.string()),
  /** The opening post's text (a self post), markdown and rendered; empty for a link post. */
  selftext: z.optional(z.string()),
  selftext_html: z.optional(z.nullable(z.string())),
  edited: z.optional(z.union([z.number(), z.boolean()])),
});
export type SubmissionData = z.infer<typeof submissionDataSchema>;

export const messageDataSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  author: z.nullable(z.string()),
  dest: z.optional(z.string()),
  subject: z.optional(z.string()),
  body: z.optional(z.string()),
  body_html: z.optional(z.nullable(z.string())),
  created_utc: z.number(),
  was_comment: z._default(z.optional(z.boolean()), false),
  replies: z.optional(z.unknown()),
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
    after: z.optional(z.nullable(z.string())),
    before: z.optional(z.nullable(z.string())),
  }),
});
export type Listing = z.infer<typeof listingSchema>;

/** `GET /comments/{article}`: the submission Listing, then the comment Listing. */
export const commentsPageSchema = z.tuple([listingSchema, listingSchema]);

/** `POST /api/comment`, `/api/morechildren`, `/api/compose`: errors are `[code, message, field]` triples. */
export const jsonEnvelopeSchema = z.object({
  json: z.object({
    errors: z._default(z.optional(z.array(z.array(z.unknown()))), []),
    data: z.optional(z.object({ things: z.optional(z.array(thingSchema)) })),
  }),
});

export const tokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.number(),
  scope: z.optional(z.string()),
});

const thingNowSchema = z.object({
  name: z.string(),
  author: z.optional(z.nullable(z.string())),
  body: z.optional(z.string()),
  selftext: z.optional(z.string()),
  locked: z.optional(z.boolean()),
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
