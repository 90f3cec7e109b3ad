import type { Instant } from '../../domain/time.js';
import type { GameContext, Missile } from '../../machine/context.js';
import { who } from '../flip.js';
import { formatDeadline, formatShort, timeLeft } from '../format-time.js';
import type { Markup } from '../markup.js';

/** The launcher as announced at `at`: "anonymous" while a Submarine launch is unrevealed (R-S1). */
export function launcherAt(ctx: GameContext, m: Missile, at: Instant, mk: Markup): string {
  const revealed = m.announced && (m.kind !== 'submarine' || (m.endedAt !== null && m.endedAt <= at));
  return revealed ? who(ctx, m.launcher, mk) : 'anonymous';
}

/** The target as shown at `at`: a Failsafe answering an anonymous launch keeps it unknown until impact. */
export function targetAt(ctx: GameContext, m: Missile, at: Instant, mk: Markup): string {
  return m.targetHidden && !(m.endedAt !== null && m.endedAt <= at) ? 'unknown' : who(ctx, m.target, mk);
}

export const inFlightAt = (m: Missile, at: Instant) => m.launchedAt <= at && (m.endedAt === null || m.endedAt > at);

/** R-M8: each missile in flight with launcher, target, time to impact, and whether it can still be aborted. */
export function missileBoard(ctx: GameContext, at: Instant, mk: Markup): string[] {
  const tz = ctx.setup.game.timezone;
  const flying = ctx.missiles.filter((m) => inFlightAt(m, at));
  if (flying.length === 0) return ['No missiles in flight.'];
  return [
    mk.bold('Missiles in flight:'),
    ...flying.map((m) => {
      const abort =
        m.abortableUntil !== null && m.abortableUntil > at
          ? `abortable until ${formatShort(m.abortableUntil, tz)}`
          : 'cannot be aborted';
      return `- ${launcherAt(ctx, m, at, mk)} → ${targetAt(ctx, m, at, mk)}, lands ${formatDeadline(m.landsAt, tz)} (${timeLeft(at, m.landsAt)}; ${abort})`;
    }),
  ];
}

export const dayWord = (phase: string) => `${phase.startsWith('N') ? 'Night' : 'Day'} ${phase.slice(1)}`;
