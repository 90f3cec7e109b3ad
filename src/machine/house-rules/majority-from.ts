import type { GameContext } from '../context.js';

/** The number of the day being counted (D3 → 3), or null before the first day. */
export function dayNumber(ctx: GameContext): number | null {
  const name = ctx.day?.day ?? (ctx.phase?.kind === 'day' ? ctx.phase.name : null);
  return name === null ? null : Number.parseInt(name.slice(1), 10);
}

/** H-WV1: majority ends a day only from day `majorityFromDay` on; before it the most votes at the deadline decide. */
export function majorityApplies(ctx: GameContext): boolean {
  const from = ctx.setup.options.majorityFromDay;
  if (from === null) return true;
  const n = dayNumber(ctx);
  return n === null || n >= from;
}

/** The deadline outcome in force today (H-WV1 makes it `plurality` before the majority days). */
export function deadlineOutcomeOf(ctx: GameContext): 'no-lynch' | 'plurality' {
  return majorityApplies(ctx) ? ctx.setup.options.deadlineOutcome : 'plurality';
}
