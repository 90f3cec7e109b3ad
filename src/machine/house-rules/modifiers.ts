import type { PlayerModifier } from '../../domain/game-file.js';
import type { GameContext } from '../context.js';

/**
 * H-VM1..H-VM5: what a slot's vote weighs and what its wagon needs. Modifiers belong to the slot, so a
 * replacement keeps them (the game file lists them on the player the slot started with).
 */
export function voteWeight(ctx: GameContext, slot: number): number {
  return ctx.setup.game.players[slot]?.voteWeight ?? 1;
}

export function hasModifier(ctx: GameContext, slot: number, modifier: PlayerModifier): boolean {
  return ctx.setup.game.players[slot]?.modifiers?.includes(modifier) ?? false;
}

/** H-VM3/H-VM4: a loved player needs one vote more to be lynched, a hated one one fewer. */
export function lynchAdjustment(ctx: GameContext, slot: number): number {
  return (hasModifier(ctx, slot, 'loved') ? 1 : 0) - (hasModifier(ctx, slot, 'hated') ? 1 : 0);
}

/** H-VM7: a double voter who may put each vote on a different player. */
export function canSplit(ctx: GameContext, slot: number): boolean {
  return hasModifier(ctx, slot, 'split-vote') && voteWeight(ctx, slot) > 1;
}
