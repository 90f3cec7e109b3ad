import type { GameContext, NightAction } from '../../context.js';
import { targetProblem } from '../../post-rules.js';
import { resolveTarget } from '../../roster.js';
import type { PlayerAction } from '../../ruleset.js';
import { flagAction } from '../base.js';
import { promptForPm, targetRuleProblem } from './night-prompts.js';

/**
 * Night targets by PM (forum play): `Target:` for the role's action, `Kill:` for an Obsidian node's
 * compromise pick. The last one of each kind a player sends before the night ends counts. Anything that
 * cannot count is flagged and not recorded.
 */
export function recordNightAction(ctx: GameContext, act: PlayerAction): GameContext {
  const kind = act.action.kind;
  if ((kind !== 'target' && kind !== 'kill') || act.post.channel !== 'pm') return ctx;
  const slot = act.actor === null ? null : ctx.slots[act.actor];
  if (!slot) return flagAction(ctx, act, 'action-not-player', `${act.post.author} is not a player.`);
  if (!slot.alive) return flagAction(ctx, act, 'actor-dead', `${slot.name} is dead.`);
  const phase = ctx.phase;
  if (phase?.kind !== 'night' || phase.endedAt !== null) {
    const when = phase
      ? phase.endedAt !== null
        ? `${phase.name} has ended`
        : `it is ${phase.name}`
      : 'the game has not started';
    return flagAction(ctx, act, 'action-wrong-phase', `Night actions are sent during a night from N1; ${when}.`);
  }
  const prompt = promptForPm(ctx, slot.index, kind);
  if (!prompt) {
    const what =
      kind === 'kill'
        ? 'is not an Obsidian node and has no compromise'
        : `(${slot.role ?? 'no role'}) has no night target`;
    return flagAction(ctx, act, 'action-not-allowed', `${slot.name} ${what}.`);
  }
  const argument = act.action.argument ?? '';
  const match = resolveTarget(ctx, argument);
  const bad = targetProblem(ctx, match, argument);
  if (bad || match.kind !== 'player') {
    return flagAction(
      ctx,
      act,
      bad?.code ?? 'target-unknown',
      bad?.message ?? `${JSON.stringify(argument)} names no player.`,
    );
  }
  const rule = targetRuleProblem(ctx, prompt, slot.index, match.slot);
  if (rule) return flagAction(ctx, act, rule.code, rule.message);
  let next = ctx;
  if (match.doubt) {
    next = flagAction(
      next,
      act,
      'target-guessed',
      `Read ${JSON.stringify(argument)} as ${ctx.slots[match.slot]?.name} (a near spelling).`,
    );
  }
  const action: NightAction = {
    phase: phase.name,
    actor: slot.index,
    kind,
    target: match.slot,
    extra: null,
    postId: act.post.id,
    at: act.at,
  };
  const others = next.nightActions.filter(
    (a) => !(a.actor === slot.index && a.kind === kind && a.phase === phase.name),
  );
  return { ...next, nightActions: [...others, action] };
}
