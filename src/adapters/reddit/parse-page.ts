import { ModdeskError, quote } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import { formatInstant } from '../../domain/time.js';
import type * as z from '../../domain/zod.js';
import {
  type CommentData,
  commentDataSchema,
  commentsPageSchema,
  jsonEnvelopeSchema,
  type Listing,
  listingSchema,
  type MessageData,
  messageDataSchema,
  moreDataSchema,
  type SubmissionData,
  submissionDataSchema,
  type Thing,
} from './schema.js';

/**
 * PURE mapper: Reddit's JSON (Listings of t1/t3/t4/more, morechildren envelopes) → comments, stubs and Posts.
 * No I/O, no clock: everything it needs comes in as arguments.
 */

/** A `more` stub: direct children not sent yet. A "continue this thread" stub (`id: "_"`) asks for the parent's subtree. */
export type Stub =
  | { kind: 'more'; parentId: string; children: string[]; count: number }
  | { kind: 'continue'; parentId: string };

export interface CommentsPage {
  submission: SubmissionData;
  comments: CommentData[];
  stubs: Stub[];
  /** readThread only: ids that no answer gave, not even their permalink (expand.ts). */
  missing?: string[];
}

export interface ParseOpts {
  /** Names the input in error messages, e.g. `GET /comments/abc` or a file name. */
  where?: string;
  /** Set when the input is a saved file (error code `dump-invalid` rather than `http`). */
  file?: string;
}

export const DEFAULT_LINK_BASE = 'https://www.reddit.com';

export function parseCommentsPage(json: unknown, opts: ParseOpts = {}): CommentsPage {
  const [head, tree] = check(commentsPageSchema, json, opts, '');
  const first = head.data.children[0];
  if (first?.kind !== 't3') fail(opts, 'the first Listing has no submission (t3)', '[0].data.children[0]', first);
  const submission = check(submissionDataSchema, first.data, opts, '[0].data.children[0].data');
  const out: CommentsPage = { submission, comments: [], stubs: [] };
  walkListing(tree, out, opts, '[1]');
  return out;
}

/** `/api/morechildren`: a flat list of t1 and more things (the tree is rebuilt from `parent_id`). */
export function parseMoreChildren(json: unknown, opts: ParseOpts = {}): { comments: CommentData[]; stubs: Stub[] } {
  const envelope = check(jsonEnvelopeSchema, json, opts, '');
  const errors = envelope.json.errors;
  if (errors.length > 0) fail(opts, `Reddit returned errors ${quote(JSON.stringify(errors))}`, 'json.errors');
  const out = { comments: [] as CommentData[], stubs: [] as Stub[] };
  (envelope.json.data?.things ?? []).forEach((thing, i) => {
    addThing(thing, out, opts, `json.data.things[${i}]`);
  });
  return out;
}

/** An inbox or sent Listing of messages (t4); nested `replies` are flattened. Comment replies (t1) are left out. */
export function parseMessages(json: unknown, opts: ParseOpts = {}): MessageData[] {
  const listing = check(listingSchema, json, opts, '');
  const out: MessageData[] = [];
  const walk = (l: Listing, path: string): void => {
    l.data.children.forEach((thing, i) => {
      if (thing.kind !== 't4') return;
      const msg = check(messageDataSchema, thing.data, opts, `${path}.data.children[${i}].data`);
      if (!msg.was_comment) out.push(msg);
      if (msg.replies && typeof msg.replies === 'object')
        walk(check(listingSchema, msg.replies, opts, `${path}.data.children[${i}].data.replies`), `${path}...replies`);
    });
  };
  walk(listing, '');
  return out;
}

/** A user's comment Listing (e.g. `/user/{name}/comments`). */
export function parseCommentListing(json: unknown, opts: ParseOpts = {}): CommentData[] {
  const out: CommentsPage = { submission: { id: '', num_comments: 0 }, comments: [], stubs: [] };
  walkListing(check(listingSchema, json, opts, ''), out, opts, '');
  return out.comments;
}

function walkListing(listing: Listing, out: { comments: CommentData[]; stubs: Stub[] }, opts: ParseOpts, path: string) {
  listing.data.children.forEach((thing, i) => {
    addThing(thing, out, opts, `${path}.data.children[${i}]`);
  });
}

function addThing(thing: Thing, out: { comments: CommentData[]; stubs: Stub[] }, opts: ParseOpts, path: string): void {
  if (thing.kind === 'more') {
    const more = check(moreDataSchema, thing.data, opts, `${path}.data`);
    if (more.id === '_' || (more.count === 0 && more.children.length === 0)) {
      out.stubs.push({ kind: 'continue', parentId: more.parent_id });
    } else {
      out.stubs.push({ kind: 'more', parentId: more.parent_id, children: more.children, count: more.count });
    }
    return;
  }
  if (thing.kind !== 't1') return;
  const comment = check(commentDataSchema, thing.data, opts, `${path}.data`);
  const { replies, ...flat } = comment;
  out.comments.push(flat);
  if (replies && typeof replies === 'object') {
    walkListing(check(listingSchema, replies, opts, `${path}.data.replies`), out, opts, `${path}.data.replies`);
  }
}

/** What a comment and the submission map alike: Reddit's epoch seconds as instants, the permalink as the link. */
interface ThreadThing {
  author: string;
  created_utc: number;
  edited?: number | boolean;
  permalink?: string;
}

/**
 * One literal with the fields a comment has (`url` and `parentId` undefined when it has none, which JSON leaves
 * out): a field added to the object afterwards moves its fields into a second array, 40 bytes a post, and a desk
 * holds every post of every game (decision 0020).
 */
