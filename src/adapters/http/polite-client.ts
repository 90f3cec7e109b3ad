import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ModdeskError } from '../../domain/errors.js';
import { defaultSleep, type HostScheduler, sharedScheduler } from './host-scheduler.js';
import { parseRetryAfter } from './retry-after.js';
import { RobotsCache, type RobotsSnapshot } from './robots-cache.js';
import { statusWords } from './status-words.js';
import { Agent, request } from './undici-request.js';
import { PRODUCT_TOKEN, userAgent } from './user-agent.js';

/** Politeness and resilience settings (platforms.md §0.6, §3). Tests shrink the gaps and timeouts. */
export interface HttpOptions {
  userAgent: string;
  /** Minimum gap between two requests to one host (robots.txt `Crawl-delay` can raise it). */
  minGapMs: number;
  /** Extra random gap, as a fraction of `minGapMs` (never shortens it). */
  jitter: number;
  timeoutMs: number;
  maxAttempts: number;
  /** First backoff after a 429/503 without Retry-After, or a 5xx/reset/timeout; doubles up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A Retry-After longer than this is an error rather than a wait. */
  maxRetryAfterMs: number;
  robots: boolean;
  maxRedirects: number;
  scheduler: HostScheduler;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function httpOptions(overrides: Partial<HttpOptions> = {}, env: NodeJS.ProcessEnv = {}): HttpOptions {
  const fromEnv = (name: string, min: number): number | undefined => {
    const n = env[name] === undefined ? Number.NaN : Number(env[name]);
    return Number.isFinite(n) && n >= min ? n : undefined;
  };
  return {
    userAgent: userAgent(env),
    minGapMs: fromEnv('MODDESK_MIN_GAP_MS', 0) ?? 1000,
    jitter: 0.2,
    timeoutMs: fromEnv('MODDESK_HTTP_TIMEOUT_MS', 1) ?? 30_000,
    maxAttempts: fromEnv('MODDESK_HTTP_ATTEMPTS', 1) ?? 6,
    backoffBaseMs: 2000,
    backoffMaxMs: 300_000,
    maxRetryAfterMs: 600_000,
    robots: true,
    maxRedirects: 5,
    scheduler: sharedScheduler,
    now: Date.now,
    sleep: defaultSleep,
    ...overrides,
  };
}

export interface HttpResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server's Date header (or our clock): when this content was observed. */
  date: number;
}

export interface GetOptions {
  accept?: string;
  headers?: Record<string, string>;
  /** False when the body is truncated or otherwise unusable: the request is retried. */
  validate?: (body: string) => boolean;
  signal?: AbortSignal;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  /** Attempts for this request (default `maxAttempts`); a POST that is not idempotent by itself uses 1. */
  attempts?: number;
  /** A 4xx (not 429) is handed back as an answer to read, not thrown: an API's refusal in its own words. */
  acceptClientErrors?: boolean;
}

const RETRY_STATUSES = new Set([500, 502, 503, 504, 520, 522, 524]);

/** undici on one host at a time, robots.txt honoured, backoff on 429/503, retries on 5xx, resets, timeouts and truncation. */
export class PoliteClient {
  readonly options: HttpOptions;
  /** Every HTTP request made, retries and robots.txt included. */
  requests = 0;
  private readonly agent: Agent;
  private readonly robotsCache: RobotsCache;

  constructor(options: Partial<HttpOptions> = {}) {
    this.options = httpOptions(options);
    // Kept between polls (undici's 4 s default reconnected at every poll of a game read every few seconds).
    this.agent = new Agent({
      connections: 1,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
      connect: { timeout: this.options.timeoutMs },
    });
    this.robotsCache = new RobotsCache(PRODUCT_TOKEN, this.options.now);
  }

  exportRobots(): RobotsSnapshot {
    return this.robotsCache.export();
  }

