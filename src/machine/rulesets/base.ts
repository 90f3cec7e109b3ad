import type { PhaseKind } from '../../domain/state.js';
import type { GameContext } from '../context.js';
import { addFlag, postFlag } from '../flags.js';
import type { PlayerAction, Ruleset } from '../ruleset.js';

/** Hooks that do nothing, for rulesets to override; and helpers every ruleset shares. */
export const baseRuleset: Omit<Ruleset, 'name' | 'winner'> = {
  phaseKind: (name: string): PhaseKind => (name === 'D0' ? 'setup' : name.startsWith('D') ? 'day' : 'night'),
  lynchCause: 'lynch',
  init: (ctx) => ctx,
  onAction: (ctx) => ctx,
  onTimer: (ctx) => ctx,
  onPhaseStarted: (ctx) => ctx,
  resolveNight: (ctx) => ctx,
  onDeath: (ctx) => ctx,
  holdsResultOpen: () => false,
};

/** True when every player has a faction: win checks need them (interfaces §3). */
export function factionsKnown(ctx: GameContext): boolean {
  return ctx.slots.every((s) => s.faction !== null);
}

export function livingOf(ctx: GameContext, faction: string): number {
  return ctx.slots.filter((s) => s.alive && s.faction === faction).length;
}

export function flagAction(ctx: GameContext, act: PlayerAction, code: string, message: string): GameContext {
  return addFlag(
    ctx,
    postFlag(
      act.post,
      act.at,
      code,
      message,
      act.actor === null ? act.post.author : (ctx.slots[act.actor]?.name ?? act.post.author),
    ),
  );
}
