import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Attempt, PoliteQueue, retryAfterMs } from './polite-queue.js';

/** A queue on a simulated clock: sleeping moves time, so waits are exact and instant. */
function simulated(opts: Partial<ConstructorParameters<typeof PoliteQueue>[0]> = {}) {
  let now = 1_000_000;
  const starts: number[] = [];
  const queue = new PoliteQueue({
    minGapMs: 1000,
    backoffMs: 2000,
    maxAttempts: 4,
    maxWaitMs: 300_000,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    ...opts,
  });
  const script = (answers: Attempt<string>[]) => async () => {
    starts.push(now);
    return answers.shift() ?? { ok: true as const, value: 'done' };
  };
  return { queue, starts, script, at: () => now };
}

const fail = (status: number, headers: Record<string, string> = {}): Attempt<string> => ({
  ok: false,
  retry: true,
  status,
  headers,
  error: new Error(`HTTP ${status}`),
});

describe('PoliteQueue', () => {
  it('keeps requests at least minGap apart and never runs two at once', async () => {
    const { queue, starts, at } = simulated();
    let busy = false;
    const overlaps: number[] = [];
    const attempt = async (): Promise<Attempt<string>> => {
      if (busy) overlaps.push(at());
      busy = true;
      starts.push(at());
      await new Promise((r) => setTimeout(r, 1));
      busy = false;
      return { ok: true, value: 'x' };
    };
    await Promise.all([queue.run('a', true, attempt), queue.run('b', true, attempt), queue.run('c', true, attempt)]);
    expect(overlaps).toEqual([]);
    expect(starts.map((t) => t - starts[0]!)).toEqual([0, 1000, 2000]);
    expect(queue.requests).toBe(3);
  });

  it('waits Retry-After on a 429, then backoff doubling on 5xx', async () => {
    const { queue, starts, script } = simulated({ minGapMs: 0 });
    await expect(
      queue.run('GET x', true, script([fail(429, { 'retry-after': '7' }), fail(500), fail(502)])),
    ).resolves.toBe('done');
    // Backoff doubles per attempt (2 s × 2^(n-1)) when the server names no time.
    expect(starts.map((t) => t - starts[0]!)).toEqual([0, 7000, 11_000, 19_000]);
  });

  it('waits for the reset when the budget is spent, and spreads what is left otherwise', async () => {
    const { queue, starts, script } = simulated({ minGapMs: 0 });
    const spent: Attempt<string> = {
      ok: true,
      value: 'a',
      headers: { 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': '42' },
    };
    const plenty: Attempt<string> = {
      ok: true,
      value: 'b',
      headers: { 'x-ratelimit-remaining': '100.0', 'x-ratelimit-reset': '300' },
    };
    await queue.run('1', true, script([spent]));
    await queue.run('2', true, script([plenty]));
    await queue.run('3', true, script([]));
    expect(starts.map((t) => t - starts[0]!)).toEqual([0, 42_000, 45_000]);
  });

  it('retries a POST only on 429, and gives up after maxAttempts naming the call', async () => {
    const { queue, script } = simulated({ minGapMs: 0 });
    await expect(queue.run('POST /api/comment', false, script([fail(500)]))).rejects.toThrow(
      /^POST \/api\/comment: HTTP 500$/,
    );
    await expect(
      queue.run('POST /api/comment', false, script([fail(429), fail(429), fail(429), fail(429)])),
    ).rejects.toThrow(/HTTP 429 \(after 4 attempts\)/);
  });

  it('refuses to stall for longer than maxWaitMs', async () => {
    const { queue, script } = simulated({ maxWaitMs: 60_000 });
    await expect(queue.run('GET x', true, script([fail(429, { 'retry-after': '3600' })]))).rejects.toThrow(
      /wait 3600 s/,
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-07T12:00:00Z');
    expect(retryAfterMs({ 'retry-after': '12' }, now)).toBe(12_000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 07 Jan 2026 12:00:30 GMT' }, now)).toBe(30_000);
    expect(retryAfterMs({}, now)).toBeNull();
  });
});

describe('PoliteQueue memory', () => {
  it('keeps no response once its caller has it (a desk holds one queue per game)', async () => {
    const { queue } = simulated();
    let page: { posts: string[] } | null = { posts: ['a big thread page'] };
    const held = new WeakRef(page);
    expect(await queue.run('read', true, async () => ({ ok: true, value: page! }))).toBe(page);
    page = null;
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((r) => setImmediate(r));
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    expect(held.deref()).toBeUndefined();
  });
});
