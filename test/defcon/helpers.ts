import { type GameFile, gameFileSchema } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import type { StateJson } from '../../src/domain/state.js';
import { HOUR } from '../../src/domain/time.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';

/** D0 starts here; `h(n)` is n hours later, as ISO text. */
export const BASE = Date.parse('2026-03-02T00:00:00Z');
export const h = (hours: number) => new Date(BASE + hours * HOUR).toISOString().replace('.000Z', 'Z');

/**
 * The schedule of e2: D0 [0,24), D1 [24,72), N1 [72,96), D2 [96,144), N2 [144,168), D3 [168,216), N3 [216,240),
 * D4 [240,288), N4 [288,312), D5 [312,360), … each day 48 h with a deadline, each night 24 h.
 */
export function schedule(lastDay = 6): { name: string; start: string; deadline: string }[] {
  const phases = [{ name: 'D0', start: h(0), deadline: h(24) }];
  for (let d = 1; d <= lastDay; d += 1) {
    const start = 24 + (d - 1) * 72;
    phases.push({ name: `D${d}`, start: h(start), deadline: h(start + 48) });
    phases.push({ name: `N${d}`, start: h(start + 48), deadline: h(start + 72) });
  }
  return phases;
}

/** Start of day d and of night n, in hours from BASE. */
export const dayStart = (d: number) => 24 + (d - 1) * 72;
export const nightStart = (n: number) => dayStart(n) + 48;

export type PlayerSpec = {
  name: string;
  faction?: string;
  role?: string;
  mode?: 'launch' | 'abm';
  requests?: string[];
  aliases?: string[];
};

export function defconGame(players: PlayerSpec[], extra: Record<string, unknown> = {}): GameFile {
  return gameFileSchema().parse({
    ruleset: 'defcon',
    title: 'test',
    moderator: 'Mod',
    timezone: 'UTC',
    players,
    phases: schedule(),
    ...extra,
  });
}

let counter = 0;
const nextId = () => {
  counter += 1;
  return `p${String(counter).padStart(4, '0')}`;
};

export function say(author: string, hour: number, text: string, id = nextId()): Post {
  return { id, author, createdAt: h(hour), editedAt: null, html: `<p><strong>${text}</strong></p>`, channel: 'thread' };
}

export function pm(author: string, hour: number, text: string, id = nextId()): Post {
  return {
    id,
    author,
    createdAt: h(hour),
    editedAt: null,
    html: `<p><strong>${text}</strong></p>`,
    channel: 'pm',
    to: 'Mod',
  };
}

/** Posts must be in time order (interfaces §1). */
export function stateAt(game: GameFile, posts: Post[], hour: number): StateJson {
  const sorted = [...posts].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const r = replay(game, sorted, { at: BASE + hour * HOUR });
  return toStateJson(r.context, r.at);
}

export function contextAt(game: GameFile, posts: Post[], hour: number) {
  const sorted = [...posts].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return replay(game, sorted, { at: BASE + hour * HOUR }).context;
}

export const flagCodes = (s: StateJson) => s.flags.map((f) => f.code);
export const player = (s: StateJson, name: string) => {
  const p = s.players.find((x) => x.name === name);
  if (!p) throw new Error(`no player ${name}`);
  return p;
};

/** A standard cast: two launch silos, one ABM silo, and every night role. */
export const CAST: PlayerSpec[] = [
  { name: 'Ava', faction: 'town', role: 'Missile Silo', mode: 'launch' },
  { name: 'Bea', faction: 'mafia', role: 'Missile Silo', mode: 'launch' },
  { name: 'Cid', faction: 'town', role: 'Fighter' },
  { name: 'Dot', faction: 'town', role: 'Battleship' },
  { name: 'Eve', faction: 'mafia', role: 'Radar' },
  { name: 'Fay', faction: 'town', role: 'Missile Silo', mode: 'abm' },
  { name: 'Gus', faction: 'sk', role: 'Special Ops' },
  { name: 'Hal', faction: 'town', role: 'Aircraft Carrier' },
  { name: 'Ivy', faction: 'town', role: 'Espionage' },
  { name: 'Jon', faction: 'town', role: 'Air Base' },
  { name: 'Kit', faction: 'town', role: 'Submarine' },
  { name: 'Lou', faction: 'town', role: 'Failsafe' },
  { name: 'Max', faction: 'town', role: 'Doomsday Mechanism' },
];
