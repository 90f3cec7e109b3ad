import { ModdeskError } from '../../domain/errors.js';
import * as z from '../../domain/zod.js';

/** The fields every PM mapper reads from one message (only these); checked with `checkFields`, which names the page. */
export const pmMessageSchema = z.object({
  id: z.string().check(z.regex(/^pm-[a-z]+-\d+$/, 'expected a message id (pm-<platform>-<number>)')),
  author: z.string().check(z.minLength(1, 'expected the sender’s name')),
  sentAt: z.number({ message: 'expected the time the message was sent' }),
  html: z.string(),
  url: z.optional(z.string()),
  subject: z.optional(z.string()),
});

/** One conversation of an inbox list. */
export const pmListingSchema = z.object({
  key: z.string().check(z.regex(/^\d+$/, 'expected a numeric message or conversation id')),
  stamp: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1, 'expected the link to the message')),
  lastAt: z.nullable(z.number({ message: 'expected the time of its last message' })),
  authors: z.nullable(z.array(z.string().check(z.minLength(1, 'expected the sender’s name')))),
});

/** A page that is not the PM page expected (a login page, an error, another style): one line naming the page. */
export function notPmPage(platform: string, pageUrl: string, expected: string): ModdeskError {
  return new ModdeskError('dump-invalid', `not a ${platform} PM page: expected ${expected}`, {
    file: pageUrl,
    place: 'page',
  });
}
