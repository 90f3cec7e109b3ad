import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AlertMessage } from '../../adapters/alerts/types.js';
import { HOUR } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { Alerter } from './alerter.js';

const T0 = Date.parse('2026-05-04T18:00:00Z');
const phase = (name: string, kind: 'day' | 'night', endedAt: number | null = null) => ({
  index: 0,
  name,
  kind,
  number: 1,
  startedAt: T0,
  deadline: null,
  endedAt,
  endReason: null,
});
const ctxIn = (p: ReturnType<typeof phase>, more: Partial<GameContext> = {}) =>
  ({ phase: p, flags: [], nightActions: [], slots: [], timers: [], ...more }) as unknown as GameContext;

function alerter(now: () => number) {
  const sent: AlertMessage[] = [];
  const a = new Alerter({
    limits: { deadlineHours: 2, failingMinutes: 15, draftWaitingMinutes: 30 },
    routes: [
      {
        channel: { name: 'test', send: async (m) => void sent.push(m) },
        kinds: new Set(['day-ended', 'deadline-near'] as const),
      },
    ],
    now,
    log: pino({ level: 'silent' }),
    postFlags: () => [],
  });
  return { a, sent };
}

describe('Alerter (issue 31)', () => {
  it('a day seen open that one round takes past its end into the night is still told as ended, once', async () => {
    const { a, sent } = alerter(() => T0 + HOUR);
    const round = (ctx: GameContext) => a.afterRound({ gameId: 'g', ctx, posts: [], failures: 0, drafts: [] });
    round(ctxIn(phase('D1', 'day')));
    round(ctxIn(phase('N1', 'night')));
    round(ctxIn(phase('N1', 'night')));
    await a.idle();
    expect(sent.map((m) => m.lines)).toEqual([['D1 has ended']]);
  });

  it('R-M: a missile landing within deadlineHours is told once, beside the kinds the channel was not given', async () => {
    const { a, sent } = alerter(() => T0 + HOUR);
    const ctx = ctxIn(phase('N1', 'night'), {
      timers: [{ at: T0 + 2 * HOUR, kind: 'missile-landed', ref: 'm1', seq: 0 }],
      nightActions: [{ phase: 'N1', actor: 0, kind: 'kill', target: 1, extra: null, postId: 'pm1', at: T0 }],
    } as unknown as Partial<GameContext>);
    a.afterRound({ gameId: 'g', ctx, posts: [], failures: 0, drafts: [] });
    a.afterRound({ gameId: 'g', ctx, posts: [], failures: 0, drafts: [] });
    await a.idle();
    expect(sent.map((m) => [m.kinds, m.lines])).toEqual([[['deadline-near'], ['coming up soon: a missile landing']]]);
  });
});
