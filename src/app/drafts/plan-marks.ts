import type { Instant } from '../../domain/time.js';
import type { PlanState } from './plan.js';

/** How many of the planner's past positions a game keeps in memory (a late post older than all of them replans from the start). */
const KEPT = 256;

/**
 * The planner's past positions in this process, for a post the forum shows after the planner went past its time (a
 * lag, a clock behind the forum's): the planner goes back to the last position before it and plans forward again,
 * so the day its hammer ended gets its drafts. What was drafted already is not drafted twice (drafts are stored
 * by their stable id).
 */
export class PlanMarks {
  private readonly marks: PlanState[] = [];

  /** The planner reached `state` (kept when it moved on). */
  add(state: PlanState): void {
    const last = this.marks.at(-1);
    if (last && state.at <= last.at) return;
    this.marks.push(state);
    if (this.marks.length > KEPT) this.marks.splice(0, KEPT / 2);
  }

  /**
   * The latest position before `t`, or `start` when none is kept; the positions from `t` on are forgotten. What the
   * desk learned since (`joinedAt`, role PMs drafted) is carried over from `now`.
   */
  rewindBefore(t: Instant, now: PlanState, start: PlanState): PlanState {
    while ((this.marks.at(-1)?.at ?? Number.NEGATIVE_INFINITY) >= t) this.marks.pop();
    const mark = this.marks.at(-1) ?? start;
    const back: PlanState = { ...mark, counts: { ...mark.counts } };
    if (now.joinedAt !== undefined) back.joinedAt = now.joinedAt;
    if (now.rolePms !== undefined) back.rolePms = now.rolePms;
    return back;
  }
}
