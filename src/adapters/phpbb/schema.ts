import * as z from 'zod';

/** The fields the phpBB mapper reads from one post (only these). */
export const phpbbPostSchema = z.object({
  id: z.string().regex(/^\d+$/, 'expected a numeric post id from div.post#pNNN'),
  author: z.string().min(1, 'expected the author in .postprofile a.username or p.author strong'),
  createdAt: z.number({ message: 'expected a time: p.author time[datetime] (phpBB 3.2+) or a printed date' }),
  editedAt: z.number().nullable(),
  html: z.string(),
  number: z.number().int().nullable(),
  url: z.string().optional(),
});
export type PhpbbPostFields = z.infer<typeof phpbbPostSchema>;
