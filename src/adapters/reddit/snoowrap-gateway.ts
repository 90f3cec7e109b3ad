/** biome-ignore-all lint/suspicious/noExplicitAny: snoowrap's typings do not compile (packages-node20.md G6); `any` stays in this one file. */
import { createRequire } from 'node:module';
import { ModdeskError, quote } from '../../domain/errors.js';
import type { RedditConfig } from './config.js';
import { expandStubs } from './expand.js';
import type { OnPage, RedditGateway } from './gateway.js';
import type { CommentsPage, Stub } from './parse-page.js';
import type { Attempt, Headers, PoliteQueue } from './polite-queue.js';
import {
  type CommentData,
  commentDataSchema,
  type MessageData,
  messageDataSchema,
  submissionDataSchema,
  thingNow,
} from './schema.js';

// snoowrap (with `request` beneath it) costs 0.5 s of CPU to load: it is required when a gateway is made, so a
// command's bundle file, which holds this module, loads it only for a Reddit game that asks for this gateway.
const load = createRequire(import.meta.url);

/**
 * The RedditGateway on snoowrap 1.23 (the only file that imports it). snoowrap does the Reddit work its own way
 * (`expandReplies`: morechildren 20 ids a call, one stub after another; its own token handling); its documented
 * `rawRequest` hook (G7) points it at the configured hosts and runs every exchange through the same PoliteQueue
 * as the undici gateway: one at a time, rate-limit headers, Retry-After, retries, and a fresh token on a 401.
 */
export function createSnoowrapGateway(cfg: RedditConfig, queue: PoliteQueue): RedditGateway {
  let onRequest: (() => void) | null = null;

  const Base: any = load('snoowrap');
  class PoliteSnoowrap extends Base {
    rawRequest(options: any): Promise<any> {
      return this.politeRequest(options, false);
    }

    async politeRequest(options: any, refreshed: boolean): Promise<any> {
      const baseUrl = String(options.baseUrl ?? '')
        .replace(/^https:\/\/oauth\.reddit\.com/, cfg.apiBase)
        .replace(/^https:\/\/www\.reddit\.com/, cfg.authBase);
      const method = String(options.method ?? 'GET').toUpperCase();
      const isToken = /access_token/.test(String(options.uri));
      const label = `${method} /${String(options.uri).replace(/^\//, '')}`;
      const send = { ...options, baseUrl, headers: { ...options.headers, 'user-agent': cfg.userAgent } };
      delete send.transform;
      Object.assign(send, { resolveWithFullResponse: true, simple: false, timeout: cfg.timeoutMs });
      const res = await queue.run(label, method !== 'POST' || isToken, () => this.attempt(send, label));
      onRequest?.();
      if (res.statusCode === 401 && options.auth?.bearer && !refreshed) {
        (this as any).accessToken = null;
        const token = await (this as any).updateAccessToken();
        return this.politeRequest({ ...options, auth: { ...options.auth, bearer: token } }, true);
      }
      if (res.statusCode >= 400)
        throw new ModdeskError('http', `${label}: HTTP ${res.statusCode} ${quote(JSON.stringify(res.body))}`);
      if (options.transform) return options.transform(res.body, res);
      return options.resolveWithFullResponse ? res : res.body;
    }

    async attempt(send: any, label: string): Promise<Attempt<any>> {
      try {
        const res: any = await super.rawRequest(send);
        const status: number = res.statusCode;
        const headers = res.headers as Headers;
        if (status === 429 || status >= 500)
          return { ok: false, retry: true, status, headers, error: new Error(`HTTP ${status}`) };
        if (send.json && typeof res.body === 'string' && status < 300) {
          return { ok: false, retry: true, status, headers, error: new Error(`broken JSON body ${quote(res.body)}`) };
        }
        return { ok: true, value: res, headers };
      } catch (err: any) {
        return {
          ok: false,
          retry: true,
          error: new ModdeskError('http', `${label}: ${err?.cause?.code ?? err?.message}`, { cause: err }),
        };
      }
    }
  }

  const Polite: any = PoliteSnoowrap;
  const r: any = new Polite({
    userAgent: cfg.userAgent,
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    username: cfg.username,
    password: cfg.password,
  });
  r.config({
    requestDelay: 0,
    requestTimeout: cfg.timeoutMs,
    continueAfterRatelimitError: true,
    // Retries happen in PoliteQueue. An empty list would make snoowrap's `.catch(...codes, fn)` catch everything.
    retryErrorCodes: [599],
    maxRetryAttempts: 1,
    warnings: false,
  });

  const page = async (article: string, qs: Record<string, unknown>): Promise<CommentsPage> => {
    const sub = await guard('GET /comments', r.oauthRequest({ uri: `comments/${article}`, qs }));
    const out: CommentsPage = { submission: submissionDataSchema.parse(plain(sub)), comments: [], stubs: [] };
    walkListing(sub.comments, out);
    return out;
  };

  const gateway: RedditGateway = {
    name: 'snoowrap',
    get requests() {
      return queue.requests;
    },
    async readThread(article: string, opts: { onPage?: OnPage; signal?: AbortSignal } = {}) {
      let pages = 0;
      onRequest = () => {
        pages += 1;
        opts.onPage?.(pages, 0, null);
      };
      try {
        const first = await page(article, { sort: 'old', limit: 500, depth: 10 });
        // Not snoowrap's expandReplies: it drops ids a partial morechildren answer leaves out, and "continue this
        // thread" stubs that arrive through morechildren. The shared expander retries both (expand.ts).
        const { comments, missing } = await expandStubs(first, {
          more: (ids) => gateway.moreChildren(article, ids),
          continueAt: (parent) => gateway.permalink(article, parent.replace(/^t1_/, '')),
        });
        return { submission: first.submission, comments, stubs: [], missing };
      } finally {
        onRequest = null;
      }
    },
    permalink: (article, id) => page(article, { comment: id, sort: 'old', limit: 500, depth: 10 }),
    readPage: (article, q) => page(article, { sort: q.sort, limit: q.limit, ...(q.depth ? { depth: q.depth } : {}) }),
    async moreChildren(article, ids) {
      const qs = {
        api_type: 'json',
        link_id: `t3_${article}`,
        children: ids.join(','),
        sort: 'old',
        limit_children: false,
      };
      const res = await guard('GET /api/morechildren', r.oauthRequest({ uri: 'api/morechildren', qs }));
      const errors = res?.json?.errors ?? [];
      if (errors.length > 0)
        throw new ModdeskError(
          'http',
          `GET /api/morechildren: Reddit returned errors ${quote(JSON.stringify(errors))}`,
        );
      const out = { comments: [] as CommentData[], stubs: [] as Stub[] };
      for (const thing of res?.json?.data?.things ?? []) addItem(thing, out);
      return out;
    },
    async readInbox(q) {
      const qs: Record<string, unknown> = { limit: q.limit, mark: false };
      if (q.after) qs.after = q.after;
      const list = await guard('GET /message/inbox', r.oauthRequest({ uri: 'message/inbox', qs }));
      const messages: MessageData[] = [];
      for (const m of list) if (m?.constructor?._name === 'PrivateMessage') messages.push(toMessage(m));
      return { messages: messages.filter((m) => !m.was_comment), after: list._query?.after ?? null };
    },
    async ownComments(limit) {
      const list = await guard('GET /user/comments', r.getUser(cfg.username).getComments({ sort: 'new', limit }));
      return Array.from(list as any[], toComment);
    },
    async sentMessages(limit) {
      const list = await guard('GET /message/sent', r.getSentMessages({ limit }));
      return Array.from(list as any[], toMessage);
    },
    async comment(thingId, text) {
      const parent = thingId.startsWith('t3_') ? r.getSubmission(thingId.slice(3)) : r.getComment(thingId.slice(3));
      const made = await guard('POST /api/comment', parent.reply(text));
      return toComment(made);
    },
    async compose(to, subject, text) {
      await guard('POST /api/compose', r.composeMessage({ to, subject, text }));
    },
    async info(fullname) {
      const list = await guard('GET /api/info', r.oauthRequest({ uri: 'api/info', qs: { id: fullname } }));
      const first = Array.from((list ?? []) as any[])[0];
      return first ? thingNow(plain(first)) : null;
    },
    async editText(fullname, text) {
      const thing = fullname.startsWith('t3_') ? r.getSubmission(fullname.slice(3)) : r.getComment(fullname.slice(3));
      await guard('POST /api/editusertext', thing.edit(text));
    },
    async setLocked(fullname, locked) {
      const post = r.getSubmission(fullname.slice(3));
      await guard(locked ? 'POST /api/lock' : 'POST /api/unlock', locked ? post.lock() : post.unlock());
    },
  };
  return gateway;
}