function threadPost(id: string, t: ThreadThing, html: string, linkBase: string, parentId?: string): Post {
  return {
    id,
    author: t.author,
    createdAt: formatInstant(t.created_utc * 1000),
    editedAt: typeof t.edited === 'number' ? formatInstant(t.edited * 1000) : null,
    html,
    channel: 'thread',
    url: t.permalink ? `${linkBase}${t.permalink}` : undefined,
    parentId: parentId || undefined,
  };
}

export function commentToPost(c: CommentData, linkBase = DEFAULT_LINK_BASE): Post {
  const post = threadPost(c.id, c, bodyHtml(c.body_html, c.body), linkBase, c.parent_id);
  const gone = deletionOf(c);
  if (gone) post.deleted = gone;
  if (c.distinguished) post.distinguished = c.distinguished;
  return post;
}

/**
 * The submission as the thread's opening post (the moderator's rules and roster): `t3_`-prefixed so it never
 * collides with a comment id. Null when the answer leaves out its author or time (a partial `/comments` head).
 */
export function submissionToPost(s: SubmissionData, linkBase = DEFAULT_LINK_BASE): Post | null {
  const { author, created_utc } = s;
  if (author === undefined || created_utc === undefined) return null;
  const html = bodyHtml(s.selftext_html, s.selftext);
  const post = threadPost(s.name ?? `t3_${s.id}`, { ...s, author, created_utc }, html, linkBase);
  if (s.title) post.threadTitle = s.title;
  return post;
}

/** PM ids carry their `t4_` prefix so they never collide with comment ids in one dump. */
export function messageToPost(m: MessageData, linkBase = DEFAULT_LINK_BASE): Post {
  const post: Post = {
    id: m.name ?? `t4_${m.id}`,
    author: m.author ?? '[deleted]',
    createdAt: formatInstant(m.created_utc * 1000),
    editedAt: null,
    html: bodyHtml(m.body_html, m.body),
    channel: 'pm',
    url: `${linkBase}/message/messages/${m.id}`,
  };
  if (m.dest) post.to = m.dest;
  if (m.subject !== undefined) post.subject = m.subject;
  return post;
}

export function deletionOf(c: Pick<CommentData, 'author' | 'body'>): 'deleted' | 'removed' | null {
  if (c.body === '[removed]') return 'removed';
  if (c.body === '[deleted]' && c.author === '[deleted]') return 'deleted';
  return null;
}

/**
 * `body_html` as HTML: without `raw_json=1` Reddit escapes it (`&lt;div class="md"&gt;`), so decode once; the
 * `<!-- SC_OFF -->` markers are dropped. When it is missing, the markdown body is escaped into a paragraph.
 */
export function bodyHtml(html: string | null | undefined, body: string | undefined): string {
  if (html == null) return `<div class="md"><p>${escapeHtml(body ?? '')}</p></div>`;
  const raw = html.trimStart().startsWith('&lt;') ? decodeEntities(html) : html;
  return raw.replace(/<!-- SC_(OFF|ON) -->/g, '').trim();
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", '#x27': "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** ID36 order: shorter is smaller, then lexicographic (Reddit ids are base-36 counters). */
export function compareId36(a: string, b: string): number {
  const x = a.replace(/^t\d_/, '');
  const y = b.replace(/^t\d_/, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** Thread-dump order (interfaces §1): `createdAt`, then id. */
export function sortPosts(posts: Post[]): Post[] {
  return posts.sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : compareId36(a.id, b.id),
  );
}

/**
 * `moddesk parse --platform reddit`: a saved comments page, morechildren response or message Listing → Posts,
 * oldest first. Stubs are reported in `stubs` (a saved page can only hold what it holds).
 */
export function parseRedditJson(
  json: unknown,
  opts: ParseOpts & { linkBase?: string } = {},
): { posts: Post[]; stubs: Stub[] } {
  const base = opts.linkBase ?? DEFAULT_LINK_BASE;
  if (Array.isArray(json)) {
    const page = parseCommentsPage(json, opts);
    return { posts: sortPosts(page.comments.map((c) => commentToPost(c, base))), stubs: page.stubs };
  }
  if (json && typeof json === 'object' && 'json' in json) {
    const page = parseMoreChildren(json, opts);
    return { posts: sortPosts(page.comments.map((c) => commentToPost(c, base))), stubs: page.stubs };
  }
  const listing = check(listingSchema, json, opts, '');
  const kinds = new Set(listing.data.children.map((t) => t.kind));
  if (kinds.has('t4'))
    return { posts: sortPosts(parseMessages(json, opts).map((m) => messageToPost(m, base))), stubs: [] };
  return { posts: sortPosts(parseCommentListing(json, opts).map((c) => commentToPost(c, base))), stubs: [] };
}

function check<T extends z.ZodMiniType>(schema: T, value: unknown, opts: ParseOpts, path: string): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const at = `${path}${(issue?.path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
  return fail(opts, `expected Reddit JSON (${issue?.message ?? 'invalid'})`, at || '(top)', value);
}

function fail(opts: ParseOpts, message: string, at: string, received?: unknown): never {
  const got = received === undefined ? '' : `, got ${quote(JSON.stringify(received) ?? String(received))}`;
  const place = [opts.where, at].filter(Boolean).join(' ');
  throw new ModdeskError(opts.file ? 'dump-invalid' : 'http', `${message}${got}`, { file: opts.file, place });
}
