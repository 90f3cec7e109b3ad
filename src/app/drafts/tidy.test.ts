import { describe, expect, it } from 'vitest';
import type { DraftRecord, StoredDraft } from '../../domain/draft.js';
import { countDecision, isStale, shelve } from './tidy.js';

const PHASES = ['D1', 'N1', 'D2', 'N2', 'D3'];
let n = 0;
function draft(kind: DraftRecord['kind'], phase: string | null, extra: Partial<StoredDraft> = {}): StoredDraft {
  n += 1;
  const at = `2026-05-04T18:${String(n).padStart(2, '0')}:00Z`;
  return {
    id: `${kind}-${phase}-${n}`,
    gameId: 'g',
    kind,
    status: 'pending',
    phase,
    number: kind === 'vote-count' ? n : null,
    format: 'text',
    text: `${kind} ${n}`,
    to: null,
    throughPost: null,
    createdAt: at,
    updatedAt: at,
    recount: null,
    posted: null,
    supersededBy: null,
    posting: null,
    planAt: n,
    idempotencyKey: `g-${n}`,
    edited: false,
    reason: null,
    ...extra,
  };
}

describe('#15 drafts that stay tidy: the rule, decided once in the desk', () => {
  it('a new count supersedes the pending counts of its phase, not those of another phase', () => {
    const a = draft('vote-count', 'D1');
    const b = draft('vote-count', 'D1');
    const other = draft('vote-count', 'D2');
    const d = countDecision({ id: 'vc-new', kind: 'vote-count', phase: 'D1' }, [a, b, other]);
    expect(d.supersede.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(d.recountOf).toBeNull();
  });

  it("an edited count stays the one pending count: the new count becomes its recount; the day's end leaves it", () => {
    const plain = draft('vote-count', 'D1');
    const edited = draft('vote-count', 'D1', { edited: true });
    const d = countDecision({ id: 'vc-new', kind: 'vote-count', phase: 'D1' }, [plain, edited]);
    expect(d).toEqual({ supersede: [plain], recountOf: edited });
    const end = countDecision({ id: 'day-end', kind: 'day-end', phase: 'D1' }, [plain, edited]);
    expect(end).toEqual({ supersede: [plain], recountOf: null });
    expect(countDecision({ id: 'x', kind: 'night-result', phase: 'D1' }, [plain])).toEqual({
      supersede: [],
      recountOf: null,
    });
  });

  it('stale: a count once its day is over, other drafts two phases back; a game-over draft never', () => {
    expect(isStale(draft('vote-count', 'D1'), PHASES, 'D1')).toBe(false);
    expect(isStale(draft('vote-count', 'D1'), PHASES, 'N1')).toBe(true);
    expect(isStale(draft('day-end', 'D1'), PHASES, 'N1')).toBe(false);
    expect(isStale(draft('day-end', 'D1'), PHASES, 'D2')).toBe(true);
    expect(isStale(draft('game-over', 'D1'), PHASES, 'D3')).toBe(false);
    expect(isStale(draft('day-end', 'D1', { status: 'approved' }), PHASES, 'D3')).toBe(false);
  });

  it('shelves: pending now, one fold per earlier phase (newest first) with its superseded and stale drafts, done', () => {
    const old = draft('vote-count', 'D1', { status: 'superseded', supersededBy: 'vc-D1-9' });
    const staleEnd = draft('day-end', 'D1');
    const posted = draft('day-start', 'N1', { status: 'posted' });
    const n2 = draft('vote-count', 'D2', { status: 'superseded' });
    const now = draft('vote-count', 'D2');
    const over = draft('game-over', 'D2');
    const shelf = shelve([old, staleEnd, posted, n2, now, over], PHASES, 'D2');
    expect(shelf.pending.map((d) => d.id)).toEqual([over.id, now.id]);
    expect(shelf.done.map((d) => d.id)).toEqual([posted.id]);
    expect(shelf.folds.map((f) => [f.phase, f.superseded.map((d) => d.id), f.stale.map((d) => d.id)])).toEqual([
      ['D2', [n2.id], []],
      ['D1', [old.id], [staleEnd.id]],
    ]);
  });

  it('issue 30: a count fix of an earlier day and the waiting roster edit are never stale; a lock two phases back is', () => {
    expect(isStale(draft('count-fix', 'D1'), PHASES, 'D3')).toBe(false);
    expect(isStale(draft('roster-edit', 'D1'), PHASES, 'D3')).toBe(false);
    expect(isStale(draft('lock', 'D1'), PHASES, 'D2')).toBe(true);
  });
});
