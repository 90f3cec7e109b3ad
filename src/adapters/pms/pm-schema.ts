import * as z from 'zod';
import { ModdeskError } from '../../domain/errors.js';

/** The fields every PM mapper reads from one message (only these); checked with `checkFields`, which names the page. */
export const pmMessageSchema = z.object({
  id: z.string().regex(/^pm-[a-z]+-\d+$/, 'expected a message id (pm-<platform>-<number>)'),
  author: z.string().min(1, 'expected the sender’s name'),
  sentAt: z.number({ message: 'expected the time the message was sent' }),
  html: z.string(),
  url: z.string().optional(),
  subject: z.string().optional(),
});

/** One conversation of an inbox list. */
export const pmListingSchema = z.object({
  key: z.string().regex(/^\d+$/, 'expected a numeric message or conversation id'),
  stamp: z.string().min(1),
  url: z.string().min(1, 'expected the link to the message'),
  lastAt: z.number({ message: 'expected the time of its last message' }).nullable(),
  authors: z.array(z.string().min(1, 'expected the sender’s name')).nullable(),
});

/** A page that is not the PM page expected (a login page, an error, another style): one line naming the page. */
export function notPmPage(platform: string, pageUrl: string, expected: string): ModdeskError {
  return new ModdeskError('dump-invalid', `not a ${platform} PM page: expected ${expected}`, {
    file: pageUrl,
    place: 'page',
  });
}
