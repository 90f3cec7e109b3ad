import { ModdeskError, quote } from '../../domain/errors.js';
import { statusWords } from '../http/status-words.js';
import { Agent, request } from '../http/undici-request.js';
import type { RedditConfig } from './config.js';
import { expandStubs, MORECHILDREN_MAX } from './expand.js';
import type { OnPage, RedditGateway, ThingNow } from './gateway.js';
import { parseCommentListing, parseCommentsPage, parseMessages, parseMoreChildren } from './parse-page.js';
import { type Attempt, type Headers, PoliteQueue } from './polite-queue.js';
import { type CommentData, jsonEnvelopeSchema, listingSchema, thingNow, tokenSchema } from './schema.js';

type Params = Record<string, string | number | boolean>;

/**
 * One connection pool for every game's gateway in the process, its sockets kept between polls: with undici's
 * default 4 s keep-alive a game polled every 5 s opened a new connection (and a new client) at every poll. The
 * server's keep-alive hint still bounds it.
 */
const POLLING_AGENT = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000 });
interface Raw {
  status: number;
  json: unknown;
}

/**
 * The Reddit client on undici: password grant (refreshed early, and again on a 401), `raw_json=1` on every call,
 * `sort=old&limit=500&depth=10` for the first page, morechildren 100 ids at a time, and PoliteQueue for pacing.
 */
export class UndiciGateway implements RedditGateway {
  readonly name = 'undici' as const;
  private readonly queue: PoliteQueue;
  private token: { value: string; refreshAt: number } | null = null;

  constructor(
    private readonly cfg: RedditConfig,
    queue?: PoliteQueue,
  ) {
    this.queue = queue ?? new PoliteQueue(cfg.politeness);
  }

  get requests(): number {
    return this.queue.requests;
  }

  async readThread(article: string, opts: { onPage?: OnPage; signal?: AbortSignal } = {}) {
    const first = await this.readPage(article, { sort: 'old', limit: 500, depth: 10 }, opts.signal);
    const hidden = Math.max(0, first.submission.num_comments - first.comments.length);
    const total = 1 + Math.ceil(hidden / MORECHILDREN_MAX);
    opts.onPage?.(1, first.comments.length, total);
    const { comments, missing } = await expandStubs(
      first,
      {
        more: (ids) => this.moreChildren(article, ids, opts.signal),
        continueAt: (parent) =>
          this.readPage(
            article,
            { sort: 'old', limit: 500, depth: 10, focus: parent.replace(/^t1_/, '') },
            opts.signal,
          ),
      },
      { onStep: (steps, n) => opts.onPage?.(steps + 1, n, Math.max(total, steps + 1)), signal: opts.signal },
    );
    return { submission: first.submission, comments, stubs: [], missing };
  }

  permalink(article: string, id: string, signal?: AbortSignal) {
    return this.readPage(article, { sort: 'old', limit: 500, depth: 10, focus: id }, signal);
  }

  async readPage(
    article: string,
    q: { sort: 'old' | 'new'; limit: number; depth?: number; focus?: string },
    signal?: AbortSignal,
  ) {
    const path = q.focus ? `/comments/${article}/_/${q.focus}` : `/comments/${article}`;
    const params: Params = { sort: q.sort, limit: q.limit, showmore: 'true' };
    if (q.depth) params.depth = q.depth;
    const json = await this.api('GET', path, params, signal);
    return parseCommentsPage(json, { where: `GET ${path}` });
  }

  async moreChildren(article: string, ids: string[], signal?: AbortSignal) {
    const params = {
      api_type: 'json',
      link_id: `t3_${article}`,
      children: ids.join(','),
      sort: 'old',
      limit_children: 'false',
    };
    const json = await this.api('GET', '/api/morechildren', params, signal);
    return parseMoreChildren(json, { where: 'GET /api/morechildren' });
  }

