import { type GameFile, gameFileSchema } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import type { StateJson } from '../../src/domain/state.js';
import type { GameContext } from '../../src/machine/context.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';

/** A small obsidian game for rule tests: N0 registry, then N1, D1, N2, D2, … one day each, from 1 March 2026. */
export const ROSTER = [
  { name: 'Ink', faction: 'obsidian', role: 'Leader' },
  { name: 'Oak', faction: 'obsidian', role: 'Scanner' },
  { name: 'Pip', faction: 'obsidian', role: 'Infiltrator' },
  { name: 'Jet', faction: 'network', role: 'Analyst' },
  { name: 'Kit', faction: 'network', role: 'Stabilizer' },
  { name: 'Sol', faction: 'network', role: 'Shield' },
  { name: 'Ren', faction: 'network', role: 'Enforcer' },
  { name: 'Lux', faction: 'network', role: 'Citizen' },
  { name: 'Max', faction: 'network', role: 'Citizen' },
];

const day = (n: number) => `2026-03-${String(n + 1).padStart(2, '0')}T00:00:00Z`;

/** The phase names in order: N0, N1, D1, N2, D2, …; phase i runs from day(i) to day(i+1). */
export const PHASES = ['N0', 'N1', 'D1', 'N2', 'D2', 'N3', 'D3', 'N4', 'D4'];

/** An instant `hours` into a phase. */
export function inPhase(phase: string, hours = 1): string {
  const i = PHASES.indexOf(phase);
  if (i < 0) throw new Error(`no phase ${phase}`);
  return new Date(Date.parse(day(i)) + hours * 3_600_000).toISOString().replace('.000Z', 'Z');
}

/** The instant a phase ends (its deadline; the next phase starts then). */
export const endOf = (phase: string) => day(PHASES.indexOf(phase) + 1);

export function obsidianGame(extra: Record<string, unknown> = {}, roster: object[] = ROSTER): GameFile {
  return gameFileSchema().parse({
    ruleset: 'obsidian',
    title: 'Test',
    moderator: 'Mod',
    players: roster,
    phases: PHASES.map((name, i) => ({ name, start: day(i), deadline: day(i + 1) })),
    ...extra,
  });
}

let seq = 0;
/** A PM to the mod with one bold action, `hours` into `phase`. */
export function pm(author: string, phase: string, action: string, hours = 1): Post {
  seq += 1;
  return {
    id: `m${String(seq).padStart(4, '0')}`,
    author,
    createdAt: inPhase(phase, hours),
    editedAt: null,
    html: `<p><strong>${action}</strong></p>`,
    channel: 'pm',
    to: 'Mod',
  };
}

/** A thread post with a bold vote, `hours` into `phase`. */
export function vote(author: string, phase: string, target: string, hours = 1): Post {
  seq += 1;
  return {
    id: `t${String(seq).padStart(4, '0')}`,
    author,
    createdAt: inPhase(phase, hours),
    editedAt: null,
    html: `<p><strong>Vote: ${target}</strong></p>`,
    channel: 'thread',
  };
}

export function sortPosts(posts: Post[]): Post[] {
  return [...posts].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
}

export function run(game: GameFile, posts: Post[], at: string): { ctx: GameContext; state: StateJson } {
  const r = replay(game, sortPosts(posts), { at: Date.parse(at) });
  return { ctx: r.context, state: toStateJson(r.context, r.at) };
}

/** The state just after `night` resolved (one hour into the next phase). */
export function afterNight(game: GameFile, posts: Post[], night: string): { ctx: GameContext; state: StateJson } {
  return run(game, posts, inPhase(PHASES[PHASES.indexOf(night) + 1] as string, 0.5));
}

export const alive = (state: StateJson, name: string) => state.players.find((p) => p.name === name)?.alive;
export const resultOf = (state: StateJson, night: string, actor: string, action: string) =>
  state.nightResults.find((r) => r.phase === night && r.actor === actor && r.action === action);
export const flagCodes = (state: StateJson) => state.flags.map((f) => f.code);