  importRobots(snapshot: unknown): void {
    this.robotsCache.import(snapshot);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  async get(url: string, opts: GetOptions = {}): Promise<HttpResponse> {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      if (this.options.robots && (opts.method ?? 'GET') === 'GET') await this.checkRobots(target, opts.signal);
      const res = await this.attempt(target, opts);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        if (hop >= this.options.maxRedirects) throw httpError(`too many redirects from ${url}`);
        target = new URL(location, target);
        continue;
      }
      return res;
    }
  }

  private readonly crawlDelays = new Map<string, number>();

  private async checkRobots(target: URL, signal?: AbortSignal): Promise<void> {
    const verdict = await this.robotsCache.rules(target.origin, async () => {
      const robotsUrl = new URL('/robots.txt', target.origin);
      try {
        const res = await this.attempt(robotsUrl, { signal, acceptClientErrors: true });
        return { status: res.status, text: res.status < 300 ? res.body : '' };
      } catch (err) {
        if (UNREACHABLE.has(err as Error)) throw err;
        if (err instanceof ModdeskError) return { status: 599, text: '' };
        throw err;
      }
    });
    if (verdict.unreachable) {
      throw httpError(
        `robots.txt of ${target.origin} could not be read; RFC 9309 says to assume nothing may be read, so try again later`,
      );
    }
    if (!verdict.rules.isAllowed(target.pathname + target.search)) {
      throw httpError(
        `robots.txt of ${target.origin} does not allow ${PRODUCT_TOKEN} to read ${target.pathname}${target.search}; ask the site's staff for permission`,
      );
    }
    const delay = verdict.rules.crawlDelayMs;
    if (delay !== null && delay > this.options.minGapMs) this.crawlDelays.set(target.host, delay);
  }

  private gapFor(host: string): number {
    const base = Math.max(this.options.minGapMs, this.crawlDelays.get(host) ?? 0);
    return base + Math.random() * this.options.jitter * base;
  }

  /** One logical request with its retries; returns redirects (and, with acceptClientErrors, 4xx) as they are. */
  private async attempt(target: URL, opts: GetOptions): Promise<HttpResponse> {
    const { scheduler } = this.options;
    const maxAttempts = opts.attempts ?? this.options.maxAttempts;
    let lastProblem = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const outcome = await scheduler.run(
        target.host,
        this.gapFor(target.host),
        () => this.once(target, opts),
        opts.signal,
      );
      if ('response' in outcome) {
        const res = outcome.response;
        if (res.status < 400 || (opts.acceptClientErrors && res.status < 500 && res.status !== 429)) {
          if (res.status >= 300 || !opts.validate || opts.validate(res.body)) return res;
          lastProblem = `truncated or malformed response (${res.body.length} bytes)`;
          scheduler.delay(target.host, this.backoff(attempt));
          continue;
        }
        if (res.status === 429 || res.status === 503) {
          const wait = parseRetryAfter(res.headers['retry-after'], this.options.now()) ?? this.backoff(attempt);
          if (wait > this.options.maxRetryAfterMs)
            throw httpError(
              `${target.href} asked us to wait ${Math.round(wait / 1000)} s (HTTP ${res.status}); try later`,
            );
          scheduler.delay(target.host, wait);
          lastProblem = statusWords(res.status);
          continue;
        }
        if (RETRY_STATUSES.has(res.status)) {
          scheduler.delay(target.host, this.backoff(attempt));
          lastProblem = statusWords(res.status);
          continue;
        }
        throw httpError(`${target.href} answered HTTP ${res.status}${statusHint(res.status)}`);
      }
      if (opts.signal?.aborted) throw outcome.error;
      const gone = unreachable(outcome.error, target, this.options.timeoutMs);
      // A host that does not resolve or refuses the connection is said at once, not after a minute of retries.
      if (gone.final) throw markUnreachable(httpError(gone.words, outcome.error));
      lastProblem = gone.words;
      scheduler.delay(target.host, this.backoff(attempt));
    }
    throw httpError(`${target.href} failed ${maxAttempts} times; last problem: ${lastProblem}`);
  }

  private backoff(attempt: number): number {
    return Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** (attempt - 1));
  }

  private async once(target: URL, opts: GetOptions): Promise<{ response: HttpResponse } | { error: unknown }> {
    this.requests += 1;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    try {
      const res = await request(target, {
        method: opts.method ?? 'GET',
        dispatcher: this.agent,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        body: opts.body,
        headers: {
          'user-agent': this.options.userAgent,
          accept: opts.accept ?? 'text/html,application/xhtml+xml',
          'accept-encoding': 'gzip, br, deflate',
          ...opts.headers,
        },
      });
      const raw = Buffer.from(await res.body.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const body = decode(raw, headers['content-encoding']);
      const date = headers.date ? Date.parse(headers.date) : Number.NaN;
      return {
        response: {
          url: target.href,
          status: res.statusCode,
          headers,
          body,
          date: Number.isNaN(date) ? this.options.now() : date,
        },
      };
    } catch (error) {
      return { error };
    }
  }
}

function decode(raw: Buffer, encoding: string | undefined): string {
  const enc = encoding?.trim().toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(raw).toString('utf8');
  if (enc === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (enc === 'deflate') return inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** Errors that say the host cannot be reached at all (robots.txt passes them on as they are). */
const UNREACHABLE = new WeakSet<Error>();
function markUnreachable(err: ModdeskError): ModdeskError {
  UNREACHABLE.add(err);
  return err;
}

/** A network failure in words with the host: DNS failure and refusal are final, a timeout is retried. */
function unreachable(err: unknown, target: URL, timeoutMs: number): { words: string; final: boolean } {
  const e = err as { code?: string; name?: string; cause?: { code?: string; name?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  const host = target.host;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return {
      words: `cannot find the host ${target.hostname} (DNS lookup failed): check the thread's address and this machine's connection`,
      final: true,
    };
  if (code === 'ECONNREFUSED')
    return {
      words: `${host} refused the connection: nothing answers there (wrong address or port, or the site is down)`,
      final: true,
    };
  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e?.name === 'TimeoutError' ||
    code === 'ETIMEDOUT'
  )
    return { words: `${host} did not answer within ${Math.round(timeoutMs / 1000)} s (timeout)`, final: false };
  return { words: `${host}: ${describe(err)}`, final: false };
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: string }).code;
    return code ? `${code} ${err.message}` : err.message;
  }
  return String(err);
}

function statusHint(status: number): string {
  if (status === 401 || status === 403)
    return ': the thread needs a login, or the site blocks automated readers (do not bypass; ask its staff)';
  if (status === 404) return ': no such thread (check the URL)';
  return '';
}

export function httpError(message: string, cause?: unknown): ModdeskError {
  return new ModdeskError('http', message, { cause });
}
