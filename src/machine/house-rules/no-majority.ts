import type { Flag, GameContext, VoteTarget } from '../context.js';
import { drawNumber } from '../rulesets/defcon/index.js';
import { weightedTally } from '../votes.js';
import { dayNumber, deadlineOutcomeOf } from './majority-from.js';

interface Option {
  target: VoteTarget;
  label: string;
  count: number;
  /** The seq of the vote that brought the option to its count (H-ND2: who reached it first). */
  reachedAt: number;
}

export interface DeadlineDecision {
  choice: VoteTarget | null;
  /** The audit trail of a random draw (H-ND3), or why a draw could not be made. */
  flag: Flag | null;
}

/**
 * A day that ends at its deadline without a decision (H-ND1..H-ND3): `no-lynch` eliminates nobody;
 * `plurality` eliminates the most votes, a tie for the most being no lynch unless `tieBreak` is
 * `first-reached` (the option whose current votes reached the tied count first) or `draw` (the published-seed
 * SHA-256 draw of the DEFCON role draw, hashing `<seed>:<day>:lynch-tie`, over the tied options sorted by name).
 */
export function deadlineDecision(ctx: GameContext): DeadlineDecision {
  const none = { choice: null, flag: null };
  if (!ctx.day || deadlineOutcomeOf(ctx) === 'no-lynch') return none;
  const t = weightedTally(ctx, ctx.day);
  const reached = (votes: { seq: number }[], weights: number[], count: number) => {
    let sum = 0;
    for (let i = 0; i < votes.length; i += 1) {
      sum += weights[i] ?? 1;
      if (sum >= count) return votes[i]?.seq ?? 0;
    }
    return 0;
  };
  const name = (slot: number) => ctx.slots[slot]?.name ?? `#${slot}`;
  const options: Option[] = t.wagons.map((w) => ({
    target: w.target,
    label: name(w.target),
    count: w.count,
    reachedAt: reached(w.votes, w.weights, w.count),
  }));
  if (t.noLynch.count > 0) {
    const nl = t.noLynch;
    options.push({
      target: 'no-lynch',
      label: 'No lynch',
      count: nl.count,
      reachedAt: reached(nl.votes, nl.weights, nl.count),
    });
  }
  const top = Math.max(0, ...options.map((o) => o.count));
  const tied = options.filter((o) => o.count === top && top > 0);
  if (tied.length === 0) return none;
  if (tied.length === 1) return { choice: (tied[0] as Option).target, flag: null };
  const tieBreak = ctx.setup.options.tieBreak;
  if (tieBreak === 'first-reached') {
    const first = tied.reduce((a, b) => (b.reachedAt < a.reachedAt ? b : a));
    return { choice: first.target, flag: null };
  }
  if (tieBreak !== 'draw') return none;
  return tieDraw(ctx, tied);
}

function tieDraw(ctx: GameContext, tied: Option[]): DeadlineDecision {
  const day = ctx.day?.day ?? '?';
  const flag = (code: string, message: string): Flag => ({ postId: null, code, actor: null, message, at: ctx.now });
  const seed = ctx.setup.options.seed;
  if (seed === null) {
    const message = `${day} ended in a tie and tieBreak is draw, but the game file has no options.seed: no lynch. Publish a seed, then record the result.`;
    return { choice: null, flag: flag('tie-draw-no-seed', message) };
  }
  const sorted = [...tied].sort((a, b) => (a.label.toLowerCase() < b.label.toLowerCase() ? -1 : 1));
  const u = drawNumber(seed, dayNumber(ctx) ?? 0, 'lynch-tie');
  const index = Number(u % BigInt(sorted.length));
  const winner = sorted[index] as Option;
  const message = `${day} tie between ${sorted.map((o) => o.label).join(', ')} (in that order) broken by draw: SHA-256 of "${seed}:${dayNumber(ctx) ?? 0}:lynch-tie", first 8 bytes = ${u}; ${u} mod ${sorted.length} = ${index}: ${winner.label}.`;
  return { choice: winner.target, flag: flag('tie-draw', message) };
}

/** The player eliminated (or no lynch) when the day ends at its deadline. */
export function deadlineChoice(ctx: GameContext): VoteTarget | null {
  return deadlineDecision(ctx).choice;
}
