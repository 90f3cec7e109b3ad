import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FakeThread, listing, type Sort } from './reddit-fake-thread.js';

/**
 * A fake Reddit on 127.0.0.1 for the adapter tests. One port serves both hosts: `/oauth/…` stands for
 * https://oauth.reddit.com and `/www/…` for https://www.reddit.com (see `env()`). It speaks Reddit's shapes,
 * checks what a polite client must do (bearer token, raw_json=1, a User-Agent, one request at a time, at most
 * 100 morechildren ids, the rate-limit budget, Retry-After) and records every request. Anything it does not
 * expect lands in `problems()`, which the tests assert empty.
 */

export type Fault =
  | { status: number; retryAfter?: number; body?: string }
  | { hang: true }
  | { truncate: true }
  | { reset: true }
  | { jsonErrors: unknown[][] };

export interface FaultRule {
  method?: string;
  /** Matched against `/<host>/<path>`, e.g. `/oauth/api/morechildren`. */
  path?: string | RegExp;
  /** Apply the fault after the request took effect (a posted comment exists, then the connection dies). */
  after?: boolean;
  times?: number;
  fault: Fault;
}

export interface RecordedRequest {
  method: string;
  host: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  status: number;
  at: number;
}

export interface FakeRedditOptions {
  thread?: FakeThread;
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  tokenTtlSec?: number;
  /** Requests allowed per window (X-Ratelimit-*); exceeding it is a problem. */
  rateLimit?: { budget: number; windowMs: number };
  latencyMs?: number;
  moreChildrenCap?: number;
  /**
   * Partial answers the way Reddit's are: morechildren leaves `leftOut(id, idsAsked, answer)` comments out of its
   * answer (`answer`: the fake's count of morechildren answers so far), with no stub in their place (a real answer
   * asked for 9 ids and returned 7: test/fixtures/pages/reddit/morechildren-3hahrw.json). Their permalinks still
   * show them.
   */
  leftOut?: (id: string, idsAsked: number, answer: number) => boolean;
}

/**
 * Partial answers for `leftOut`: each answer leaves out about 1 id in 70 of those asked, whatever the batch's size
 * (the one real partial answer we hold left out 2 of 9), a different few each time; and about 1 comment in 1,999 is
 * left out of every answer (only its permalink shows it). Invented from that one sample, as the README says.
 */
export function partialLikeReddit(id: string, _idsAsked: number, answer: number): boolean {
  const n = Number.parseInt(id, 36);
  return mix(n, answer) < 0x100000000 / 70 || n % 1999 === 0;
}

/** A well-spread 32-bit hash of two integers (murmur3's finaliser). */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

interface Reply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export class FakeRedditServer {
  readonly thread: FakeThread;
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: string[] = [];
  readonly violations: string[] = [];
  /** Ids that `leftOut` kept out of morechildren answers. */
  leftOutCount = 0;
  private moreChildrenAnswers = 0;
  readonly opts: Required<Omit<FakeRedditOptions, 'thread'>>;
  url = '';
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly faults: (FaultRule & { times: number })[] = [];
  private readonly tokens = new Map<string, number>();
  private tokenSeq = 0;
  private inFlight = 0;
  private quietUntil = 0;
  private window = { start: 0, used: 0 };

  private constructor(opts: FakeRedditOptions) {
    this.thread = opts.thread ?? new FakeThread();
    this.opts = {
      clientId: opts.clientId ?? 'fake-client',
      clientSecret: opts.clientSecret ?? 'fake-secret',
      username: opts.username ?? 'TheMod',
      password: opts.password ?? 'hunter2',
      tokenTtlSec: opts.tokenTtlSec ?? 3600,
      rateLimit: opts.rateLimit ?? { budget: 100_000, windowMs: 600_000 },
      latencyMs: opts.latencyMs ?? 0,
      moreChildrenCap: opts.moreChildrenCap ?? 100,
      leftOut: opts.leftOut ?? (() => false),
    };
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(opts: FakeRedditOptions = {}): Promise<FakeRedditServer> {
    const fake = new FakeRedditServer(opts);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The environment a client needs to reach this fake (credentials, hosts, a tiny request gap). */
  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      REDDIT_CLIENT_ID: this.opts.clientId,
      REDDIT_CLIENT_SECRET: this.opts.clientSecret,
      REDDIT_USERNAME: this.opts.username,
      REDDIT_PASSWORD: this.opts.password,
      REDDIT_USER_AGENT: `test:moddesk:0.1.0 (by /u/${this.opts.username})`,
      MODDESK_REDDIT_API_BASE: `${this.url}/oauth`,
      MODDESK_REDDIT_AUTH_BASE: `${this.url}/www`,
      MODDESK_REDDIT_MIN_GAP_MS: '0',
      MODDESK_REDDIT_QPM: '0',
      MODDESK_REDDIT_TIMEOUT_MS: '400',
      MODDESK_REDDIT_BACKOFF_MS: '20',
      ...extra,
    };
  }

