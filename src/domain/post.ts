import * as z from './zod.js';

const buildPostSchema = () =>
  z.object({
    id: z.string().check(z.minLength(1)),
    author: z.string(),
    createdAt: z.string(),
    editedAt: z._default(z.optional(z.nullable(z.string())), null),
    html: z.string(),
    channel: z._default(z.optional(z.enum(['thread', 'pm'])), 'thread'),
    to: z.optional(z.string()),
    url: z.optional(z.string()),
  });
let builtPostSchema: ReturnType<typeof buildPostSchema> | undefined;

/**
 * One line of a thread dump (interfaces §1): a post, or one later version of it. Built on first use: a call whose
 * every line `asPost` takes never needs it, and building zod schemas is a few ms of every call (issue 11).
 */
export function postSchema(): ReturnType<typeof buildPostSchema> {
  builtPostSchema ??= buildPostSchema();
  return builtPostSchema;
}

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

const TIMES = new WeakMap<Post, number>();

/**
 * A post's `createdAt` as epoch ms (NaN when it does not read), parsed once per post object: the desk asks for the
 * day's posts at every count of every game, and a post is a fact nobody changes.
 */
export function postTime(p: Post): number {
  let t = TIMES.get(p);
  if (t === undefined) {
    t = Date.parse(p.createdAt);
    TIMES.set(p, t);
  }
  return t;
}

/**
 * `postSchema` without zod, for the dump's every line: the same checks on a parsed JSON value, filling the same
 * defaults in place (extra fields kept); null when `postSchema` would refuse it, whose message then names the
 * field. `post.test.ts` checks that the two agree.
 */
export function asPost(raw: unknown): Post | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id === '' || typeof r.author !== 'string') return null;
  if (typeof r.createdAt !== 'string' || typeof r.html !== 'string') return null;
  if (r.to !== undefined && typeof r.to !== 'string') return null;
  if (r.url !== undefined && typeof r.url !== 'string') return null;
  if (r.editedAt !== undefined && r.editedAt !== null && typeof r.editedAt !== 'string') return null;
  if (r.channel !== undefined && r.channel !== 'thread' && r.channel !== 'pm') return null;
  if (r.editedAt === undefined) r.editedAt = null;
  if (r.channel === undefined) r.channel = 'thread';
  return r as Post;
}
