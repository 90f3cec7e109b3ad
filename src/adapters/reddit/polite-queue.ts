import { setTimeout as delay } from 'node:timers/promises';
import { ModdeskError } from '../../domain/errors.js';

/**
 * Politeness shared by both gateways (platforms.md §1.3, §3): one request at a time, a minimum gap, waits driven by
 * `X-Ratelimit-Remaining/Reset`, `Retry-After` on 429/503, exponential backoff on 5xx and broken responses, and a
 * count of every HTTP exchange. Each gateway supplies one `attempt` (a single HTTP exchange, classified).
 */

export type Headers = Record<string, string | string[] | undefined>;

export type Attempt<T> =
  | { ok: true; value: T; headers?: Headers }
  | { ok: false; retry: boolean; status?: number; headers?: Headers; error: Error };

export interface PoliteOptions {
  /** Minimum time between the end of one request and the start of the next. */
  minGapMs: number;
  /** First backoff step when the server gives no Retry-After; doubles per attempt, capped at maxWaitMs. */
  backoffMs: number;
  maxAttempts: number;
  /** A Retry-After or reset longer than this is an error rather than a silent stall. */
  maxWaitMs: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_POLITENESS: PoliteOptions = {
  minGapMs: 1000,
  backoffMs: 2000,
  maxAttempts: 4,
  maxWaitMs: 300_000,
};

export class PoliteQueue {
  requests = 0;
  /** Every wait imposed by the server (ms), for tests and logs. */
  readonly waits: { reason: string; ms: number }[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private nextAt = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(readonly opts: PoliteOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /**
   * Runs `attempt` until it succeeds, retrying what is safe to retry: everything when `idempotent`, otherwise only a
   * 429 (the server did not act on it). Calls are queued: never two at once.
   */
  run<T>(label: string, idempotent: boolean, attempt: () => Promise<Attempt<T>>, signal?: AbortSignal): Promise<T> {
    const result = this.tail.then(() => this.loop(label, idempotent, attempt, signal));
    // The tail keeps only that the call settled, not its value: a desk's 1,000 queues would each hold their last
    // response (a whole thread page) until their next request.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async loop<T>(label: string, idempotent: boolean, attempt: () => Promise<Attempt<T>>, signal?: AbortSignal) {
    for (let n = 1; ; n++) {
      signal?.throwIfAborted();
      const wait = this.nextAt - this.now();
      if (wait > 0) await this.sleep(wait, signal);
      this.requests += 1;
      const r = await attempt();
      this.nextAt = this.now() + Math.max(this.opts.minGapMs, this.rateWait(r.headers));
      if (r.ok) return r.value;
      const retryable = r.retry && (idempotent || r.status === 429);
      if (!retryable || n >= this.opts.maxAttempts) {
        // The gateway's message may already start with the label: say it once.
        const why = r.error.message.startsWith(label) ? r.error.message : `${label}: ${r.error.message}`;
        throw new ModdeskError('http', `${why}${n > 1 ? ` (after ${n} attempts)` : ''}`, {
          cause: r.error,
        });
      }
      const told = retryAfterMs(r.headers, this.now());
      const backoff = Math.min(this.opts.backoffMs * 2 ** (n - 1), this.opts.maxWaitMs);
      const ms = told ?? backoff;
      if (ms > this.opts.maxWaitMs) {
        throw new ModdeskError(
          'http',
          `${label}: the server asks to wait ${Math.ceil(ms / 1000)} s, longer than allowed`,
          { cause: r.error },
        );
      }
      this.waits.push({
        reason: told === null ? `backoff after ${r.status ?? r.error.message}` : `Retry-After ${r.status}`,
        ms,
      });
      this.nextAt = Math.max(this.nextAt, this.now() + ms);
    }
  }

  /** prawcore's idea: when the budget is spent wait for the reset, else spread what is left over the window (≤ 10 s). */
  private rateWait(headers: Headers | undefined): number {
    const remaining = Number.parseFloat(header(headers, 'x-ratelimit-remaining') ?? '');
    const reset = Number.parseFloat(header(headers, 'x-ratelimit-reset') ?? '');
    if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return 0;
    if (remaining < 1) {
      const ms = reset * 1000;
      if (ms > this.opts.maxWaitMs) return this.opts.maxWaitMs;
      this.waits.push({ reason: 'rate limit spent', ms });
      return ms;
    }
    return Math.min((reset * 1000) / remaining, 10_000);
  }
}

export function header(headers: Headers | undefined, name: string): string | undefined {
  const v = headers?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now: number): number | null {
  const v = header(headers, 'retry-after')?.trim();
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
