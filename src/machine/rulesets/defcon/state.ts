import type { Instant } from '../../../domain/time.js';
import type { GameContext } from '../../context.js';
import type { RoleChoice } from './roles.js';

/** A Doomsday Mechanism's posthumous window (R-S3): [opensAt, closesAt). */
export interface DoomsdayWindow {
  slot: number;
  opensAt: Instant;
  closesAt: Instant;
  /** A Doomsday PM was applied (the Mechanism is then shown as what it is). */
  used: boolean;
  closed: boolean;
}

/** A role request sent by PM during D0 (the last one counts). */
export interface RequestRecord {
  slot: number;
  choices: RoleChoice[];
  postId: string;
  at: Instant;
}

/** What the defcon ruleset keeps in `ctx.ext.defcon`: plain data, so replays compare with toEqual. */
export interface DefconState {
  requests: RequestRecord[];
  drawn: boolean;
  /** The missile statechart's state per missile id, e.g. `flying.abortable` (missile-machine.ts). */
  flight: Record<string, string>;
  /** ABM silos sabotaged by Special Ops (R-R3). */
  sabotaged: number[];
  /** The cycle in which each ABM silo last intercepted a missile (R-M7), by slot. */
  abmCycle: Record<string, number>;
  /** Day names on which each slot launched (R-M2), by slot. */
  launchDays: Record<string, string[]>;
  /** The day on which each slot may not launch (R-R4), by slot. */
  blockedOn: Record<string, string>;
  /** The day on which each Failsafe last retaliated (R-S2), by slot. */
  failsafeDay: Record<string, string>;
  doomsday: DoomsdayWindow[];
  /** While a night resolves: when its deaths will be announced (the next day's start), for R-S3. */
  announceAt: Instant | null;
  stalemateFlagged: boolean;
}

export const emptyDefconState = (): DefconState => ({
  requests: [],
  drawn: false,
  flight: {},
  sabotaged: [],
  abmCycle: {},
  launchDays: {},
  blockedOn: {},
  failsafeDay: {},
  doomsday: [],
  announceAt: null,
  stalemateFlagged: false,
});

export function dx(ctx: GameContext): DefconState {
  return (ctx.ext.defcon as DefconState | undefined) ?? emptyDefconState();
}

export function withDx(ctx: GameContext, patch: Partial<DefconState>): GameContext {
  return { ...ctx, ext: { ...ctx.ext, defcon: { ...dx(ctx), ...patch } } };
}

/** The Doomsday Mechanism is listed as a Missile Silo in flips and to the Fighter until it activates (R-S3). */
export function shownRole(ctx: GameContext, slot: number): string | null {
  const s = ctx.slots[slot];
  if (!s) return null;
  if (s.role === 'Doomsday Mechanism' && !dx(ctx).doomsday.some((w) => w.slot === slot && w.used))
    return 'Missile Silo';
  return s.role;
}
