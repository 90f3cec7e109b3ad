import type { Instant } from '../../domain/time.js';
import type { PlanState } from './plan.js';

/**
 * The planner's positions kept, at least an hour of game time apart: a day and more back for a post shown late (one
 * older than all of them plans again from the game's start, the same drafts at more cost), in a few kilobytes a
 * game, of the desk's thousand.
 */
const KEPT = 32;
const SPACING_MS = 3_600_000;

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
    if (last && state.at < last.at + SPACING_MS) return;
    this.marks.push(state);
    if (this.marks.length > KEPT) this.marks.shift();
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
