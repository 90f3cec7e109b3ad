import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Post } from '../../domain/post.js';
import { replaceTags } from '../../domain/tags.js';
import type { Clock } from '../clock.js';
import {
  commentThing,
  type LocalComment,
  type LocalMessage,
  listing,
  markdownToHtml,
  messageThing,
  scheduleOf,
  submissionThing,
} from './reddit-things.js';

/** A fault the forum plays on a request (reliability tests): an error status, a hang, or a cut-off body. */
export type ForumFault = { status: number; retryAfter?: number; after?: boolean } | { hang: true } | { truncate: true };

export interface LocalForumOptions {
  /** A thread dump (interfaces §1): thread posts become comments, PMs arrive in the moderator's inbox. */
  posts: Post[];
  /** Game time: a post is visible once the clock reaches it. */
  clock: Clock;
  moderator: string;
  title?: string;
  article?: string;
  host?: string;
  port?: number;
  fault?: (req: { method: string; path: string }) => ForumFault | null;
}

const SUB = 'moddesk_demo';

/** The thread URL a game file names for the local forum (the adapter's hosts are pointed at it by `env()`). */
export const localThreadUrl = (article = 'demo1') => `https://www.reddit.com/r/${SUB}/comments/${article}/demo/`;

/**
 * The built-in local forum of `moddesk demo`: a small Reddit (the API our Reddit adapter speaks) on 127.0.0.1 that
 * plays a recorded game post by post on the app's clock, takes the moderator's replies and PMs, and shows the thread
 * as a plain page at `/`. No account, no network.
 */
export class LocalForum {
  url = '';
  readonly article: string;
  /** What the moderator posted (replies and PMs), in order. */
  readonly posted: { kind: 'reply' | 'pm'; to: string | null; text: string; at: number }[] = [];
  requests = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private schedule: ReturnType<typeof scheduleOf>;
  private readonly modComments: LocalComment[] = [];
  private readonly sent: LocalMessage[] = [];
  private seq = 0;

  private constructor(private readonly o: LocalForumOptions) {
    this.article = o.article ?? 'demo1';
    this.schedule = scheduleOf(o.posts);
    // Idle connections kept 75 s, as nginx does by default (Node's 5 s closed a desk's socket between two polls).
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 75_000;
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(o: LocalForumOptions): Promise<LocalForum> {
    const f = new LocalForum(o);
    await new Promise<void>((resolve, reject) => {
      f.server.once('error', reject);
      f.server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve);
    });
    const addr = f.server.address() as AddressInfo;
    f.url = `http://${o.host ?? '127.0.0.1'}:${addr.port}`;
    return f;
  }

  get threadUrl(): string {
    return localThreadUrl(this.article);
  }

