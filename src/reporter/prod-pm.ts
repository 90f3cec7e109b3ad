import type { Instant } from '../domain/time.js';
import { formatDeadline } from './format-time.js';
import type { Markup } from './markup.js';

/** H-AC2: the PM a moderator sends a player who has not posted in the thread for `hours` (the prod). */
export function renderProdPm(
  p: { player: string; game: string; hours: number; since: Instant | null; timeZone: string },
  mk: Markup,
): string {
  const t = mk.text;
  const since = p.since === null ? 'since the day started' : `since ${formatDeadline(p.since, p.timeZone)}`;
  const where = p.game ? ` in ${mk.bold(t(p.game))}` : '';
  return `${mk.join([
    `Hi ${t(p.player)},`,
    '',
    `you have not posted in the thread${where} for ${p.hours} hours (${since}). This is a prod: please post in the thread soon, or tell me if you need a replacement.`,
  ])}\n`;
}
