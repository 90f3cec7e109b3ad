import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { thresholdOf } from '../../machine/votes.js';
import { flip, who } from '../flip.js';
import { formatDeadline } from '../format-time.js';
import { renderGameOverPost } from '../game-over.js';
import { lynchLine } from '../lynch-line.js';
import type { Markup } from '../markup.js';
import { impactLine } from './announcements.js';
import { dayWord, missileBoard } from './common.js';

/** The day-end post at the instant the day ended: the lynch and its flip, or no lynch; the missile board (R-M8). */
export function renderDayEnd(ctx: GameContext, day: string, endedAt: Instant, mk: Markup): string {
  const tz = ctx.setup.game.timezone;
  const lines = [`${mk.bold(`${dayWord(day)} has ended`)} (${formatDeadline(endedAt, tz)})`, ''];
  lines.push(lynchLine(ctx, day, mk));
  const next = ctx.setup.phases.find((p) => p.start >= endedAt && p.name !== day);
  if (next?.kind === 'night') {
    const due = next.deadline === null ? '' : `; night actions are due by ${formatDeadline(next.deadline, tz)}`;
    lines.push(`${dayWord(next.name)} begins ${formatDeadline(next.start, tz)}${due}.`);
  }
  lines.push('', ...missileBoard(ctx, endedAt, mk));
  return `${mk.join(lines)}\n`;
}

/** What happened in [since, until] that a night keeps for the next post: landings, interceptions, deaths. */
function overnightLines(ctx: GameContext, since: Instant, until: Instant, mk: Markup): string[] {
  const lines: string[] = [];
  const impacts = ctx.missiles.filter(
    (m) => m.endedAt !== null && m.endedAt >= since && m.endedAt <= until && m.status !== 'aborted',
  );
  for (const m of impacts) lines.push(`- ${impactLine(ctx, m, mk)}`);
  for (const e of ctx.eliminations.filter((x) => x.at >= since && x.at <= until && x.cause !== 'missile')) {
    const how =
      e.cause === 'nightkill'
        ? 'was killed in the night'
        : e.cause === 'modkill'
          ? 'was removed from the game'
          : 'died';
    lines.push(`- ${mk.bold(who(ctx, e.slot, mk))} ${how}. They were ${flip(ctx, e.slot, e.at, mk)}.`);
  }
  return lines;
}

/**
 * The day-start post: deaths since the night began with their flips, missiles that landed or were
 * intercepted overnight (R-M6), the missile board, the threshold and the deadline.
 */
export function renderDayStart(ctx: GameContext, day: string, at: Instant, mk: Markup): string {
  const tz = ctx.setup.game.timezone;
  const index = ctx.setup.phases.findIndex((p) => p.name === day);
  const previous = ctx.setup.phases[index - 1];
  const since = previous?.kind === 'night' ? previous.start : at;
  const lines = [mk.bold(`${dayWord(day)} begins`), ''];
  if (previous?.kind === 'night') {
    const overnight = overnightLines(ctx, since, at, mk);
    lines.push(`${dayWord(previous.name)} is over.`, ...(overnight.length ? overnight : ['Nobody died.']), '');
  } else if (day === 'D1') {
    lines.push('Role PMs have been sent. Voting starts now.', '');
  }
  lines.push(...missileBoard(ctx, at, mk), '');
  const alive = ctx.slots.filter((s) => s.alive).length;
  const threshold = thresholdOf({ ...ctx, day: null });
  lines.push(
    threshold === null
      ? `With ${alive} alive, the most votes at the deadline decide.`
      : `With ${alive} alive, it takes ${threshold} to lynch.`,
  );
  const deadline = ctx.setup.phases[index]?.deadline ?? null;
  if (deadline !== null) lines.push(`Deadline: ${formatDeadline(deadline, tz)}.`);
  return `${mk.join(lines)}\n`;
}

/** The game-over post (R-W1..R-W5): the winner, the survivors, and every role; a night's news when it ends one. */
export function renderGameOver(ctx: GameContext, mk: Markup): string {
  const { at } = ctx.result;
  // A game that ends during a night tells that night's news here: no day-start post follows.
  const night =
    at === null
      ? undefined
      : ctx.setup.phases.find(
          (p) =>
            p.kind === 'night' &&
            p.start <= at &&
            at < (ctx.setup.phases[p.index + 1]?.start ?? Number.POSITIVE_INFINITY),
        );
  const news: string[] = [];
  if (night && at !== null) {
    const overnight = overnightLines(ctx, night.start, at, mk);
    if (overnight.length) news.push('', `${dayWord(night.name)}:`, ...overnight);
  }
  return renderGameOverPost(ctx, mk, news);
}
