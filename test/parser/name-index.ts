import { expect } from 'vitest';
import type { NameMatch, RosterName } from '../../src/domain/action.js';
import { buildNameIndex } from '../../src/parser/resolve-name.js';

/** The name index of a roster: slot i holds players[i], which may be `[current, ...former]`; aliases apart. */
export function nameIndex(players: (string | string[])[], aliases: Record<number, string[]> = {}) {
  const roster: RosterName[] = [];
  players.forEach((p, slot) => {
    for (const name of [p].flat()) roster.push({ slot, name, isAlias: false });
    for (const alias of aliases[slot] ?? []) roster.push({ slot, name: alias, isAlias: true });
  });
  return buildNameIndex(roster);
}

/** A confident reading of slot `slot` by the ladder step `via`. */
export const player = (slot: number, via: string): NameMatch => ({ kind: 'player', slot, via }) as NameMatch;

/** A doubtful reading: it counts, with the reason the mod is shown (docs/readings.md). */
export const doubtful = (slot: number, via: string) =>
  expect.objectContaining({
    kind: 'player',
    slot,
    via,
    doubt: expect.objectContaining({ reason: expect.any(String) }),
  });
