import * as z from 'zod';

/** Only the fields the Discourse adapter uses (platforms.md §2.4). */
export const discoursePostSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  cooked: z.string(),
  post_number: z.number().int(),
  /** 1 regular, 2 moderator action, 3 small action (no text: "closed the topic"), 4 whisper. */
  post_type: z.number().int().optional(),
  /** More than 1 once edited (edits inside the grace period keep it). */
  version: z.number().int().optional(),
  deleted_at: z.string().nullable().optional(),
  user_deleted: z.boolean().optional(),
  raw: z.string().optional(),
});
export type DiscoursePost = z.infer<typeof discoursePostSchema>;

/** `GET /t/{id}.json` and `/t/{slug}/{id}/{post_number}.json`. */
export const discourseTopicSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  highest_post_number: z.number().int().optional(),
  post_stream: z.object({
    posts: z.array(discoursePostSchema),
    /** Every post id of the topic in order (deleted posts are missing). */
    stream: z.array(z.number().int()),
  }),
});
export type DiscourseTopic = z.infer<typeof discourseTopicSchema>;

/** `GET /t/{id}/posts.json?post_ids[]=…`. */
export const discoursePostsSchema = z.object({
  post_stream: z.object({ posts: z.array(discoursePostSchema) }),
});

/** `POST /posts.json`. */
export const discourseCreatedSchema = z.object({
  id: z.number().int(),
  post_number: z.number().int(),
  topic_id: z.number().int(),
  topic_slug: z.string().optional(),
});

/** `GET /topics/private-messages-sent/{username}.json`: the account's sent messages, newest first. */
export const discoursePmListSchema = z.object({
  topic_list: z.object({
    topics: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string().optional() })),
  }),
});

/** A refusal's body (422, 403, 429): the reasons in words, and how long to wait where it is a rate limit. */
export const discourseErrorsSchema = z.object({
  errors: z.array(z.string()).optional(),
  error_type: z.string().optional(),
  extras: z.object({ wait_seconds: z.number().optional() }).nullable().optional(),
});
