import type { GameContext, Missile } from '../../machine/context.js';
import { flip, who } from '../flip.js';
import { formatDeadline, formatShort, timeLeft } from '../format-time.js';
import type { Markup } from '../markup.js';
import { launcherAt, targetAt } from './common.js';

/** The mod's launch announcement (R-M1), for every kind of missile, as of its launch. */
export function renderLaunch(ctx: GameContext, m: Missile, mk: Markup): string {
  const tz = ctx.setup.game.timezone;
  const at = m.launchedAt;
  const target = targetAt(ctx, m, at, mk);
  const launcher = launcherAt(ctx, m, at, mk);
  const lines: string[] = [mk.bold('NUCLEAR LAUNCH DETECTED')];
  if (m.kind === 'launch') lines.push(`${launcher} has launched a missile at ${mk.bold(target)}.`);
  else if (m.kind === 'submarine') lines.push(`An anonymous launch: a missile is flying at ${mk.bold(target)}.`);
  else if (m.kind === 'failsafe') {
    lines.push(
      `${launcher}'s Failsafe answers the launch: a missile is flying at ${target === 'unknown' ? 'an unknown target' : mk.bold(target)}.`,
    );
  } else lines.push(`${launcher}'s Doomsday Mechanism has activated: a missile is flying at ${mk.bold(target)}.`);
  lines.push(`Impact: ${formatDeadline(m.landsAt, tz)} (${timeLeft(at, m.landsAt)}).`);
  lines.push(
    m.abortableUntil === null
      ? 'This missile cannot be aborted.'
      : `It can be aborted until ${formatShort(m.abortableUntil, tz)} with a bold ${mk.bold(`Abort: ${targetAt(ctx, m, at, mk)}`)} in the thread.`,
  );
  return `${mk.join(lines)}\n`;
}

/** An abort (R-M4); aborting a Submarine's missile reveals its launcher (R-S1). */
export function renderAbort(ctx: GameContext, m: Missile, mk: Markup): string {
  const launcher = who(ctx, m.launcher, mk);
  const line =
    m.kind === 'submarine'
      ? `${launcher} has aborted the anonymous missile at ${mk.bold(who(ctx, m.target, mk))}: ${launcher} was its launcher.`
      : `${launcher} has aborted the missile at ${mk.bold(who(ctx, m.target, mk))}.`;
  return `${mk.join([mk.bold('LAUNCH ABORTED'), line])}\n`;
}

/** One missile that ended other than by an abort: what the day-start post or an at-once post says (R-M6). */
export function impactLine(ctx: GameContext, m: Missile, mk: Markup): string {
  const at = m.endedAt ?? m.landsAt;
  const launcher = launcherAt(ctx, m, at, mk);
  const missile = launcher === 'anonymous' ? 'An anonymous missile' : `The missile from ${launcher}`;
  const target = who(ctx, m.target, mk);
  if (m.status === 'intercepted') return `${missile} at ${target} was intercepted.`;
  const death = ctx.eliminations.find((e) => e.slot === m.target && e.cause === 'missile' && e.at === m.landsAt);
  if (!death) return `${missile} landed on ${target}, who was already dead.`;
  return `${missile} hit ${mk.bold(target)}. ${target} was ${flip(ctx, m.target, at, mk)}.`;
}

/** A landing or an interception during a day is announced at once (R-M6). */
export function renderImpact(ctx: GameContext, m: Missile, mk: Markup): string {
  return `${mk.join([mk.bold(m.status === 'intercepted' ? 'MISSILE INTERCEPTED' : 'IMPACT'), impactLine(ctx, m, mk)])}\n`;
}
