import type { GameFile } from '../../domain/game-file.js';
import type { Instant } from '../../domain/time.js';
import type { Markup } from '../../reporter/markup.js';
import { hasRole, renderRolePm, rolePmFacts } from '../../reporter/role-pm.js';
import { rulesetOf } from '../../reporter/rulesets.js';
import type { PlannedDraft } from './plan.js';

/** A player's role PM draft id: one per player, whatever the run (`role-pm-Alice`). */
export const rolePmId = (player: string): string => `role-pm-${player.replace(/[^\w.-]/g, '_')}`;

/**
 * Issue 30 item 1: one role PM draft per player with a role, faction or text in the game file, drafted once, when
 * the planner first runs after the desk's first read. A desk that joined the game after its first phase ended
 * drafts none: the moderator sent them by hand.
 */
export function rolePmDrafts(game: GameFile, at: Instant, joinedAt: Instant | null, mk: Markup): PlannedDraft[] {
  const second = game.phases[1];
  if (joinedAt !== null && second && joinedAt >= Date.parse(second.start)) return [];
  const texts = rulesetOf(game.ruleset).roles;
  return game.players.filter(hasRole).map((p) => ({
    kind: 'role-pm' as const,
    at,
    to: p.name,
    text: renderRolePm(rolePmFacts(game, p, texts), mk),
    // About the first phase: one not approved by the time the game is two phases on folds away as stale (tidy.ts).
    phase: game.phases[0]?.name ?? null,
    id: rolePmId(p.name),
    number: null,
    throughPost: null,
  }));
}