  async readInbox(q: { limit: number; after?: string }) {
    const params: Params = { limit: q.limit, mark: 'false' };
    if (q.after) params.after = q.after;
    const json = await this.api('GET', '/message/inbox', params);
    const after = listingSchema.safeParse(json).data?.data.after ?? null;
    return { messages: parseMessages(json, { where: 'GET /message/inbox' }), after };
  }

  async ownComments(limit: number): Promise<CommentData[]> {
    const path = `/user/${this.cfg.username}/comments`;
    return parseCommentListing(await this.api('GET', path, { sort: 'new', limit }), { where: `GET ${path}` });
  }

  async sentMessages(limit: number) {
    return parseMessages(await this.api('GET', '/message/sent', { limit }), { where: 'GET /message/sent' });
  }

  async comment(thingId: string, text: string): Promise<CommentData> {
    const json = await this.api('POST', '/api/comment', { api_type: 'json', thing_id: thingId, text });
    const { comments } = parseMoreChildren(json, { where: 'POST /api/comment' });
    const made = comments[0];
    if (!made)
      throw new ModdeskError('http', `POST /api/comment: no comment in the answer ${quote(JSON.stringify(json))}`);
    return made;
  }

  async compose(to: string, subject: string, text: string): Promise<void> {
    const json = await this.api('POST', '/api/compose', { api_type: 'json', to, subject, text });
    const errors = jsonEnvelopeSchema.safeParse(json).data?.json.errors ?? [];
    if (errors.length > 0)
      throw new ModdeskError('http', `POST /api/compose: Reddit returned errors ${quote(JSON.stringify(errors))}`);
  }

  async info(fullname: string): Promise<ThingNow | null> {
    const json = await this.api('GET', '/api/info', { id: fullname });
    return thingNow(listingSchema.safeParse(json).data?.data.children[0]?.data ?? null);
  }

  async editText(fullname: string, text: string): Promise<void> {
    const json = await this.api('POST', '/api/editusertext', { api_type: 'json', thing_id: fullname, text });
    const errors = jsonEnvelopeSchema.safeParse(json).data?.json.errors ?? [];
    if (errors.length > 0)
      throw new ModdeskError('http', `POST /api/editusertext: Reddit returned errors ${quote(JSON.stringify(errors))}`);
  }

  async setLocked(fullname: string, locked: boolean): Promise<void> {
    await this.api('POST', locked ? '/api/lock' : '/api/unlock', { id: fullname });
  }

