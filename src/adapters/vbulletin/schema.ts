import * as z from '../../domain/zod.js';

/** The fields the vBulletin 4/5 mappers read from one post (only these). */
export const vbulletinPostSchema = z.object({
  id: z.string().check(z.regex(/^\d+$/, 'expected li#post_NNN (vB4) or li.b-post[data-node-id] (vB5)')),
  author: z.string().check(z.minLength(1, 'expected .username_container .username (vB4) or the author link (vB5)')),
  createdAt: z.number({
    message:
      'expected a date: .postdate .date such as "12-25-2009, 01:51 PM" (vB4) or .b-post__timestamp time[datetime] (vB5)',
  }),
  editedAt: z.nullable(z.number()),
  html: z.string(),
  number: z.nullable(z.int()),
  url: z.optional(z.string()),
});
