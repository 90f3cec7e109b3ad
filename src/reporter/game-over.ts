import type { GameContext } from '../machine/context.js';
import { roleWords, who } from './flip.js';
import { formatDeadline } from './format-time.js';
import type { Markup } from './markup.js';

/** How each ruleset's game-over post names the winner. */
export const WINNER_WORDS: Record<string, string> = {
  town: 'the town wins',
  mafia: 'the mafia wins',
  sk: 'the serial killer wins',
  network: 'the network wins',
  obsidian: 'the Obsidian Process wins',
  none: 'everyone loses',
};

/**
 * The game-over post every ruleset shares (R-W1..R-W5, V-W1, the obsidian wins): the winner, when, the lines a
 * ruleset adds (DEFCON: the night's news), the survivors, and every role.
 */
export function renderGameOverPost(ctx: GameContext, mk: Markup, news: string[] = []): string {
  const { winner, at } = ctx.result;
  const tz = ctx.setup.game.timezone;
  const lines = [mk.bold(`Game over: ${WINNER_WORDS[winner ?? ''] ?? `${winner} wins`}!`)];
  if (at !== null) lines.push(`The game ended ${formatDeadline(at, tz)}.`);
  lines.push(...news);
  const alive = ctx.slots.filter((s) => s.alive);
  if (alive.length === 0 && winner === 'sk') lines.push('Nobody survived; by the rules the serial killer wins.');
  lines.push(
    '',
    `Survivors: ${alive.length ? alive.map((s) => who(ctx, s.index, mk)).join(', ') : 'none'}.`,
    '',
    mk.bold('Roles:'),
  );
  for (const s of ctx.slots) {
    const role = s.mode ? `${s.role} (${s.mode})` : s.role;
    const death = ctx.eliminations.find((e) => e.slot === s.index);
    const fate = death ? `died ${death.phase ?? ''} (${death.cause})`.replace('  ', ' ') : 'alive';
    lines.push(`- ${who(ctx, s.index, mk)}: ${mk.text(roleWords(s.faction, role))}, ${fate}`);
  }
  return `${mk.join(lines)}\n`;
}
