import type { GameFile, PlayerSetup } from '../domain/game-file.js';
import type { Markup } from './markup.js';
import type { RoleTexts } from './ruleset-module.js';

/** What a role PM says: the player's role and faction, the role's text and their win condition. */
export interface RolePmFacts {
  player: string;
  game: string;
  role: string | null;
  faction: string | null;
  /** The moderator's own text from the game file (their forum's markup), else the ruleset's. */
  roleText: string | null;
  winCondition: string | null;
}

/** A player's role PM facts: the game file's words first, then the ruleset's (issue 30 item 1). */
export function rolePmFacts(game: GameFile, p: PlayerSetup, texts: RoleTexts | undefined): RolePmFacts {
  return {
    player: p.name,
    game: game.title,
    role: p.role ?? null,
    faction: p.faction ?? null,
    roleText: p.roleText ?? (p.role ? (texts?.roleText(p.role) ?? null) : null),
    winCondition: p.winCondition ?? (p.faction ? (texts?.winCondition(p.faction) ?? null) : null),
  };
}

/** Whether a player has anything for a role PM to say. */
export const hasRole = (p: PlayerSetup): boolean => Boolean(p.role || p.faction || p.roleText || p.winCondition);

/**
 * The role PM (issue 30 item 1). Names go through `mk.text`; the role's text and win condition are the moderator's
 * own words in their forum's markup (the game file) or the ruleset's plain text, kept as they are.
 */
export function renderRolePm(f: RolePmFacts, mk: Markup): string {
  const t = mk.text;
  const what = [f.role ? mk.bold(t(f.role)) : null, f.faction ? `of the ${mk.bold(t(f.faction))}` : null]
    .filter(Boolean)
    .join(' ');
  const lines = [`Hi ${t(f.player)},`, ''];
  lines.push(`${f.game ? `In ${mk.bold(t(f.game))} you` : 'You'} are ${what || 'a player'}.`);
  if (f.roleText) lines.push('', f.roleText.trim());
  if (f.winCondition) lines.push('', `${mk.bold('Win condition:')} ${f.winCondition.trim()}`);
  lines.push('', 'Please reply to this message to confirm you have it (a one-word "confirm" is enough).');
  return `${mk.join(lines)}\n`;
}

/** The nudge to a player who has not answered their role PM within `hours`. */
export function renderConfirmNudge(p: { player: string; game: string; hours: number }, mk: Markup): string {
  const t = mk.text;
  const where = p.game ? ` for ${mk.bold(t(p.game))}` : '';
  return `${mk.join([
    `Hi ${t(p.player)},`,
    '',
    `I sent you your role PM${where} ${p.hours} hours ago and have not heard back. Please read it and reply to confirm (a one-word "confirm" is enough), or tell me if you need a replacement.`,
  ])}\n`;
}
