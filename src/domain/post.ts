import * as z from 'zod';

/** One line of a thread dump (interfaces §1): a post, or one later version of it. */
export const postSchema = z.object({
  id: z.string().min(1),
  author: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable().optional().default(null),
  html: z.string(),
  channel: z.enum(['thread', 'pm']).optional().default('thread'),
  to: z.string().optional(),
  url: z.string().optional(),
});

export type Channel = 'thread' | 'pm';

export interface Post {
  id: string;
  author: string;
  createdAt: string;
  editedAt: string | null;
  html: string;
  channel: Channel;
  to?: string;
  url?: string;
  /** Extra fields a dump may carry (post number, raw time); kept, never interpreted. */
  [extra: string]: unknown;
}
