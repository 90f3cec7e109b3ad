import * as z from 'zod';

/** The fields the XenForo 2 mapper reads from one post (only these). */
export const xenforoPostSchema = z.object({
  id: z.string().regex(/^\d+$/, 'expected data-content="post-NNN" on article.message--post'),
  author: z.string().min(1, 'expected data-author or .message-name .username'),
  createdAt: z.number({
    message: 'expected .message-attribution-main time.u-dt with datetime, data-timestamp or data-time',
  }),
  editedAt: z.number().nullable(),
  html: z.string(),
  number: z.number().int().nullable(),
  url: z.string().optional(),
});
