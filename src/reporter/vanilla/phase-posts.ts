import type { GameContext } from '../../machine/context.js';
import { thresholdOf } from '../../machine/votes.js';
import { flip, who } from '../flip.js';
import { lynchLine } from '../lynch-line.js';
import type { Markup } from '../markup.js';

/** Vanilla's day-end post: the lynch and its flip, or no lynch. */
export function renderVanillaDayEnd(ctx: GameContext, day: string, mk: Markup): string {
  return `${mk.join([mk.bold(`Day ${day.slice(1)} has ended`), '', lynchLine(ctx, day, mk)])}\n`;
}

/** Vanilla's day-start post: the night's deaths with flips, and the new threshold. */
export function renderVanillaDayStart(prev: GameContext, next: GameContext, mk: Markup): string {
  const day = next.phase!;
  const lines = [mk.bold(`Day ${day.number} begins`)];
  const known = new Set(prev.eliminations.map((e) => `${e.slot}@${e.at}`));
  // The night's deaths: new since the previous draft, those recorded inside the night that just ended (a
  // game-file kill during the night is already in `prev` when the draft before this one was planned in the night),
  // and those the mod recorded at the day's start instant (real game files put the night kills there, often with
  // no night phase at all).
  const night = next.setup.phases[day.index - 1];
  const lastNight = night?.kind === 'night' ? night.name : null;
  const deaths = next.eliminations.filter(
    (e) =>
      e.cause !== 'lynch' &&
      (!known.has(`${e.slot}@${e.at}`) || (lastNight !== null && e.phase === lastNight) || e.at === day.startedAt),
  );
  // A game file that starts at this day lists the night's kills at its start instant: they are the starting
  // position (decision 0002), so not eliminations, but the players still learn of them in this post.
  const listed = new Set(deaths.map((e) => e.slot));
  for (const s of next.slots)
    if (!s.alive && s.cause && s.cause !== 'lynch' && s.diedAt === day.startedAt && !listed.has(s.index))
      deaths.push({ slot: s.index, at: s.diedAt, cause: s.cause, phase: null });
  if (deaths.length > 0) lines.push('');
  for (const e of deaths)
    lines.push(`${mk.bold(who(next, e.slot, mk))} died (${e.cause}). They were ${flip(next, e.slot, e.at, mk)}.`);
  if (deaths.length === 0 && day.number > 1) lines.push('', 'Nobody died in the night.');
  const alive = next.slots.filter((s) => s.alive).length;
  const threshold = thresholdOf({ ...next, day: null });
  lines.push(
    '',
    threshold === null
      ? `With ${alive} alive, the most votes at the deadline decide.`
      : `With ${alive} alive, it takes ${threshold} to lynch.`,
  );
  return `${mk.join(lines)}\n`;
}
