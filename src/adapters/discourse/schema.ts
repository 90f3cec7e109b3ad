import * as z from '../../domain/zod.js';

/** Only the fields the Discourse adapter uses (platforms.md §2.4). */
export const discoursePostSchema = z.object({
  id: z.int(),
  username: z.string(),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
  cooked: z.string(),
  post_number: z.int(),
  /** 1 regular, 2 moderator action, 3 small action (no text: "closed the topic"), 4 whisper. */
  post_type: z.optional(z.int()),
  /** More than 1 once edited (edits inside the grace period keep it). */
  version: z.optional(z.int()),
  deleted_at: z.optional(z.nullable(z.string())),
  user_deleted: z.optional(z.boolean()),
  raw: z.optional(z.string()),
});
export type DiscoursePost = z.infer<typeof discoursePostSchema>;

/** `GET /t/{id}.json` and `/t/{slug}/{id}/{post_number}.json`. */
export const discourseTopicSchema = z.object({
  id: z.int(),
  slug: z.string(),
  highest_post_number: z.optional(z.int()),
  post_stream: z.object({
    posts: z.array(discoursePostSchema),
    /** Every post id of the topic in order (deleted posts are missing). */
    stream: z.array(z.int()),
  }),
});
export type DiscourseTopic = z.infer<typeof discourseTopicSchema>;

/** `GET /t/{id}/posts.json?post_ids[]=…`. */
export const discoursePostsSchema = z.object({
  post_stream: z.object({ posts: z.array(discoursePostSchema) }),
});

/** `POST /posts.json`. */
export const discourseCreatedSchema = z.object({
  id: z.int(),
  post_number: z.int(),
  topic_id: z.int(),
  topic_slug: z.optional(z.string()),
});

/** `GET /topics/private-messages-sent/{username}.json`: the account's sent messages, newest first. */
export const discoursePmListSchema = z.object({
  topic_list: z.object({
    topics: z.array(z.object({ id: z.int(), title: z.string(), slug: z.optional(z.string()) })),
  }),
});

/** A refusal's body (422, 403, 429): the reasons in words, and how long to wait where it is a rate limit. */
export const discourseErrorsSchema = z.object({
  errors: z.optional(z.array(z.string())),
  error_type: z.optional(z.string()),
  extras: z.optional(z.nullable(z.object({ wait_seconds: z.optional(z.number()) }))),
});
