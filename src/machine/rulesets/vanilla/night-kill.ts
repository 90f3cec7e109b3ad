import type { Instant } from '../../../domain/time.js';
import type { GameContext } from '../../context.js';
import { killSlot } from '../../death-rules.js';
import { targetProblem } from '../../post-rules.js';
import { resolveTarget } from '../../roster.js';
import type { PlayerAction, Ruleset } from '../../ruleset.js';
import { flagAction } from '../base.js';

/** V-P2: the mafia's `Kill:` by PM from N1 on; the last one sent before the night ends counts. */
export function recordNightKill(ctx: GameContext, act: PlayerAction): GameContext {
  if (act.action.kind !== 'kill' || act.post.channel !== 'pm') return ctx;
  const actor = act.actor === null ? null : ctx.slots[act.actor];
  if (!actor) return flagAction(ctx, act, 'action-not-player', `${act.post.author} is not a player.`);
  if (!actor.alive) return flagAction(ctx, act, 'actor-dead', `${actor.name} is dead.`);
  if (actor.faction !== 'mafia')
    return flagAction(ctx, act, 'action-not-allowed', `${actor.name} is not mafia and has no night kill.`);
  if (ctx.phase?.kind !== 'night' || ctx.phase.endedAt !== null) {
    return flagAction(
      ctx,
      act,
      'action-wrong-phase',
      `Night kills are sent during a night; it is ${ctx.phase?.name ?? 'before the game'}.`,
    );
  }
  const argument = act.action.argument ?? '';
  const match = resolveTarget(ctx, argument);
  const bad = targetProblem(ctx, match, argument);
  if (bad || match.kind !== 'player')
    return flagAction(ctx, act, bad?.code ?? 'target-unknown', bad?.message ?? 'No target.');
  const phase = ctx.phase.name;
  const others = ctx.nightActions.filter((a) => !(a.kind === 'kill' && a.phase === phase));
  const kill = {
    phase,
    actor: actor.index,
    kind: 'kill' as const,
    target: match.slot,
    extra: null,
    postId: act.post.id,
    at: act.at,
  };
  return { ...ctx, nightActions: [...others, kill] };
}

/** At the night's end the counting kill takes effect (diedAt = the night's end). */
export function resolveNightKills(ctx: GameContext, ruleset: Ruleset, at: Instant): GameContext {
  const kill = ctx.nightActions.find((a) => a.kind === 'kill' && a.phase === ctx.phase?.name);
  if (!kill || kill.target === null) return ctx;
  if (!ctx.slots[kill.actor]?.alive) return ctx;
  return killSlot(ctx, ruleset, kill.target, 'nightkill', at);
}
