import type { DayVotes, GameContext, Slot, Vote, VoteTarget } from './context.js';
import { majorityApplies } from './house-rules/majority-from.js';
import { lynchAdjustment, voteWeight } from './house-rules/modifiers.js';
import { piecesOf } from './house-rules/split-vote.js';

/** R-V3: the votes that end a day, or null when the day never ends early (`threshold: none`, or H-WV1). */
export function thresholdOf(ctx: GameContext): number | null {
  if (ctx.day?.thresholdAtEnd != null) return ctx.day.thresholdAtEnd;
  const t = ctx.setup.options.threshold;
  if (t === 'none' || !majorityApplies(ctx)) return null;
  if (typeof t === 'number') return t;
  return majorityOf(livingCount(ctx.slots));
}

export function noLynchThresholdOf(ctx: GameContext): number | null {
  if (ctx.day?.noLynchThresholdAtEnd != null) return ctx.day.noLynchThresholdAtEnd;
  if (ctx.setup.options.threshold === 'none' || !majorityApplies(ctx)) return null;
  const t = ctx.setup.options.noLynchThreshold;
  if (typeof t === 'number') return t;
  const majority = thresholdOf(ctx);
  if (majority === null) return null;
  return t === 'majority-minus-one' ? Math.max(1, majority - 1) : majority;
}

export const majorityOf = (alive: number) => Math.floor(alive / 2) + 1;
export const livingCount = (slots: Slot[]) => slots.reduce((n, s) => n + (s.alive ? 1 : 0), 0);

/** H-VM3/H-VM4: the votes that lynch `target` (the day's threshold, one more if loved, one fewer if hated). */
export function thresholdFor(ctx: GameContext, target: number): number | null {
  const t = thresholdOf(ctx);
  return t === null ? null : Math.max(1, t + lynchAdjustment(ctx, target));
}

export interface Wagon {
  target: number;
  /** Voter slots in voting order. */
  voters: number[];
  votes: Vote[];
  /** The wagon's votes: its voters' weights summed (H-VM1); `voters.length` when every weight is 1. */
  count: number;
  weights: number[];
  /** The seq of the latest vote on the wagon (ties: the older wagon first). */
  latest: number;
}

export interface Tally {
  wagons: Wagon[];
  noLynch: { voters: number[]; votes: Vote[]; count: number; weights: number[] };
  notVoting: number[];
}

/**
 * Wagons in the order of interfaces §5: count descending, then the wagon whose latest vote is older first.
 * `weightOf` gives each slot's votes (H-VM1, split by H-VM7); with `shown` each vote counts once, as the public
 * count of a game that hides weights shows it (H-VM2). Callers outside this file use `weightedTally`.
 */
function tally(
  day: DayVotes,
  slots: Slot[],
  includeDead: boolean,
  weightOf: (slot: number) => number,
  shown = false,
): Tally {
  const byTarget = new Map<VoteTarget, { voter: number; vote: Vote; weight: number }[]>();
  const notVoting: number[] = [];
  for (const s of slots) {
    const pieces = piecesOf(day, s.index, weightOf(s.index));
    if (pieces.length === 0) {
      if (s.alive) notVoting.push(s.index);
      continue;
    }
    if (!s.alive && !includeDead) continue;
    for (const { vote, weight } of pieces) {
      const list = byTarget.get(vote.target) ?? [];
      list.push({ voter: s.index, vote, weight: shown ? 1 : weight });
      byTarget.set(vote.target, list);
    }
  }
  const wagons: Wagon[] = [];
  let noLynch: Tally['noLynch'] = { voters: [], votes: [], count: 0, weights: [] };
  for (const [target, list] of byTarget) {
    list.sort((a, b) => a.vote.seq - b.vote.seq);
    const voters = list.map((x) => x.voter);
    const votes = list.map((x) => x.vote);
    const weights = list.map((x) => x.weight);
    const count = weights.reduce((n, w) => n + w, 0);
    if (target === 'no-lynch') noLynch = { voters, votes, count, weights };
    else wagons.push({ target, voters, votes, count, weights, latest: Math.max(...votes.map((v) => v.seq)) });
  }
  wagons.sort((a, b) => b.count - a.count || a.latest - b.latest);
  return { wagons, noLynch, notVoting };
}

/**
 * The count: the day's tally with the game's vote weights (H-VM1) and split votes (H-VM7). With `shown`, the count
 * players see: each vote once when the game hides weights (H-VM2), the real weights otherwise.
 */
export function weightedTally(ctx: GameContext, day: DayVotes, includeDead = false, shown = false): Tally {
  return tally(
    day,
    ctx.slots,
    includeDead,
    (slot) => voteWeight(ctx, slot),
    shown && ctx.setup.options.hideVoteWeights,
  );
}

/** The option that has reached its threshold, if any (guard `hasReachedThreshold`). */
export function decidedOption(ctx: GameContext): VoteTarget | null {
  if (!ctx.day) return null;
  // Checked after every event (the statechart's eventless guard), so count without building the full tally.
  const counts = new Map<VoteTarget, number>();
  let best: VoteTarget | null = null;
  let bestMargin = Number.NEGATIVE_INFINITY;
  const threshold = thresholdOf(ctx);
  for (const s of ctx.slots) {
    if (!s.alive || !ctx.day.votes[s.index]) continue;
    for (const { vote: v, weight } of piecesOf(ctx.day, s.index, voteWeight(ctx, s.index))) {
      if (v.held) continue; // a doubtful vote held for the moderator's ruling ends nothing (held-hammer.ts)
      const n = (counts.get(v.target) ?? 0) + weight;
      counts.set(v.target, n);
      if (v.target !== 'no-lynch' && threshold !== null) {
        const margin = n - (thresholdFor(ctx, v.target) ?? threshold);
        if (margin > bestMargin) {
          best = v.target;
          bestMargin = margin;
        }
      }
    }
  }
  if (best !== null && bestMargin >= 0) return best;
  const noLynch = counts.get('no-lynch') ?? 0;
  const nl = noLynchThresholdOf(ctx);
  if (nl !== null && noLynch > 0 && noLynch >= nl) return 'no-lynch';
  return null;
}

export function setVote(day: DayVotes, voter: number, vote: Vote | null): DayVotes {
  const votes = day.votes.slice();
  votes[voter] = vote;
  if (vote === null && day.split?.[voter]?.length) return { ...day, votes, split: { ...day.split, [voter]: [] } };
  return { ...day, votes };
}

export function emptyDay(name: string, slotCount: number): DayVotes {
  return {
    day: name,
    votes: new Array(slotCount).fill(null),
    thresholdAtEnd: null,
    aliveAtEnd: null,
    endedAt: null,
    noLynchThresholdAtEnd: null,
    throughPost: null,
    history: [],
  };
}
