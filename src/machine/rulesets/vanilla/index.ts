import type { Winner } from '../../../domain/state.js';
import type { GameContext } from '../../context.js';
import type { Ruleset } from '../../ruleset.js';
import { baseRuleset, factionsKnown, livingOf } from '../base.js';
import { recordNightKill, resolveNightKills } from './night-kill.js';

/** V-W1: town wins when no mafia is alive; mafia wins when mafia are at least half of the living. */
export function vanillaWinner(ctx: GameContext): Winner | null {
  if (!factionsKnown(ctx)) return null;
  const alive = ctx.slots.filter((s) => s.alive).length;
  const mafia = livingOf(ctx, 'mafia');
  if (mafia === 0) return 'town';
  if (mafia * 2 >= alive) return 'mafia';
  return null;
}

export const vanillaRuleset: Ruleset = {
  ...baseRuleset,
  name: 'vanilla',
  onAction: recordNightKill,
  resolveNight: (ctx, at) => resolveNightKills(ctx, vanillaRuleset, at),
  winner: vanillaWinner,
};
