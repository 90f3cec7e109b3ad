import type { DayVotes, GameContext, Slot, Vote, VoteTarget } from './context.js';

/** R-V3: the votes that end a day, or null when the day never ends early (`threshold: none`). */
export function thresholdOf(ctx: GameContext): number | null {
  if (ctx.day?.thresholdAtEnd != null) return ctx.day.thresholdAtEnd;
  const t = ctx.setup.options.threshold;
  if (t === 'none') return null;
  if (typeof t === 'number') return t;
  return majorityOf(livingCount(ctx.slots));
}

export function noLynchThresholdOf(ctx: GameContext): number | null {
  if (ctx.day?.noLynchThresholdAtEnd != null) return ctx.day.noLynchThresholdAtEnd;
  if (ctx.setup.options.threshold === 'none') return null;
  const t = ctx.setup.options.noLynchThreshold;
  if (typeof t === 'number') return t;
  const majority = thresholdOf(ctx);
  if (majority === null) return null;
  return t === 'majority-minus-one' ? Math.max(1, majority - 1) : majority;
}

export const majorityOf = (alive: number) => Math.floor(alive / 2) + 1;
export const livingCount = (slots: Slot[]) => slots.reduce((n, s) => n + (s.alive ? 1 : 0), 0);

export interface Wagon {
  target: number;
  /** Voter slots in voting order. */
  voters: number[];
  votes: Vote[];
  /** The seq of the latest vote on the wagon (ties: the older wagon first). */
  latest: number;
}

export interface Tally {
  wagons: Wagon[];
  noLynch: { voters: number[]; votes: Vote[] };
  notVoting: number[];
}

/** Wagons in the order of interfaces §5: count descending, then the wagon whose latest vote is older first. */
export function tally(day: DayVotes, slots: Slot[], includeDead = false): Tally {
  const byTarget = new Map<VoteTarget, { voter: number; vote: Vote }[]>();
  const notVoting: number[] = [];
  for (const s of slots) {
    const v = day.votes[s.index] ?? null;
    if (!v) {
      if (s.alive) notVoting.push(s.index);
      continue;
    }
    if (!s.alive && !includeDead) continue;
    const list = byTarget.get(v.target) ?? [];
    list.push({ voter: s.index, vote: v });
    byTarget.set(v.target, list);
  }
  const wagons: Wagon[] = [];
  let noLynch: Tally['noLynch'] = { voters: [], votes: [] };
  for (const [target, list] of byTarget) {
    list.sort((a, b) => a.vote.seq - b.vote.seq);
    const voters = list.map((x) => x.voter);
    const votes = list.map((x) => x.vote);
    if (target === 'no-lynch') noLynch = { voters, votes };
    else wagons.push({ target, voters, votes, latest: Math.max(...votes.map((v) => v.seq)) });
  }
  wagons.sort((a, b) => b.voters.length - a.voters.length || a.latest - b.latest);
  return { wagons, noLynch, notVoting };
}

/** The option that has reached its threshold, if any (guard `hasReachedThreshold`). */
export function decidedOption(ctx: GameContext): VoteTarget | null {
  if (!ctx.day) return null;
  // Checked after every event (the statechart's eventless guard), so count without building the full tally.
  const counts = new Map<VoteTarget, number>();
  let best: VoteTarget | null = null;
  let bestCount = 0;
  for (const s of ctx.slots) {
    const v = s.alive ? ctx.day.votes[s.index] : null;
    if (!v) continue;
    const n = (counts.get(v.target) ?? 0) + 1;
    counts.set(v.target, n);
    if (v.target !== 'no-lynch' && n > bestCount) {
      best = v.target;
      bestCount = n;
    }
  }
  const threshold = thresholdOf(ctx);
  if (threshold !== null && best !== null && bestCount >= threshold) return best;
  const noLynch = counts.get('no-lynch') ?? 0;
  const nl = noLynchThresholdOf(ctx);
  if (nl !== null && noLynch > 0 && noLynch >= nl) return 'no-lynch';
  return null;
}

/** The deadline outcome: `no-lynch`, or `plurality` (most votes; a tie for the most is no lynch). */
export function deadlineChoice(ctx: GameContext): VoteTarget | null {
  if (!ctx.day || ctx.setup.options.deadlineOutcome === 'no-lynch') return null;
  const t = tally(ctx.day, ctx.slots);
  const options: { target: VoteTarget; count: number }[] = t.wagons.map((w) => ({
    target: w.target,
    count: w.voters.length,
  }));
  if (t.noLynch.voters.length) options.push({ target: 'no-lynch', count: t.noLynch.voters.length });
  options.sort((a, b) => b.count - a.count);
  const [first, second] = options;
  if (!first || first.count === 0 || (second && second.count === first.count)) return null;
  return first.target;
}

export function setVote(day: DayVotes, voter: number, vote: Vote | null): DayVotes {
  const votes = day.votes.slice();
  votes[voter] = vote;
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
