import { setTimeout as delay } from 'node:timers/promises';
import { ModdeskError } from '../domain/errors.js';
import { type Instant, parseInstant } from '../domain/time.js';

/**
 * The app's clock, injected everywhere the shell needs time (the pure core never reads it). `now()` is game time;
 * `sleep(ms)` waits `ms` of game time; `toRealMs` converts a span of game time into wall-clock milliseconds, which
 * is what the network politeness limits count in.
 */
export interface Clock {
  now(): Instant;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Game-time span → real span (speed 1: the same). */
  toRealMs(ms: number): number;
  readonly speed: number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, { signal }).catch(swallowAbort),
  toRealMs: (ms) => ms,
  speed: 1,
};

/** Game time running `speed` times faster than the wall clock from `origin` (game) at `realOrigin` (wall). */
export function acceleratedClock(origin: Instant, realOrigin: number, speed: number): Clock {
  return {
    now: () => origin + (Date.now() - realOrigin) * speed,
    sleep: (ms, signal) => delay(Math.max(0, ms / speed), undefined, { signal }).catch(swallowAbort),
    toRealMs: (ms) => ms / speed,
    speed,
  };
}

/** Game time standing still at `at` (`serve --speed 0`): nothing is timed to pass; polls still run on the wall clock. */
export function stoppedClock(at: Instant): Clock {
  return {
    now: () => at,
    sleep: (_ms, signal) =>
      new Promise((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true })),
    toRealMs: () => Number.POSITIVE_INFINITY,
    speed: 0,
  };
}

/** `2026-03-02T00:00:00Z@1767225600000x3600`: game time `origin` at wall time `realOrigin`, `speed` times faster. */
export function parseClockSpec(spec: string): Clock {
  const m = /^(.+)@(\d+)x(\d+(?:\.\d+)?)$/.exec(spec.trim());
  const origin = m ? parseInstant(m[1]!) : null;
  if (!m || origin === null || Number(m[3]) <= 0) {
    throw new ModdeskError(
      'usage',
      `expected a clock like "2026-03-02T00:00:00Z@1767225600000x3600" (game time @ wall-clock ms x speed), got ${JSON.stringify(spec)}`,
      { place: '--clock' },
    );
  }
  return acceleratedClock(origin, Number(m[2]), Number(m[3]));
}

export function clockSpec(origin: Instant, realOrigin: number, speed: number): string {
  return `${new Date(origin).toISOString()}@${realOrigin}x${speed}`;
}

/** A clock for tests: time moves only when told to; sleepers wake when it passes their time. */
export class FakeClock implements Clock {
  readonly speed = 1;
  private sleepers: { at: Instant; wake: () => void }[] = [];
  constructor(private t: Instant) {}
  now(): Instant {
    return this.t;
  }
  toRealMs(ms: number): number {
    return ms;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const entry = { at: this.t + Math.max(0, ms), wake: resolve };
      this.sleepers.push(entry);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((s) => s !== entry);
        resolve();
      });
    });
  }
  /** Moves time forward and wakes every sleeper whose time has come. */
  advance(ms: number): void {
    this.set(this.t + ms);
  }
  set(t: Instant): void {
    this.t = t;
    const due = this.sleepers.filter((s) => s.at <= t);
    this.sleepers = this.sleepers.filter((s) => s.at > t);
    for (const s of due) s.wake();
  }
}

function swallowAbort(err: unknown): void {
  if ((err as Error).name !== 'AbortError') throw err;
}