  /** An authenticated API call; a 401 gets one fresh token and one more try. */
  private async api(method: 'GET' | 'POST', path: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    for (let tries = 0; ; tries++) {
      const token = await this.accessToken(signal);
      const url = new URL(`${this.cfg.apiBase}${path}`);
      const form = new URLSearchParams();
      const target = method === 'GET' ? url.searchParams : form;
      for (const [k, v] of Object.entries(params)) target.set(k, String(v));
      url.searchParams.set('raw_json', '1');
      const headers = { authorization: `bearer ${token}` };
      const res = await this.queue.run(
        `${method} ${path}`,
        method === 'GET',
        () => this.once(method, url, headers, form, signal),
        signal,
      );
      if (res.status !== 401) return res.json;
      this.token = null;
      if (tries >= 1)
        throw new ModdeskError('http', `${method} ${path}: HTTP 401 even with a fresh token (check the app's scopes)`);
    }
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.token && Date.now() < this.token.refreshAt) return this.token.value;
    const basic = Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64');
    const form = new URLSearchParams({
      grant_type: 'password',
      username: this.cfg.username,
      password: this.cfg.password,
    });
    const url = new URL(`${this.cfg.authBase}/api/v1/access_token`);
    const res = await this.queue.run(
      'POST /api/v1/access_token',
      true,
      () => this.once('POST', url, { authorization: `Basic ${basic}` }, form, signal),
      signal,
    );
    const parsed = tokenSchema.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) {
      const error = (res.json as { error?: unknown } | null)?.error;
      const hint =
        error === 'invalid_grant' ? ' (wrong username or password, or the account is not a developer of the app)' : '';
      throw new ModdeskError(
        'http',
        `Reddit refused the password grant: ${statusWords(res.status)}${typeof error === 'string' && /^\w{1,40}$/.test(error) ? ` (${error})` : ''}${hint}`,
        {
          place: 'REDDIT_CLIENT_ID/REDDIT_USERNAME',
        },
      );
    }
    const ttl = parsed.data.expires_in * 1000;
    this.token = { value: parsed.data.access_token, refreshAt: Date.now() + ttl - Math.min(60_000, ttl / 10) };
    return this.token.value;
  }

  /** One HTTP exchange, classified for PoliteQueue. 401 is returned (the caller refreshes the token). */
  private async once(
    method: string,
    url: URL,
    auth: Record<string, string>,
    form: URLSearchParams,
    signal?: AbortSignal,
  ): Promise<Attempt<Raw>> {
    // The path as the API names it (a base with a path of its own, a proxy or the local forum, left out): said once.
    const prefix = [this.cfg.apiBase, this.cfg.authBase]
      .map((b) => new URL(b).pathname.replace(/\/$/, ''))
      .find((p) => p && url.pathname.startsWith(`${p}/`));
    const what = `${method} ${prefix ? url.pathname.slice(prefix.length) : url.pathname}`;
    try {
      const res = await request(url, {
        method: method as 'GET' | 'POST',
        headers: {
          ...auth,
          'user-agent': this.cfg.userAgent,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: method === 'POST' ? form.toString() : undefined,
        headersTimeout: this.cfg.timeoutMs,
        bodyTimeout: this.cfg.timeoutMs,
        dispatcher: POLLING_AGENT,
        signal,
      });
      const text = await res.body.text();
      const headers = res.headers as Headers;
      const status = res.statusCode;
      if (status === 429 || status >= 500) {
        return {
          ok: false,
          retry: true,
          status,
          headers,
          error: new ModdeskError('http', `${what}: ${statusWords(status)}`),
        };
      }
      if (status === 401) return { ok: true, value: { status, json: null }, headers };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        // The answer to a credential request is never quoted: a server that echoes the request holds the password.
        const body = url.pathname.endsWith('/access_token') ? `(${text.length} characters, not shown)` : quote(text);
        const error = new ModdeskError('http', `${what}: HTTP ${status} with a broken JSON body ${body}`);
        return { ok: false, retry: status < 300, status, headers, error };
      }
      if (status >= 400 && !(url.pathname.endsWith('/access_token') && status < 500)) {
        return {
          ok: false,
          retry: false,
          status,
          headers,
          error: new ModdeskError('http', `${what}: ${statusWords(status)}${saidBy(json)}`),
        };
      }
      return { ok: true, value: { status, json }, headers };
    } catch (err) {
      if (signal?.aborted) throw err;
      const code = (err as { code?: string }).code ?? (err as Error).name;
      // Said with the host, once: a name that does not resolve or a refused connection will not mend by retrying.
      const words =
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? `cannot find the host ${url.hostname} (DNS lookup failed)`
          : code === 'ECONNREFUSED'
            ? `${url.host} refused the connection`
            : `${url.host}: ${code}`;
      const retry = code !== 'ENOTFOUND' && code !== 'ECONNREFUSED';
      return { ok: false, retry, error: new ModdeskError('http', `${what}: ${words}`, { cause: err }) };
    }
  }
}

/** What Reddit's JSON error body says in words (`message`, `reason`, `explanation`), never the JSON itself. */
function saidBy(json: unknown): string {
  if (typeof json !== 'object' || json === null) return '';
  const o = json as Record<string, unknown>;
  const words = [o.explanation, o.reason, o.message].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return words ? `; Reddit says ${quote(words)}` : '';
}
