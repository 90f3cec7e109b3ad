import type { CommentsPage, Stub } from './parse-page.js';
import type { CommentData, MessageData } from './schema.js';

/**
 * What the Reddit adapter needs from an HTTP client. Two implementations pass one contract suite:
 * `undici-gateway.ts` (a small typed client) and `snoowrap-gateway.ts` (the one file that imports snoowrap).
 * Every method is polite (one request at a time, rate-limit headers, Retry-After) and authenticated
 * (password grant, refreshed on expiry and on 401).
 */
export interface RedditGateway {
  readonly name: GatewayName;
  /** HTTP exchanges so far: token grants and retries included. */
  readonly requests: number;
  /** The whole comment tree with every stub expanded, in any order. */
  readThread(article: string, opts?: { onPage?: OnPage; signal?: AbortSignal }): Promise<CommentsPage>;
  /** One `GET /comments/{article}` page (e.g. `sort: 'new'` for a poll), stubs left as they are. */
  readPage(article: string, q: { sort: 'old' | 'new'; limit: number; depth?: number }): Promise<CommentsPage>;
  /** A comment's permalink page: the comment and its subtree (10 levels), stubs left as they are. */
  permalink(article: string, id: string): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
  /** One `/api/morechildren` call: at most 100 ids. */
  moreChildren(article: string, ids: string[]): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
  /** One page of the inbox, newest first (PMs only; comment replies are left out). */
  readInbox(q: { limit: number; after?: string }): Promise<{ messages: MessageData[]; after: string | null }>;
  /** The account's newest comments (to find an earlier try of a reply). */
  ownComments(limit: number): Promise<CommentData[]>;
  /** The account's newest sent messages (to find an earlier try of a PM). */
  sentMessages(limit: number): Promise<MessageData[]>;
  /** `POST /api/comment`; `json.errors` (e.g. RATELIMIT) become errors. */
  comment(thingId: string, text: string): Promise<CommentData>;
  /** `POST /api/compose`. */
  compose(to: string, subject: string, text: string): Promise<void>;
  /** `GET /api/info`: things as they are now (a comment's `body`, the submission's `selftext` and `locked`). */
  info(fullname: string): Promise<ThingNow | null>;
  /** `POST /api/editusertext` (snoowrap: `.edit()`): the author's comment or self-post text set to `text`. */
  editText(fullname: string, text: string): Promise<void>;
  /** `POST /api/lock` or `/api/unlock` (snoowrap: `.lock()`, `.unlock()`): a moderator of the subreddit only. */
  setLocked(fullname: string, locked: boolean): Promise<void>;
}

/** What `info` gives of a thing: its markdown source and, for a submission, whether it is locked. */
export interface ThingNow {
  name: string;
  author: string | null;
  text: string;
  locked: boolean;
}

export type GatewayName = 'undici' | 'snoowrap';

/** Progress of a full read: requests done, comments so far, and an estimate of the requests it will take. */
export type OnPage = (pagesDone: number, comments: number, pagesTotal: number | null) => void;

export type { Stub };
