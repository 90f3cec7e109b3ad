import { ModdeskError } from '../../../domain/errors.js';
import type { GameContext, Slot } from '../../context.js';
import { slotByName } from '../../roster.js';

export const OBSIDIAN = 'obsidian';

/** The ruleset's own state in `ctx.ext.obsidian`. */
export interface ObsidianExt {
  /** The current Leader's slot (O-R7), or null when there is none. */
  leader: number | null;
  /** Successor slots, in the game file's order (O-R7). */
  successors: number[];
  /** Shields used up in `layer` mode (O-R3): their later targets have no effect. */
  shieldsSpent: number[];
}

export function obsidianExt(ctx: GameContext): ObsidianExt {
  return (ctx.ext.obsidian as ObsidianExt | undefined) ?? { leader: null, successors: [], shieldsSpent: [] };
}

export function withExt(ctx: GameContext, patch: Partial<ObsidianExt>): GameContext {
  return { ...ctx, ext: { ...ctx.ext, obsidian: { ...obsidianExt(ctx), ...patch } } };
}

export const isObsidian = (slot: Slot | undefined): boolean => slot?.faction === OBSIDIAN;

/** The Leader at setup: the first player whose role is `Leader`; the game file's successors, checked. */
export function initialExt(ctx: GameContext): ObsidianExt {
  const leader = ctx.slots.find((s) => s.role === 'Leader')?.index ?? null;
  const successors = (ctx.setup.game.successors ?? []).map((name, i) => {
    const slot = slotByName(ctx.slots, name);
    const place = `successors[${i}]`;
    if (!slot) throw new ModdeskError('game-invalid', `${JSON.stringify(name)} is not a player`, { place });
    if (slot.faction !== null && slot.faction !== OBSIDIAN) {
      throw new ModdeskError('game-invalid', `${slot.name} is not an Obsidian node (faction ${slot.faction})`, {
        place,
      });
    }
    return slot.index;
  });
  return { leader, successors, shieldsSpent: [] };
}

/** O-R7: after the Leader is removed, the first living successor takes the role (with the mask). */
export function nextLeader(ctx: GameContext): number | null {
  const ext = obsidianExt(ctx);
  return ext.successors.find((s) => ctx.slots[s]?.alive) ?? null;
}

/** The node whose role reads as `Leader` now: the current Leader, else the role in the game file. */
export function effectiveRole(ctx: GameContext, slot: number): string | null {
  if (obsidianExt(ctx).leader === slot) return 'Leader';
  return ctx.slots[slot]?.role ?? null;
}
