import type { GameContext } from '../machine/context.js';
import { weightedTally } from '../machine/votes.js';
import { flip, who } from './flip.js';
import type { Markup } from './markup.js';

/** The day-end sentence: who was lynched, by whom, and their flip; or that the day ended with no lynch. */
export function lynchLine(ctx: GameContext, day: string, mk: Markup): string {
  const lynch = ctx.eliminations.find((e) => e.phase === day && e.cause === 'lynch');
  if (!lynch) return 'The day ends with no lynch.';
  const wagon =
    ctx.day?.day === day
      ? weightedTally(ctx, ctx.day, true, true).wagons.find((w) => w.target === lynch.slot)
      : undefined;
  const voters = wagon ? ` with ${wagon.count} votes (${wagon.voters.map((v) => who(ctx, v, mk)).join(', ')})` : '';
  return `${mk.bold(who(ctx, lynch.slot, mk))} was lynched${voters}. They were ${flip(ctx, lynch.slot, lynch.at, mk)}.`;
}
