import type { Instant } from '../../domain/time.js';
import type { GameContext, Missile } from '../../machine/context.js';
import { formatDeadline, formatShort, timeLeft } from '../format-time.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';

export const who = (ctx: GameContext, slot: number, mk: Markup) => mk.text(displayName(ctx.slots[slot]));

/** The role a flip shows at `at`: a Doomsday Mechanism is a Missile Silo until it has launched (R-S3). */
export function roleShownAt(ctx: GameContext, slot: number, at: Instant): string | null {
  const s = ctx.slots[slot];
  if (!s) return null;
  if (s.role === 'Doomsday Mechanism') {
    const activated = ctx.missiles.some((m) => m.kind === 'doomsday' && m.launcher === slot && m.launchedAt <= at);
    return activated ? s.role : 'Missile Silo';
  }
  return s.role;
}

/**
 * A faction and role as a flip reads: `town Fighter`; no role is the forums' `Vanilla Townie` / `Mafia Goon`;
 * what the game file does not say is said so, never "unknown faction unknown role".
 */
export function roleWords(faction: string | null, role: string | null): string {
  if (role !== null) return faction === null ? role : `${faction} ${role}`;
  if (faction === null) return 'of a role the game file does not give';
  if (faction === 'town') return 'Vanilla Townie';
  if (faction === 'mafia') return 'Mafia Goon';
  return `${faction}, no power role`;
}

/** `town Fighter`, bold: what a death reveals. */
export function flip(ctx: GameContext, slot: number, at: Instant, mk: Markup): string {
  return mk.bold(mk.text(roleWords(ctx.slots[slot]?.faction ?? null, roleShownAt(ctx, slot, at))));
}

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
