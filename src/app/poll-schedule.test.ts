import { describe, expect, it } from 'vitest';
import type { Instant } from '../domain/time.js';
import type { GameContext, TimerKind } from '../machine/context.js';
import { appConfigSchema } from './app-config.js';
import { adapterFloorMs, nextPollStep, quietIntervalMs, type ScheduleInput } from './poll-schedule.js';

const SEC = 1000;
const MIN = 60 * SEC;
const NOW = Date.parse('2026-05-04T18:00:00Z');
const poll = appConfigSchema.parse({
  games: [{ file: 'g.yaml' }],
  poll: { intervalSeconds: 5, nearSeconds: 5, nearWindowMinutes: 10, minSeconds: 0, quietMaxSeconds: 60 },
}).poll;

const withTimer = (at: Instant, kind: TimerKind = 'phase-deadline') =>
  ({ timers: [{ at, kind, ref: '0', seq: 0 }] }) as unknown as GameContext;

function input(over: Partial<ScheduleInput>): ScheduleInput {
  return {
    now: NOW,
    ctx: null,
    voteCountDue: null,
    poll,
    floorMs: 0,
    toRealMs: (ms) => ms,
    failures: 0,
    activeAt: NOW,
    ...over,
  };
}
const quietFor = (ms: number, over: Partial<ScheduleInput> = {}) =>
  nextPollStep(input({ activeAt: NOW - ms, ...over }));

describe('the poll schedule (decision 0015)', () => {
  it('a quiet thread backs off step by step, doubling, up to the ceiling', () => {
    const steps = [0, 39, 40, 79, 80, 160, 320, 3600, 86_400].map((s) => quietFor(s * SEC).delayMs / SEC);
    expect(steps).toEqual([5, 5, 10, 10, 20, 40, 60, 60, 60]);
    expect(quietFor(0).reason).toBe('active');
    expect(quietFor(hours(5)).reason).toBe('quiet');
    // A game with no post at all is a quiet one.
    expect(nextPollStep(input({ activeAt: null }))).toEqual({ delayMs: 60 * SEC, reason: 'quiet' });
  });

  it('a backed-off poll is at most a quarter of the quiet spell late', () => {
    for (let q = 0; q <= 20 * MIN; q += 7 * SEC) {
      const d = quietFor(q).delayMs;
      if (d > 5 * SEC) expect(d, `quiet ${q} ms`).toBeLessThanOrEqual(q / 4);
    }
  });

  it('snaps back to the base interval when a post arrives or the moderator acts (activeAt moves to now)', () => {
    expect(quietFor(hours(6)).delayMs).toBe(60 * SEC);
    expect(nextPollStep(input({ activeAt: NOW }))).toEqual({ delayMs: 5 * SEC, reason: 'active' });
    // An activity stamped a little after the desk's now (a post's clock ahead of ours) is activity too.
    expect(nextPollStep(input({ activeAt: NOW + 3 * SEC })).delayMs).toBe(5 * SEC);
  });

  it('snaps back when a deadline, a missile landing or a vote count due is near, however quiet the thread', () => {
    for (const kind of ['phase-deadline', 'missile-landed', 'abort-window-closed'] as const) {
      const step = quietFor(hours(6), { ctx: withTimer(NOW + 9 * MIN, kind) });
      expect(step, kind).toEqual({ delayMs: 5 * SEC, reason: 'event-near' });
    }
    expect(quietFor(hours(6), { voteCountDue: NOW + 2 * MIN })).toEqual({ delayMs: 5 * SEC, reason: 'event-near' });
    // nearSeconds shorter than the interval wins inside the window.
    const fast = { ...poll, nearSeconds: 2 };
    expect(quietFor(hours(6), { ctx: withTimer(NOW + MIN), poll: fast }).delayMs).toBe(2 * SEC);
  });

  it('a backed-off poll lands no later than the start of the near window', () => {
    // The window opens in 25 s: the poll is then, not at the 60 s ceiling.
    const step = quietFor(hours(6), { ctx: withTimer(NOW + 10 * MIN + 25 * SEC) });
    expect(step).toEqual({ delayMs: 25 * SEC, reason: 'event-near' });
  });

  it('is never later than just after the next timed thing, for any quiet spell and any distance to it', () => {
    for (const quiet of [0, 30 * SEC, 5 * MIN, hours(2), Number.POSITIVE_INFINITY])
      for (let until = 100; until < 30 * MIN; until += 3_700) {
        const activeAt = quiet === Number.POSITIVE_INFINITY ? null : NOW - quiet;
        const { delayMs } = nextPollStep(input({ activeAt, ctx: withTimer(NOW + until) }));
        expect(delayMs, `quiet ${quiet}, deadline in ${until} ms`).toBeLessThanOrEqual(until + SEC);
        // And inside the window never slower than the base interval.
        if (until <= 10 * MIN) expect(delayMs).toBeLessThanOrEqual(5 * SEC);
      }
  });

  it('polls just after the deadline itself', () => {
    expect(quietFor(hours(6), { ctx: withTimer(NOW + 1500) })).toEqual({ delayMs: 2500, reason: 'event-next' });
  });

  it('failures back off on their own rule; the floor (pacing, rate limit) wins over everything', () => {
    expect(nextPollStep(input({ failures: 3 }))).toEqual({ delayMs: 20 * SEC, reason: 'retry' });
    expect(nextPollStep(input({ floorMs: 24 * SEC, ctx: withTimer(NOW + 1500) }))).toEqual({
      delayMs: 24 * SEC,
      reason: 'floor',
    });
  });

  it('the ceiling defaults to four intervals and is never below the interval', () => {
    const { quietMaxSeconds: _, ...plain } = poll;
    expect(nextPollStep(input({ activeAt: null, poll: plain })).delayMs).toBe(20 * SEC);
    expect(nextPollStep(input({ activeAt: null, poll: { ...poll, quietMaxSeconds: 1 } })).delayMs).toBe(5 * SEC);
  });

  it('measures the quiet spell in real time on a fast clock, and a stopped clock is at the ceiling', () => {
    // At 60x, two game hours of quiet are two real minutes: 20 s steps.
    expect(quietFor(hours(2), { toRealMs: (ms) => ms / 60 }).delayMs).toBe(20 * SEC);
    expect(quietFor(MIN, { toRealMs: () => Number.POSITIVE_INFINITY }).delayMs).toBe(60 * SEC);
  });

  it('quietIntervalMs reaches a ceiling that is not a power of two of the base', () => {
    expect(quietIntervalMs(5 * SEC, 60 * SEC, 319 * SEC)).toBe(40 * SEC);
    expect(quietIntervalMs(5 * SEC, 60 * SEC, 320 * SEC)).toBe(60 * SEC);
  });
});

describe("the adapters' floor: pacing and Reddit's queries a minute per client id", () => {
  it('games sharing one client id share its 100 QPM (two requests a poll)', () => {
    expect(adapterFloorMs('reddit', {}, 1)).toBe(2 * SEC);
    expect(adapterFloorMs('reddit', {}, 20)).toBe(24 * SEC);
    expect(adapterFloorMs('reddit', { MODDESK_REDDIT_QPM: '600' }, 20)).toBe(4 * SEC);
    // A local forum has no budget and no pacing.
    expect(adapterFloorMs('reddit', { MODDESK_REDDIT_QPM: '0', MODDESK_REDDIT_MIN_GAP_MS: '0' }, 1000)).toBe(0);
    expect(adapterFloorMs('phpbb', {}, 20)).toBe(2 * SEC);
  });
});

function hours(n: number): number {
  return n * 60 * MIN;
}
