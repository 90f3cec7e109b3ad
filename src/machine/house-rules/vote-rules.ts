import type { GameContext, Vote, VoteTarget } from '../context.js';
import { livingCount } from '../votes.js';
import { hasModifier } from './modifiers.js';

export interface VoteProblem {
  code: string;
  message: string;
}

/** H-WV2: the vote lock is in force, unless the living count is down to the lylo/mylo exception. */
export function voteLockInForce(ctx: GameContext): boolean {
  const o = ctx.setup.options;
  if (!o.voteLock) return false;
  return o.voteLockLiftsAt === null || livingCount(ctx.slots) > o.voteLockLiftsAt;
}

/**
 * The house rules that refuse a vote or an unvote otherwise valid (R-V5 first): H-VM5 voteless, H-VM6
 * unvotable, H-WV3 self-vote, H-WV2 vote lock. `target` null is an unvote.
 */
export function houseVoteProblem(
  ctx: GameContext,
  voter: number,
  target: VoteTarget | null,
  current: Vote | null,
): VoteProblem | null {
  const name = (i: number) => ctx.slots[i]?.name ?? `#${i}`;
  if (hasModifier(ctx, voter, 'voteless'))
    return { code: 'vote-voteless', message: `${name(voter)} is voteless in this game; the vote is not counted.` };
  if (typeof target === 'number' && hasModifier(ctx, target, 'unvotable'))
    return { code: 'target-unvotable', message: `${name(target)} cannot be voted in this game.` };
  if (target === voter && !ctx.setup.options.selfVote)
    return { code: 'self-vote', message: `Self-votes are not allowed in this game; ${name(voter)}'s vote stays.` };
  if (current !== null && current.target !== target && voteLockInForce(ctx))
    return {
      code: 'vote-locked',
      message: `Votes are locked in this game: ${name(voter)}'s vote stays on ${current.target === 'no-lynch' ? 'no lynch' : name(current.target)}.`,
    };
  return null;
}
