import * as z from '../../domain/zod.js';

/** The fields the XenForo 2 mapper reads from one post (only these). */
export const xenforoPostSchema = z.object({
  id: z.string().check(z.regex(/^\d+$/, 'expected data-content="post-NNN" on article.message--post')),
  author: z.string().check(z.minLength(1, 'expected data-author or .message-name .username')),
  createdAt: z.number({
    message: 'expected .message-attribution-main time.u-dt with datetime, data-timestamp or data-time',
  }),
  editedAt: z.nullable(z.number()),
  html: z.string(),
  number: z.nullable(z.int()),
  url: z.optional(z.string()),
});
