import type { NameMatch } from '../../../domain/action.js';
import type { Instant } from '../../../domain/time.js';
import type { GameContext } from '../../context.js';
import { addFlag, postFlag } from '../../flags.js';
import { targetProblem } from '../../post-rules.js';
import { resolveTarget } from '../../roster.js';
import type { PlayerAction } from '../../ruleset.js';
import { flagAction } from '../base.js';

export const nameOf = (ctx: GameContext, slot: number) => ctx.slots[slot]?.name ?? `#${slot}`;

/** The number of the schedule's phase that holds `at` ([start, next start)); 0 before D1 (R-M7's cycle). */
export function cycleAt(ctx: GameContext, at: Instant): number {
  let number = 0;
  for (const p of ctx.setup.phases) if (p.start <= at) number = p.number;
  return number;
}

/** The start of the first day in the schedule after the current phase, for announcements made at a day's start. */
export function nextDayStart(ctx: GameContext, at: Instant): Instant {
  const from = ctx.phase?.index ?? -1;
  const next = ctx.setup.phases.find((p) => p.index > from && p.kind === 'day');
  return next ? Math.max(next.start, at) : at;
}

export type Resolved = { ok: true; slot: number; ctx: GameContext } | { ok: false; ctx: GameContext };

/**
 * Resolves an action's player argument; on a problem the action is flagged with the first R-V5 target code
 * (`target-unknown`, `target-ambiguous`, `target-dead`). A near spelling is applied and flagged `target-guessed`.
 */
export function resolveActionTarget(
  ctx: GameContext,
  act: PlayerAction,
  argument: string,
  allowDead = false,
): Resolved {
  const match: NameMatch = argument ? resolveTarget(ctx, argument) : { kind: 'unknown' };
  const bad = targetProblem(ctx, match, argument);
  if (match.kind === 'player' && (bad === null || (allowDead && bad.code === 'target-dead'))) {
    let next = ctx;
    if (match.doubt) {
      next = addFlag(
        next,
        postFlag(
          act.post,
          act.at,
          'target-guessed',
          `Read ${JSON.stringify(argument)} as ${nameOf(ctx, match.slot)} (a near spelling).`,
          act.post.author,
        ),
      );
    }
    return { ok: true, slot: match.slot, ctx: next };
  }
  const code = bad?.code ?? 'target-unknown';
  const message = bad?.message ?? `${JSON.stringify(argument)} names no player.`;
  return { ok: false, ctx: flagAction(ctx, act, code, `${message} ${JSON.stringify(act.action.text)}`) };
}

/** The slot of the sender, or a flag `action-not-player` / `actor-dead`. */
export function livingActor(
  ctx: GameContext,
  act: PlayerAction,
  what: string,
): { slot: number } | { flagged: GameContext } {
  if (act.actor === null)
    return {
      flagged: flagAction(ctx, act, 'action-not-player', `${act.post.author} is not a player; ${what} is not applied.`),
    };
  const s = ctx.slots[act.actor];
  if (!s?.alive)
    return {
      flagged: flagAction(ctx, act, 'actor-dead', `${s?.name ?? act.post.author} is dead; ${what} is not applied.`),
    };
  return { slot: act.actor };
}