/** snoowrap throws plain Errors (json.errors, bad grants); they become ModdeskErrors with the call named. */
async function guard(label: string, p: PromiseLike<any>): Promise<any> {
  try {
    return await p;
  } catch (err: any) {
    if (err instanceof ModdeskError) throw err;
    const text = String(err?.message ?? err);
    const kind = /^[A-Z_]+,/.test(text) ? 'Reddit returned errors' : 'snoowrap failed';
    throw new ModdeskError('http', `${label}: ${kind} ${quote(text)}`, { cause: err });
  }
}

/** A snoowrap object's own fields as plain JSON (authors back to names). */
function plain(x: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (k.startsWith('_') || k === 'replies' || k === 'comments') continue;
    out[k] = v && typeof v === 'object' && 'name' in (v as any) && k === 'author' ? (v as any).name : v;
  }
  return out;
}

function toComment(c: any): CommentData {
  return commentDataSchema.parse(plain(c));
}

function toMessage(m: any): MessageData {
  return messageDataSchema.parse(plain(m));
}

function walkListing(list: any, out: { comments: CommentData[]; stubs: Stub[] }): void {
  if (!list) return;
  for (const item of list) addItem(item, out);
  const more = list._more;
  if (more && (more.id === '_' || more.name === 't1__')) out.stubs.push({ kind: 'continue', parentId: more.parent_id });
  else if (more?.children?.length)
    out.stubs.push({ kind: 'more', parentId: more.parent_id, children: [...more.children], count: more.count ?? 0 });
}

function addItem(item: any, out: { comments: CommentData[]; stubs: Stub[] }): void {
  if (item?.constructor?._name === 'More') {
    if (item.id === '_' || !item.children?.length) out.stubs.push({ kind: 'continue', parentId: item.parent_id });
    else
      out.stubs.push({ kind: 'more', parentId: item.parent_id, children: [...item.children], count: item.count ?? 0 });
    return;
  }
  if (item?.constructor?._name !== 'Comment') return;
  out.comments.push(toComment(item));
  const replies = item.replies;
  // snoowrap turns a "continue this thread" stub into an empty Listing that points at `comments/…?comment=id`.
  if (replies && replies.length === 0 && !replies._more && replies._query?.comment) {
    out.stubs.push({ kind: 'continue', parentId: item.name });
    return;
  }
  walkListing(replies, out);
}
