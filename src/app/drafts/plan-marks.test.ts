import { describe, expect, it } from 'vitest';
import { initialPlan, type PlanState } from './plan.js';
import { PlanMarks } from './plan-marks.js';

const H = 3_600_000;
const at = (t: number, more: Partial<PlanState> = {}): PlanState => ({ ...initialPlan(t), ...more });

describe('the planner’s past positions (decision 0043)', () => {
  it('keeps positions an hour apart, at most 32, and goes back to the last one before a late post', () => {
    const marks = new PlanMarks();
    for (let t = 0; t <= 100 * H; t += H / 4) marks.add(at(t, { counts: { D1: t } }));
    const start = at(-1);
    const now = at(100 * H, { joinedAt: 5, rolePms: true });
    const back = marks.rewindBefore(90 * H + 1, now, start);
    expect(back.at).toBe(90 * H);
    expect(back.counts).toEqual({ D1: 90 * H });
    // What the desk learned since is kept.
    expect(back.joinedAt).toBe(5);
    expect(back.rolePms).toBe(true);
    // The positions from the late post on are forgotten; 32 are kept in all (69 h is the oldest).
    expect(marks.rewindBefore(80 * H, now, start).at).toBe(79 * H);
    expect(marks.rewindBefore(69 * H + 1, now, start).at).toBe(69 * H);
    expect(marks.rewindBefore(69 * H, now, start)).toMatchObject({ at: -1, joinedAt: 5, rolePms: true });
  });

  it('a copy: planning forward from it leaves the kept position as it was', () => {
    const marks = new PlanMarks();
    marks.add(at(0, { counts: { D1: 1 } }));
    const back = marks.rewindBefore(H, at(2 * H), at(-1));
    back.counts.D1 = 7;
    expect(marks.rewindBefore(H, at(2 * H), at(-1)).counts).toEqual({ D1: 1 });
  });
});
