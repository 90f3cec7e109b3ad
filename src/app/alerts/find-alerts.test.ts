import { describe, expect, it } from 'vitest';
import type { StoredDraft } from '../../domain/draft.js';
import { HOUR } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { findAlerts, type GameLook } from './find-alerts.js';
import { groupAlerts } from './group-alerts.js';

const T0 = Date.parse('2026-05-04T18:00:00Z');
const limits = { deadlineHours: 2, failingMinutes: 15, draftWaitingMinutes: 30 };

function look(o: Partial<GameLook> & { phase?: Partial<NonNullable<GameContext['phase']>> }): GameLook {
  const phase = {
    index: 1,
    name: 'N1',
    kind: 'night' as const,
    number: 1,
    startedAt: T0,
    deadline: T0 + 24 * HOUR,
    endedAt: null,
    endReason: null,
    ...o.phase,
  };
  const ctx = {
    phase,
    flags: [],
    nightActions: [],
    slots: [{ name: 'Ann' }, { name: 'Bea' }],
    ...o.ctx,
  } as unknown as GameContext;
  return { postFlags: [], now: T0 + HOUR, readFailingSince: null, postFailingSince: new Map(), drafts: [], ...o, ctx };
}

describe('findAlerts: what needs the moderator now (issue 31)', () => {
  it('a night action names its sender and kind of alert only, never its target nor the PM', () => {
    const ctx = {
      nightActions: [{ phase: 'N1', actor: 1, kind: 'kill', target: 0, extra: null, postId: 'pm9', at: T0 + 1 }],
    } as unknown as GameContext;
    const items = findAlerts(look({ ctx }), limits);
    expect(items).toEqual([{ kind: 'night-action', key: 'night-action:pm9:kill', subject: 'Bea' }]);
    expect(groupAlerts('g', items, '2026-05-04T19:00:00Z')?.lines).toEqual(['1 night action received by PM from Bea']);
  });

  it('a deadline within deadlineHours, once per deadline; not before', () => {
    const near = findAlerts(look({ now: T0 + 23 * HOUR }), limits);
    expect(near.map((i) => i.key)).toEqual([`deadline-near:N1:${T0 + 24 * HOUR}`]);
    expect(findAlerts(look({ now: T0 + 21 * HOUR }), limits)).toEqual([]);
  });

  it('reads failing for failingMinutes, a draft waiting draftWaitingMinutes; not sooner', () => {
    const now = T0 + HOUR;
    const draft = {
      id: 'd1',
      kind: 'vote-count',
      status: 'pending',
      createdAt: new Date(now - 31 * 60_000).toISOString(),
    };
    const items = findAlerts(
      look({
        now,
        readFailingSince: now - 16 * 60_000,
        drafts: [draft as StoredDraft],
        postFailingSince: new Map([['d2', now - 60_000]]),
      }),
      limits,
    );
    expect(items.map((i) => i.kind)).toEqual(['read-failing', 'draft-waiting']);
    expect(findAlerts(look({ now, readFailingSince: now - 14 * 60_000 }), limits)).toEqual([]);
  });
});
