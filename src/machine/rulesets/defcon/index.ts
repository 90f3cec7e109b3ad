import { ModdeskError } from '../../../domain/errors.js';
import type { GameContext, Timer } from '../../context.js';
import type { PlayerAction, Ruleset } from '../../ruleset.js';
import { baseRuleset } from '../base.js';
import { closeDoomsday, defconHoldsResultOpen, defconOnDeath, defconReview, defconWinner } from './end-rules.js';
import { onAbort, onDoomsday, onNuke } from './launch.js';
import { missileImpact, missileMark } from './missiles.js';
import { onNightAction } from './night-actions.js';
import { applyDraw, gameFileRequests, onRequest } from './requests.js';
import { resolveDefconNight } from './resolve-night.js';
import { emptyDefconState } from './state.js';

function onAction(ctx: GameContext, act: PlayerAction): GameContext {
  switch (act.action.kind) {
    case 'nuke':
      return onNuke(ctx, act);
    case 'abort':
      return act.post.channel === 'thread' ? onAbort(ctx, act) : ctx;
    case 'doomsday':
      return onDoomsday(ctx, act);
    case 'request':
      return onRequest(ctx, act);
    case 'target':
    case 'guess':
    case 'kill':
      return act.post.channel === 'pm' ? onNightAction(ctx, act) : ctx;
    default:
      return ctx;
  }
}

function onTimer(ctx: GameContext, timer: Timer): GameContext {
  if (timer.kind === 'abort-window-closed') return missileMark(ctx, timer.ref, timer.at);
  if (timer.kind === 'missile-landed') return missileImpact(ctx, defconRuleset, timer.ref, timer.at);
  if (timer.kind === 'doomsday-closed') return closeDoomsday(ctx, timer.ref);
  return ctx;
}

/** DEFCON nuclear mafia (rules-defcon.md) on the shared game statechart. */
export const defconRuleset: Ruleset = {
  ...baseRuleset,
  name: 'defcon',
  init(ctx) {
    gameFileRequests(ctx); // a request naming no role is a game-file error, found before anything runs
    const n0 = ctx.setup.phases.find((p) => p.name === 'N0');
    if (n0)
      throw new ModdeskError('game-invalid', 'a DEFCON game has no N0 (R-P1): D0, D1, N1, D2, …', {
        place: `phases[${n0.index}].name`,
      });
    const next = { ...ctx, ext: { ...ctx.ext, defcon: emptyDefconState() } };
    return next.setup.phases.some((p) => p.kind === 'setup') ? next : applyDraw(next);
  },
  onAction,
  onTimer,
  onPhaseStarted(ctx, at) {
    const next = ctx.phase?.kind === 'setup' ? ctx : applyDraw(ctx);
    return defconReview(next, at);
  },
  resolveNight: (ctx, at) => resolveDefconNight(ctx, defconRuleset, at),
  onDeath: defconOnDeath,
  winner: defconWinner,
  holdsResultOpen: defconHoldsResultOpen,
  review: defconReview,
};

export { type DrawResult, drawNumber } from './draw.js';
export { drawFor } from './requests.js';
export { NO_RESULT } from './resolve-night.js';
export { dx } from './state.js';
