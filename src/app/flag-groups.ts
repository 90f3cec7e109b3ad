import type { GameFile } from '../domain/game-file.js';
import { normName } from '../machine/roster.js';
import type { FlagFilter, FlagGroup, FlagRecord, FlagTriage } from './desk.js';
import { checkAlias, originalName } from './game-file-writer.js';

/**
 * Flags grouped for triage: by kind (the code) and by player. A vote's target flags group by the name the posts
 * wrote and the player it was read as (every guessed reading of `Rev` as TheReverend is one group, whoever voted);
 * the others by their actor. A group is ruled as one (`Desk.ruleGroup`).
 */
const keyOf = (f: FlagRecord) =>
  f.argument !== undefined
    ? `${f.code}|w:${normName(f.argument)}|r:${f.reading ?? ''}`
    : `${f.code}|a:${(f.actor ?? '').toLowerCase()}`;

function matches(f: FlagRecord, filter: FlagFilter): boolean {
  if (filter.kind && f.code !== filter.kind) return false;
  if (filter.status === 'open' && f.status !== 'open') return false;
  if (filter.status === 'ruled' && f.status === 'open') return false;
  if (filter.player) {
    const p = filter.player.toLowerCase();
    const names = [f.actor, f.reading, f.argument].filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase());
    if (!names.includes(p)) return false;
  }
  return true;
}

export function triage(flags: readonly FlagRecord[], game: GameFile, filter: FlagFilter = {}): FlagTriage {
  const groups = new Map<string, FlagGroup>();
  const kinds = new Map<string, number>();
  const players = new Map<string, number>();
  const count = (m: Map<string, number>, k: string, open: boolean) => m.set(k, (m.get(k) ?? 0) + (open ? 1 : 0));
  for (const f of flags) {
    const open = f.status === 'open';
    count(kinds, f.code, open);
    for (const n of new Set([f.actor, f.reading].filter((x): x is string => Boolean(x)))) count(players, n, open);
    if (!matches(f, filter)) continue;
    const key = keyOf(f);
    let g = groups.get(key);
    if (!g) {
      g = {
        key: `g-${groups.size + 1}-${key.replace(/[^\w-]/g, '_')}`.slice(0, 80),
        code: f.code,
        argument: f.argument ?? null,
        reading: f.reading ?? null,
        actor: f.argument !== undefined ? null : f.actor,
        open: [],
        ruled: [],
        aliasSuggestion: null,
      };
      groups.set(key, g);
    }
    (open ? g.open : g.ruled).push(f);
  }
  for (const g of groups.values()) g.aliasSuggestion = suggestAlias(game, g);
  const all = [...groups.values()].sort(
    (a, b) => b.open.length - a.open.length || a.code.localeCompare(b.code) || a.key.localeCompare(b.key),
  );
  const byName = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => ({ k, n }));
  return {
    groups: all,
    kinds: byName(kinds).map(({ k, n }) => ({ code: k, open: n })),
    players: byName(players).map(({ k, n }) => ({ name: k, open: n })),
    open: flags.filter((f) => f.status === 'open').length,
    ruled: flags.filter((f) => f.status !== 'open').length,
    filter,
  };
}

/** The written name, when remembering it for the reading's player is an alias the game file would take. */
function suggestAlias(game: GameFile, g: FlagGroup): string | null {
  const taken = new Set(
    [
      ...game.players.flatMap((p) => [p.name, ...p.aliases]),
      ...game.events.flatMap((e) => ('replace' in e ? [e.by] : [])),
    ].map(normName),
  );
  if (!g.argument || taken.has(normName(g.argument))) return null;
  if (!g.reading) return g.argument.trim();
  try {
    checkAlias(game, originalName(game, g.reading), g.argument);
    return g.argument.trim();
  } catch {
    return null;
  }
}
