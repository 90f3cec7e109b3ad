import type { DayVotes, Vote } from '../context.js';

/**
 * H-VM7 split vote: a double voter with `split-vote` may put each of their votes on a different player. The
 * slot's newest vote is in `day.votes`, the older ones in `day.split`; each older vote weighs 1 and the newest
 * the rest of the weight, so a single vote still carries the whole weight.
 */
export function piecesOf(day: DayVotes, slot: number, weight: number): { vote: Vote; weight: number }[] {
  const latest = day.votes[slot] ?? null;
  if (!latest) return [];
  const older = day.split?.[slot] ?? [];
  return [...older.map((vote) => ({ vote, weight: 1 })), { vote: latest, weight: Math.max(1, weight - older.length) }];
}

/** A new vote by a split voter: added beside the votes held, the oldest dropped past `weight`; null if already held. */
export function castSplitVote(day: DayVotes, voter: number, vote: Vote, weight: number): DayVotes | null {
  const held = piecesOf(day, voter, weight).map((p) => p.vote);
  if (held.some((v) => v.target === vote.target)) return null;
  const pieces = [...held, vote].slice(-weight);
  const votes = day.votes.slice();
  votes[voter] = vote;
  return { ...day, votes, split: { ...day.split, [voter]: pieces.slice(0, -1) } };
}

/** Removes the voter's vote on `target` (a death, R-V4), keeping their other split votes. */
export function removeVoteOn(day: DayVotes, voter: number, target: number): DayVotes {
  const rest = (day.split?.[voter] ?? []).concat(day.votes[voter] ?? []).filter((v) => v.target !== target);
  const votes = day.votes.slice();
  votes[voter] = rest.at(-1) ?? null;
  return { ...day, votes, split: { ...day.split, [voter]: rest.slice(0, -1) } };
}