  get threadUrl(): string {
    return `https://www.reddit.com/r/${this.thread.subreddit}/comments/${this.thread.article}/mafia_game_1/`;
  }

  fault(rule: FaultRule): void {
    this.faults.push({ ...rule, times: rule.times ?? 1 });
  }

  revokeTokens(): void {
    this.tokens.clear();
  }

  problems(): string[] {
    const unused = this.faults
      .filter((f) => f.times > 0)
      .map((f) => `unused fault ${f.method ?? '*'} ${String(f.path)}`);
    return [...this.unexpected, ...this.violations, ...unused];
  }

  /** Requests to the API host (`/oauth`), optionally only those whose path starts with `prefix`. */
  apiRequests(prefix = ''): RecordedRequest[] {
    return this.requests.filter((r) => r.host === 'oauth' && r.path.startsWith(prefix));
  }

  clearLog(): void {
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const [, host = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const query = Object.fromEntries(url.searchParams);
    const rec: RecordedRequest = { method, host, path, query, form, status: 0, at: Date.now() };
    this.requests.push(rec);
    this.inFlight += 1;
    let done = false;
    const finish = () => {
      if (!done) this.inFlight -= 1;
      done = true;
    };
    res.on('close', finish);
    if (this.inFlight > 1) this.violations.push(`concurrent request ${method} ${url.pathname}`);
    if (rec.at < this.quietUntil) this.violations.push(`request during Retry-After: ${method} ${url.pathname}`);
    if (!/\(by \/u\/\w+\)/.test(String(req.headers['user-agent'] ?? '')))
      this.violations.push(`no honest User-Agent: ${String(req.headers['user-agent'])}`);
    if (this.opts.latencyMs > 0) await new Promise((r) => setTimeout(r, this.opts.latencyMs));

    const rule = this.takeFault(method, `/${host}${path}`);
    if (rule && !rule.after && this.applyFault(rule.fault, res, rec, null)) return;
    let reply: Reply;
    try {
      reply = this.route(host, method, path, { ...query, ...form }, req, rec);
    } catch (err) {
      reply = { status: 500, body: JSON.stringify({ message: String(err) }) };
      this.violations.push(`fake crashed on ${method} ${url.pathname}: ${String(err)}`);
    }
    if (rule && this.applyFault(rule.fault, res, rec, reply)) return;
    rec.status = reply.status;
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=UTF-8', ...reply.headers });
    res.end(reply.body);
  }

  private takeFault(method: string, path: string): FaultRule | null {
    const rule = this.faults.find(
      (f) =>
        f.times > 0 &&
        (!f.method || f.method === method) &&
        (!f.path || (typeof f.path === 'string' ? path.startsWith(f.path) : f.path.test(path))),
    );
    if (!rule) return null;
    rule.times -= 1;
    return rule;
  }

  /** Sends the fault instead of (or, with `after`, in place of) the real reply; false when it is not a transport fault. */
  private applyFault(fault: Fault, res: ServerResponse, rec: RecordedRequest, reply: Reply | null): boolean {
    if ('hang' in fault) {
      rec.status = -1;
      return true;
    }
    if ('reset' in fault) {
      rec.status = -2;
      res.socket?.destroy();
      return true;
    }
    if ('truncate' in fault) {
      const body = reply?.body ?? JSON.stringify([listing([])]);
      rec.status = 200;
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
      return true;
    }
    if ('jsonErrors' in fault) {
      if (reply) return false;
      rec.status = 200;
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ json: { errors: fault.jsonErrors } }));
      return true;
    }
    rec.status = fault.status;
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (fault.retryAfter !== undefined) {
      headers['retry-after'] = String(fault.retryAfter);
      this.quietUntil = Date.now() + fault.retryAfter * 1000;
    }
    res.writeHead(fault.status, headers);
    res.end(fault.body ?? `<html><body>${fault.status}</body></html>`);
    return true;
  }

  private route(
    host: string,
    method: string,
    path: string,
    p: Record<string, string>,
    req: IncomingMessage,
    rec: RecordedRequest,
  ): Reply {
    if (host === 'www' && method === 'POST' && path === '/api/v1/access_token') return this.token(p, req);
    if (host !== 'oauth') return this.unknown(method, host, path);
    const token = /^bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const expires = token ? this.tokens.get(token) : undefined;
    if (expires === undefined || expires <= Date.now())
      return { status: 401, body: '{"message": "Unauthorized", "error": 401}' };
    const limit = this.spend();
    if (!limit.ok) {
      this.violations.push(`rate limit exceeded: ${method} ${path}`);
      return { status: 429, body: '{"message": "Too Many Requests", "error": 429}', headers: limit.headers };
    }
    if (method === 'GET' && rec.query.raw_json !== '1') this.violations.push(`GET without raw_json=1: ${path}`);
    const reply = this.api(method, path, p);
    return { ...reply, headers: { ...limit.headers, ...reply.headers } };
  }

  private api(method: string, path: string, p: Record<string, string>): Reply {
    const me = this.opts.username;
    const t = this.thread;
    const comments = /^(?:\/r\/[^/]+)?\/comments\/([a-z0-9]+)(?:\/[^/]+(?:\/([a-z0-9]+))?)?\/?$/.exec(path);
    if (method === 'GET' && comments) {
      if (comments[1] !== t.article) return { status: 404, body: '{"message": "Not Found", "error": 404}' };
      const focus = comments[2] ?? p.comment;
      if (focus && (!t.comments.has(focus) || t.unreachable.has(focus)))
        return { status: 404, body: '{"message": "Not Found", "error": 404}' };
      const limit = Math.min(Number(p.limit ?? 100) || 100, 500);
      const page = t.commentsPage({ sort: sortOf(p.sort), limit, depth: Number(p.depth ?? 0), focus }, me);
      return json(page);
    }
    if (path === '/api/morechildren') {
      const ids = (p.children ?? '').split(',').filter(Boolean);
      if (ids.length > 100) this.violations.push(`morechildren with ${ids.length} ids`);
      if (p.link_id !== t.linkId)
        return { status: 400, body: '{"json": {"errors": [["BAD_LINK", "bad link_id", "link_id"]]}}' };
      this.moreChildrenAnswers += 1;
      const served = ids.filter((id) => !this.opts.leftOut(id, ids.length, this.moreChildrenAnswers));
      this.leftOutCount += ids.length - served.length;
      const things = t.moreChildren(served, sortOf(p.sort), p.limit_children === 'true', me, this.opts.moreChildrenCap);
      return json({ json: { errors: [], data: { things } } });
    }
    if (method === 'GET' && /^\/message\/(inbox|messages|unread)$/.test(path))
      return this.page(
        t.messages.filter((m) => m.dest === me).map((m) => ({ kind: 't4', data: t.messageData(m) })),
        p,
      );
    if (method === 'GET' && path === '/message/sent')
      return this.page(
        t.messages.filter((m) => m.author === me).map((m) => ({ kind: 't4', data: t.messageData(m) })),
        p,
      );
    const user = /^\/user\/([\w-]+)\/comments$/.exec(path);
    if (method === 'GET' && user) {
      const mine = [...t.comments.values()].filter((c) => c.author === user[1] && c.state === 'live');
      return this.page(
        mine.map((c) => ({ kind: 't1', data: { ...t.commentData(c, me), replies: '' } })),
        p,
      );
    }
    if (method === 'GET' && (path === '/api/v1/me' || path === `/user/${me}/about`))
      return json(path === '/api/v1/me' ? { name: me, id: 'mod1' } : { kind: 't2', data: { name: me, id: 'mod1' } });
    if (method === 'POST' && path === '/api/comment') {
      if (!p.thing_id || !p.text) return json({ json: { errors: [['NO_TEXT', 'we need something here', 'text']] } });
      const c = t.add(p.thing_id === t.linkId ? null : p.thing_id, me, p.text, 1);
      return json({
        json: { errors: [], data: { things: [{ kind: 't1', data: { ...t.commentData(c, me), replies: '' } }] } },
      });
    }
    const own = this.ownActions(method, path, p, me);
    if (own) return own;
    if (method === 'POST' && path === '/api/compose') {
      if (!p.to || !p.subject || !p.text) return json({ json: { errors: [['NO_TEXT', 'missing field', 'text']] } });
      t.message(me, p.to, p.subject, p.text, 1);
      return json({ json: { errors: [], data: {} } });
    }
    return this.unknown(method, 'oauth', path);
  }

  /**
   * Reddit's API for one's own text and the submission's lock (reddit.com/dev/api): `GET /api/info?id=` (things by
   * fullname), `POST /api/editusertext` (`thing_id`, `text`; the author only, else 403), `POST /api/lock` and
   * `/api/unlock` (`id`; a moderator of the subreddit only, else 403).
   */
  private ownActions(method: string, path: string, p: Record<string, string>, me: string): Reply | null {
    const t = this.thread;
    const forbidden = { status: 403, body: '{"message": "Forbidden", "error": 403}' };
    const thing = (name: string) =>
      name === t.linkId
        ? { kind: 't3', data: t.submissionData() }
        : t.comments.has(name.slice(3))
          ? { kind: 't1', data: { ...t.commentData(t.get(name.slice(3)), me), replies: '' } }
          : null;
    if (method === 'GET' && path === '/api/info') {
      const found = (p.id ?? '')
        .split(',')
        .map(thing)
        .filter((x) => x !== null);
      return json(listing(found, null));
    }
    if (method === 'POST' && path === '/api/editusertext') {
      const name = p.thing_id ?? '';
      if (name === t.linkId) {
        if (me !== 'TheMod') return forbidden;
        if (t.selftext !== p.text) t.modLog.push(`edit ${name}`);
        t.selftext = p.text ?? '';
      } else {
        const c = t.comments.get(name.slice(3));
        if (!c) return json({ json: { errors: [['NO_THING_ID', 'no such thing', 'thing_id']] } });
        if (c.author !== me) return forbidden;
        if (c.body !== p.text) {
          t.edit(c.id, p.text ?? '');
          t.modLog.push(`edit ${name}`);
        }
      }
      const data = thing(name)!;
      return json({ json: { errors: [], data: { things: [data] } } });
    }
    if (method === 'POST' && (path === '/api/lock' || path === '/api/unlock')) {
      if (!t.moderators.has(me)) return forbidden;
      if (p.id !== t.linkId) return json({ json: { errors: [['NO_THING_ID', 'no such thing', 'id']] } });
      const lock = path === '/api/lock';
      if (t.locked !== lock) t.modLog.push(lock ? 'lock' : 'unlock');
      t.locked = lock;
      return json({});
    }
    return null;
  }

  /** A newest-first Listing page with `limit` (≤ 100) and `after`. */
  private page(things: { kind: string; data: Record<string, unknown> }[], p: Record<string, string>): Reply {
    const all = things.sort((a, b) => Number(b.data.created_utc) - Number(a.data.created_utc));
    const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
    const from = p.after ? all.findIndex((x) => x.data.name === p.after) + 1 : 0;
    const slice = all.slice(from, from + limit);
    const more = from + limit < all.length;
    return json(listing(slice, more ? String(slice[slice.length - 1]?.data.name) : null));
  }

  private token(p: Record<string, string>, req: IncomingMessage): Reply {
    const basic = /^Basic (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64')
      .toString()
      .split(':');
    if (id !== this.opts.clientId || secret !== this.opts.clientSecret)
      return { status: 401, body: '{"message": "Unauthorized", "error": 401}' };
    if (p.grant_type !== 'password') return json({ error: 'unsupported_grant_type' });
    if (p.username !== this.opts.username || p.password !== this.opts.password) return json({ error: 'invalid_grant' });
    const token = `tok-${++this.tokenSeq}`;
    this.tokens.set(token, Date.now() + this.opts.tokenTtlSec * 1000);
    return json({ access_token: token, token_type: 'bearer', expires_in: this.opts.tokenTtlSec, scope: '*' });
  }

  private spend(): { ok: boolean; headers: Record<string, string> } {
    const now = Date.now();
    const { budget, windowMs } = this.opts.rateLimit;
    if (now >= this.window.start + windowMs) this.window = { start: now, used: 0 };
    this.window.used += 1;
    const remaining = budget - this.window.used;
    const headers = {
      'x-ratelimit-used': String(this.window.used),
      'x-ratelimit-remaining': `${Math.max(0, remaining)}.0`,
      'x-ratelimit-reset': String(Math.ceil((this.window.start + windowMs - now) / 1000)),
    };
    return { ok: remaining >= 0, headers };
  }

  private unknown(method: string, host: string, path: string): Reply {
    this.unexpected.push(`unexpected request ${method} /${host}${path}`);
    return { status: 404, body: '{"message": "Not Found", "error": 404}' };
  }
}

function sortOf(s: string | undefined): Sort {
  return s === 'old' || s === 'new' ? s : 'confidence';
}

function json(value: unknown): Reply {
  return { status: 200, body: JSON.stringify(value) };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
