import * as z from '../../domain/zod.js';

/** The fields the phpBB mapper reads from one post (only these). */
export const phpbbPostSchema = z.object({
  id: z.string().check(z.regex(/^\d+$/, 'expected a numeric post id from div.post#pNNN')),
  author: z.string().check(z.minLength(1, 'expected the author in .postprofile a.username or p.author strong')),
  createdAt: z.number({ message: 'expected a time: p.author time[datetime] (phpBB 3.2+) or a printed date' }),
  editedAt: z.nullable(z.number()),
  html: z.string(),
  number: z.nullable(z.int()),
  url: z.optional(z.string()),
});
export type PhpbbPostFields = z.infer<typeof phpbbPostSchema>;