  /** What the Reddit adapter needs to reach this forum instead of reddit.com (local, so no pacing is needed). */
  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      REDDIT_CLIENT_ID: 'local-demo',
      REDDIT_CLIENT_SECRET: 'local-demo-secret',
      REDDIT_USERNAME: this.o.moderator,
      REDDIT_PASSWORD: 'local-demo-password',
      REDDIT_USER_AGENT: `node:moddesk-demo:0.1.0 (by /u/${this.o.moderator})`,
      MODDESK_REDDIT_API_BASE: `${this.url}/oauth`,
      MODDESK_REDDIT_AUTH_BASE: `${this.url}/www`,
      MODDESK_REDDIT_MIN_GAP_MS: '0',
      MODDESK_REDDIT_QPM: '0',
      MODDESK_REDDIT_BACKOFF_MS: '50',
      MODDESK_REDDIT_TIMEOUT_MS: '2000',
      ...extra,
    };
  }

  /** A player posts now (benches and tests): the post appears at its `createdAt`. */
  add(post: Post): void {
    this.o.posts.push(post);
    this.schedule = scheduleOf(this.o.posts);
  }

  /** Thread comments visible now: each post's newest visible version, then the moderator's replies. */
  comments(now = this.o.clock.now()): LocalComment[] {
    const byId = new Map<string, LocalComment>();
    for (const s of this.schedule) {
      if (s.post.channel !== 'thread' || s.visibleAt > now) continue;
      const created = Math.floor(Date.parse(s.post.createdAt) / 1000);
      const edited = s.first
        ? s.post.editedAt
          ? Math.floor(Date.parse(s.post.editedAt) / 1000)
          : null
        : Math.floor(s.visibleAt / 1000);
      byId.set(s.post.id, {
        id: s.post.id,
        author: s.post.author,
        html: s.post.html,
        createdSec: created,
        editedSec: edited,
      });
    }
    const all = [...byId.values(), ...this.modComments];
    return all.sort((a, b) => a.createdSec - b.createdSec || a.id.length - b.id.length || (a.id < b.id ? -1 : 1));
  }

  inbox(now = this.o.clock.now()): LocalMessage[] {
    return this.schedule
      .filter((s) => s.post.channel === 'pm' && s.first && s.visibleAt <= now)
      .map((s) => ({
        id: s.post.id,
        author: s.post.author,
        dest: this.o.moderator,
        subject: 'night action',
        html: s.post.html,
        createdSec: Math.floor(s.visibleAt / 1000),
      }))
      .reverse();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests += 1;
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const q = { ...Object.fromEntries(url.searchParams), ...form };
    const fault = this.o.fault?.({ method, path: url.pathname }) ?? null;
    if (fault && 'hang' in fault) return; // the socket stays open until the client gives up
    if (fault && 'status' in fault) {
      // `after`: the request takes effect (a reply is posted), then the answer is lost.
      if (fault.after) {
        try {
          this.route(method, url.pathname, q);
        } catch {}
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      res.writeHead(fault.status, headers).end(JSON.stringify({ message: 'fault', error: fault.status }));
      return;
    }
    let status = 200;
    let body: string;
    let type = 'application/json; charset=UTF-8';
    try {
      const out = this.route(method, url.pathname, q);
      if (typeof out === 'string') {
        body = out;
        type = 'text/html; charset=UTF-8';
      } else body = JSON.stringify(out);
    } catch (err) {
      status = 404;
      body = JSON.stringify({ message: (err as Error).message, error: 404 });
    }
    if (fault && 'truncate' in fault) body = body.slice(0, Math.floor(body.length / 2));
    res.writeHead(status, { 'content-type': type }).end(body);
  }

  private route(method: string, path: string, q: Record<string, string>): unknown {
    const now = this.o.clock.now();
    if (path === '/' || path === '/thread') return this.page(now);
    if (method === 'POST' && path === '/www/api/v1/access_token') {
      return { access_token: 'local-demo-token', token_type: 'bearer', expires_in: 86_400, scope: '*' };
    }
    const article = this.article;
    if (method === 'GET' && path === `/oauth/comments/${article}`) {
      const all = this.comments(now);
      const ordered = q.sort === 'new' ? [...all].reverse() : all;
      const limit = Math.max(1, Math.min(Number(q.limit ?? 500), 500));
      const shown = ordered.slice(0, limit);
      const rest = ordered.slice(limit).map((c) => c.id);
      const things: unknown[] = shown.map((c) => commentThing(c, article, SUB));
      if (rest.length)
        things.push({
          kind: 'more',
          data: {
            id: rest[0],
            name: `t1_${rest[0]}`,
            parent_id: `t3_${article}`,
            count: rest.length,
            depth: 0,
            children: rest,
          },
        });
      const created = Math.floor(
        (Date.parse(this.o.posts[0]?.createdAt ?? '2000-01-01T00:00:00Z') - 86_400_000) / 1000,
      );
      return [
        listing([submissionThing(article, SUB, this.o.title ?? 'Demo game', created, all.length)]),
        listing(things),
      ];
    }
    if (method === 'GET' && path === '/oauth/api/morechildren') {
      const ids = new Set((q.children ?? '').split(',').filter(Boolean));
      const things = this.comments(now)
        .filter((c) => ids.has(c.id))
        .map((c) => commentThing(c, article, SUB));
      return { json: { errors: [], data: { things } } };
    }
    if (method === 'GET' && path === '/oauth/message/inbox') {
      const all = this.inbox(now);
      const start = q.after ? all.findIndex((m) => `t4_${m.id}` === q.after) + 1 : 0;
      const page = all.slice(start, start + Number(q.limit ?? 25));
      const after = start + page.length < all.length && page.length ? `t4_${page[page.length - 1]!.id}` : null;
      return listing(page.map(messageThing), after);
    }
    if (method === 'GET' && path === '/oauth/message/sent') return listing([...this.sent].reverse().map(messageThing));
    if (method === 'GET' && path === `/oauth/user/${this.o.moderator}/comments`) {
      return listing(
        [...this.modComments]
          .reverse()
          .slice(0, Number(q.limit ?? 25))
          .map((c) => commentThing(c, article, SUB)),
      );
    }
    if (method === 'POST' && path === '/oauth/api/comment') {
      const c: LocalComment = {
        id: `z${(++this.seq).toString(36)}`,
        author: this.o.moderator,
        html: markdownToHtml(q.text ?? ''),
        createdSec: Math.floor(now / 1000),
        editedSec: null,
      };
      this.modComments.push(c);
      this.posted.push({ kind: 'reply', to: null, text: q.text ?? '', at: now });
      return { json: { errors: [], data: { things: [commentThing(c, article, SUB)] } } };
    }
    if (method === 'POST' && path === '/oauth/api/compose') {
      const m: LocalMessage = {
        id: `y${(++this.seq).toString(36)}`,
        author: this.o.moderator,
        dest: q.to ?? '',
        subject: q.subject ?? '',
        html: markdownToHtml(q.text ?? ''),
        createdSec: Math.floor(now / 1000),
      };
      this.sent.push(m);
      this.posted.push({ kind: 'pm', to: q.to ?? null, text: q.text ?? '', at: now });
      return { json: { errors: [] } };
    }
    throw new Error(`no route ${method} ${path}`);
  }

  /** The thread as a page for people (and curl). */
  private page(now: number): string {
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const items = this.comments(now)
      .map(
        (c) =>
          `<article id="c${esc(c.id)}"><h3>${esc(c.author)} <small>${new Date(c.createdSec * 1000).toISOString()}</small></h3>${c.author === this.o.moderator ? c.html : `<div>${esc(replaceTags(c.html, ' ', true))}</div>`}</article>`,
      )
      .join('\n');
    return `<!doctype html><meta charset="utf-8"><title>${esc(this.o.title ?? 'Demo game')}</title><h1>${esc(this.o.title ?? 'Demo game')}</h1><p>Game time ${new Date(now).toISOString()}</p>\n${items}\n`;
  }
}
