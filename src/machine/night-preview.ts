import type { ExtractedAction } from '../domain/action.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, NightAction } from './context.js';
import { settleResult } from './death-rules.js';
import type { Ruleset } from './ruleset.js';

/** One pick for tonight, by the players' names: what the actor's PM would say (`Target: X`, `Kill: X`). */
export interface NightPick {
  actor: string;
  kind: ExtractedAction['kind'];
  target: string;
  /** The PM it came from, or the console cue that recorded it (`console:3`). */
  postId: string;
}

/**
 * The night running now, ended at `at` and resolved from `picks` in place of tonight's PMs: the guided console's
 * "Everyone, wake up." before it is said. It goes through the ruleset's own resolver, so the preview, the console
 * and the PM route cannot disagree. Anything but an open night is returned as it is.
 */
export function resolveNightWith(rules: Ruleset, ctx: GameContext, picks: NightPick[], at: Instant): GameContext {
  const phase = ctx.phase;
  if (phase?.kind !== 'night' || phase.endedAt !== null) return ctx;
  const slotOf = (name: string) => ctx.slots.find((s) => s.name === name)?.index ?? null;
  const tonight = picks.flatMap((p): NightAction[] => {
    const actor = slotOf(p.actor);
    const target = slotOf(p.target);
    if (actor === null || target === null) return [];
    return [{ phase: phase.name, actor, kind: p.kind, target, extra: null, postId: p.postId, at }];
  });
  const ended: GameContext = {
    ...ctx,
    now: at,
    phase: { ...phase, endedAt: at, endReason: 'mod' },
    nightActions: [...ctx.nightActions.filter((a) => a.phase !== phase.name), ...tonight],
  };
  return settleResult(rules.resolveNight(ended, at), rules, at);
}
