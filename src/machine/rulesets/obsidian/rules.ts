import type { DeathCause } from '../../../domain/game-file.js';
import type { PhaseKind, Winner } from '../../../domain/state.js';
import type { Instant } from '../../../domain/time.js';
import type { GameContext } from '../../context.js';
import type { Ruleset } from '../../ruleset.js';
import { baseRuleset, factionsKnown, livingOf } from '../base.js';
import { recordNightAction } from './night-intake.js';
import { initialExt, nextLeader, OBSIDIAN, obsidianExt, withExt } from './obsidian-ext.js';
import { resolveObsidianNight } from './resolve-night.js';

/** O-T5: N0 is the registry (setup), then N1, D1, N2, D2, … */
export function obsidianPhaseKind(name: string): PhaseKind {
  if (name === 'N0' || name === 'D0') return 'setup';
  return name.startsWith('D') ? 'day' : 'night';
}

/** O-T4: network wins when no Obsidian node remains; Obsidian wins when it is at least as many as the others. */
export function obsidianWinner(ctx: GameContext): Winner | null {
  if (!factionsKnown(ctx)) return null;
  const alive = ctx.slots.filter((s) => s.alive).length;
  const obsidian = livingOf(ctx, OBSIDIAN);
  if (obsidian === 0) return 'network';
  if (obsidian >= alive - obsidian) return 'obsidian';
  return null;
}

/** O-R7: when the Leader is removed, the first living successor becomes Leader (with the mask). */
function onDeath(ctx: GameContext, slot: number, _cause: DeathCause, _at: Instant): GameContext {
  if (obsidianExt(ctx).leader !== slot) return ctx;
  return withExt(ctx, { leader: nextLeader(ctx) });
}

export const obsidianRuleset: Ruleset = {
  ...baseRuleset,
  name: 'obsidian',
  defaults: { threshold: 'none', deadlineOutcome: 'plurality' },
  phaseKind: obsidianPhaseKind,
  lynchCause: 'purge',
  init: (ctx) => withExt(ctx, initialExt(ctx)),
  onAction: recordNightAction,
  resolveNight: (ctx, at) => resolveObsidianNight(ctx, obsidianRuleset, ctx.nightActions, at),
  onDeath,
  winner: obsidianWinner,
};
