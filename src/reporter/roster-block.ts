import type { GameContext } from '../machine/context.js';
import { flip, who } from './flip.js';
import type { Markup } from './markup.js';

/** How a death reads in the roster: "lynched D1", "killed N1", "modkilled D2". */
const CAUSE_WORDS: Record<string, string> = {
  lynch: 'lynched',
  purge: 'purged',
  nightkill: 'killed',
  compromise: 'compromised',
  missile: 'killed by a missile',
  modkill: 'modkilled',
  vig: 'shot',
  'day-vig': 'shot by day',
};

/**
 * The opening post's roster as moddesk keeps it between its markers (issue 30 item 3a): who is alive (a
 * replacement as `Zoe (replaced Cleo)`), each death in order with its flip, cause and phase (a modkill among them),
 * and the players prodded in the phase just over. Names are escaped: they come from the thread.
 */
export function renderRoster(ctx: GameContext, mk: Markup, opts: { prodded?: string[] } = {}): string {
  const alive = ctx.slots.filter((s) => s.alive);
  const lines = [mk.bold(`Alive (${alive.length})`), ...alive.map((s) => who(ctx, s.index, mk))];
  const deaths = [...ctx.eliminations].sort((a, b) => a.at - b.at);
  if (deaths.length > 0) {
    lines.push('', mk.bold(`Dead (${deaths.length})`));
    for (const d of deaths) {
      const how = `${CAUSE_WORDS[d.cause] ?? d.cause}${d.phase ? ` ${d.phase}` : ''}`;
      lines.push(`${who(ctx, d.slot, mk)}: ${flip(ctx, d.slot, d.at, mk)}, ${mk.text(how)}`);
    }
  }
  const prodded = opts.prodded ?? [];
  if (prodded.length > 0) lines.push('', mk.bold('Prodded'), ...prodded.map((n) => mk.text(n)));
  return mk.join(lines);
}
