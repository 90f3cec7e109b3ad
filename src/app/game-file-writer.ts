import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { ModdeskError } from '../domain/errors.js';
import type { GameEvent, GameFile, PhaseSetup } from '../domain/game-file.js';
import { normName } from '../machine/roster.js';
import { replay } from '../reporter/replay.js';
import { parseGameFile } from './load-game-file.js';

/** A ruling as the game file holds it: events (one per post for a bulk ruling), and a name to remember for a player. */
export interface GameFileChange {
  event?: GameEvent;
  events?: readonly GameEvent[];
  alias?: { player: string; alias: string };
  /** A phase to start: a listed one of that name is moved to this start (and deadline), else one is added. */
  phase?: PhaseSetup;
  /** Posts whose rulings are undone (the Ruled table's Undo). */
  unrule?: readonly string[];
  /** The alias an undone ruling had remembered, taken back. */
  unalias?: { player: string; alias: string };
  /** A mod event taken back (its Undo): the `index`-th of the game's events, which must still be `event`. */
  unevent?: { index: number; event: GameEvent };
}

/** Two events are the same when their fields are (in any order). */
export function sameEvent(a: GameEvent | undefined, b: GameEvent): boolean {
  if (!a) return false;
  const key = (e: GameEvent) => JSON.stringify(Object.entries(e).sort(([x], [y]) => x.localeCompare(y)));
  return key(a) === key(b);
}

function checkUnevent(game: GameFile, u: { index: number; event: GameEvent }, file?: string): void {
  if (!sameEvent(game.events[u.index], u.event))
    throw new ModdeskError(
      'usage',
      'the game file changed since this page was shown, so nothing was undone; reload the page and try again',
      file ? { file } : {},
    );
}

const eventsOf = (c: GameFileChange): GameEvent[] => [...(c.event ? [c.event] : []), ...(c.events ?? [])];

/**
 * The game with `change` applied, checked as a game file is checked on load (schema, names, phase order, events
 * naming players). A change that would break the game is refused here, before anything is stored or written.
 */
export function applyChange(game: GameFile, change: GameFileChange): GameFile {
  let next = game;
  if (change.alias) {
    const player = originalName(game, change.alias.player);
    checkAlias(game, player, change.alias.alias);
    next = withAlias(next, player, change.alias.alias.trim());
  }
  if (change.unalias) next = withoutAlias(next, originalName(game, change.unalias.player), change.unalias.alias);
  if (change.unevent) {
    checkUnevent(next, change.unevent);
    const gone = change.unevent.index;
    next = { ...next, events: next.events.filter((_, i) => i !== gone) };
  }
  if (change.unrule?.length) {
    const undone = new Set(change.unrule);
    next = { ...next, events: next.events.filter((e) => !undone.has(rulingPost(e) ?? '')) };
  }
  for (const event of eventsOf(change)) next = withRuling(next, event);
  if (change.phase) next = withPhase(next, change.phase);
  checkGame(next);
  return next;
}

/** The game with `phase` starting when it says: a listed phase of that name replaced, else added in time order. */
export function withPhase(game: GameFile, phase: PhaseSetup): GameFile {
  const phases = game.phases.filter((p) => p.name !== phase.name);
  phases.push(phase);
  phases.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return { ...game, phases };
}

/** The slot's name in `players` for a name it has now (replacements followed back). */
export function originalName(game: GameFile, name: string): string {
  let current = name;
  for (let i = 0; i <= game.events.length && !game.players.some((p) => p.name === current); i += 1) {
    const e = game.events.find((ev) => 'replace' in ev && ev.by === current);
    if (!e || !('replace' in e)) break;
    current = e.replace;
  }
  return current;
}

/** An alias must be a name no one in the game answers to yet: otherwise every page would fail on "used twice". */
export function checkAlias(game: GameFile, player: string, alias: string): void {
  const slot = game.players.find((p) => p.name === player);
  if (!slot)
    throw new ModdeskError('game-invalid', `cannot remember an alias for ${JSON.stringify(player)}: no such player`);
  const wanted = normName(alias);
  if (!wanted) throw new ModdeskError('game-invalid', 'the alias is empty; type the name the vote used');
  if (normName(slot.name) === wanted)
    throw new ModdeskError(
      'game-invalid',
      `${JSON.stringify(alias.trim())} is already ${slot.name}'s own name; an alias is another name, e.g. the misspelling the vote used`,
    );
  const taken = nameOwner(game, alias);
  if (taken)
    throw new ModdeskError(
      'game-invalid',
      taken === slot.name
        ? `${JSON.stringify(alias.trim())} is already an alias of ${slot.name}`
        : `${JSON.stringify(alias.trim())} is already a name of ${taken}; one name cannot stand for two players`,
    );
}

/** The slot (its `players` name) that answers to `name` already (a name, an alias, a replacement), or null. */
export function nameOwner(game: GameFile, name: string): string | null {
  const wanted = normName(name);
  const owners = [
    ...game.players.map((p) => ({ owner: p.name, names: [p.name, ...p.aliases] })),
    ...game.events.flatMap((e) => ('replace' in e ? [{ owner: e.replace, names: [e.by] }] : [])),
  ];
  return owners.find((o) => o.names.some((n) => normName(n) === wanted))?.owner ?? null;
}

/** Everything a load checks beyond the schema (initial context: names, phases, events), as a thrown ModdeskError. */
export function checkGame(game: GameFile): void {
  replay(game, [], null);
}

/**
 * Writes the mod's rulings into the game file itself (interfaces §3 `events`, and `aliases` on a player), keeping
 * its comments and layout, so the file alone replays to the same state. The new text is validated as a load would
 * validate it; if it would not load, nothing is written. Written to a temporary file, then renamed.
 */
export function appendToGameFile(file: string, change: GameFileChange): void {
  prepareGameFileWrite(file, change)();
}

/**
 * The game file with `change` applied, validated as a load would validate it (throws, writing nothing, if it would
 * not load); returns the write itself (a temporary file renamed over the game file), for the caller to run once the
 * database has the change.
 */
export function prepareGameFileWrite(file: string, change: GameFileChange): () => void {
  const before = readFileSync(file, 'utf8');
  const doc = parseDocument(before);
  if (!isMap(doc.contents))
    throw new ModdeskError('game-invalid', 'not a mapping; the ruling was not written', { file });
  if (change.unevent) {
    // The file's events in its own order, parsed as a load parses them: the one to take back must be where it was.
    checkUnevent(parseGameFile(before, file), change.unevent, file);
    (doc.get('events') as YAMLSeq).items.splice(change.unevent.index, 1);
  }
  // One ruling per post: undone, or replaced by the mod's later ruling.
  const dropped = new Set([...(change.unrule ?? []), ...eventsOf(change).flatMap((e) => rulingPost(e) ?? [])]);
  const events = doc.get('events');
  if (isSeq(events) && dropped.size > 0) {
    const seq = events as YAMLSeq;
    seq.items = seq.items.filter((item) => !(isMap(item) && dropped.has(String((item as YAMLMap).get('post')))));
  }
  for (const event of eventsOf(change)) {
    const seq = doc.get('events');
    if (isSeq(seq)) (seq as YAMLSeq).add(doc.createNode(event, { flow: true }));
    else doc.set('events', doc.createNode([event], { flow: false }));
  }
  if (change.phase) writePhase(doc, change.phase);
  if (change.alias) {
    const slot = playerNode(doc, change.alias.player);
    if (slot) {
      const aliases = slot.get('aliases');
      const alias = change.alias.alias.trim();
      if (isSeq(aliases)) (aliases as YAMLSeq).add(alias);
      else slot.set('aliases', doc.createNode([alias], { flow: true }));
    }
  }
  if (change.unalias) {
    const slot = playerNode(doc, change.unalias.player);
    const aliases = slot?.get('aliases');
    if (slot && isSeq(aliases)) {
      const seq = aliases as YAMLSeq;
      seq.items = seq.items.filter((a) => String(isScalar(a) ? a.value : a) !== change.unalias?.alias);
      if (seq.items.length === 0) slot.delete('aliases');
    }
  }
  const text = doc.toString();
  try {
    checkGame(parseGameFile(text, file));
  } catch (err) {
    const why = err instanceof ModdeskError ? err.oneLine() : String(err);
    throw new ModdeskError('game-invalid', `the ruling would break the game file, so it was not written: ${why}`, {
      file,
      cause: err,
    });
  }
  return () => {
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  };
}

/** The file's entry (a YAML map) for a player named now or earlier (replacements followed back to the slot). */
function playerNode(doc: ReturnType<typeof parseDocument>, player: string): YAMLMap | undefined {
  const raw = doc.toJS() as Partial<GameFile>;
  const name = originalName(
    {
      ...raw,
      players: Array.isArray(raw.players) ? raw.players : [],
      events: Array.isArray(raw.events) ? raw.events : [],
    } as GameFile,
    player,
  );
  const players = doc.get('players') as YAMLSeq | undefined;
  return players?.items.find((p) => isMap(p) && String((p as YAMLMap).get('name')) === name) as YAMLMap | undefined;
}

/** A phase into the file's `phases`: a listed one of that name gets the new times (its comments stay), else added. */
function writePhase(doc: ReturnType<typeof parseDocument>, phase: PhaseSetup): void {
  const phases = doc.get('phases');
  if (!isSeq(phases)) throw new ModdeskError('game-invalid', 'the game file has no phases list; nothing was written');
  const seq = phases as YAMLSeq;
  const listed = seq.items.find((p) => isMap(p) && String((p as YAMLMap).get('name')) === phase.name) as
    | YAMLMap
    | undefined;
  if (listed) {
    listed.set('start', phase.start);
    if (phase.deadline) listed.set('deadline', phase.deadline);
    else listed.delete('deadline');
    // Kept in time order, as the file is read.
    seq.items = [...seq.items].sort(
      (a, b) => Date.parse(String((a as YAMLMap).get('start'))) - Date.parse(String((b as YAMLMap).get('start'))),
    );
  } else seq.add(doc.createNode(phase, { flow: true }));
}

const rulingPost = (e: GameEvent): string | null => ('post' in e ? e.post : null);

/** The game with `event` added; a ruling on a post replaces any earlier ruling on that post (the later one wins). */
export function withRuling(game: GameFile, event: GameEvent): GameFile {
  const post = rulingPost(event);
  const kept = post === null ? game.events : game.events.filter((e) => rulingPost(e) !== post);
  return { ...game, events: [...kept, event] };
}

/**
 * The game as replayed: the file's events plus the rulings stored in the database that the file does not hold
 * yet, applied in the order they were made (so a post's last ruling is the one kept).
 */
export function withRulings(game: GameFile, rulings: GameEvent[]): GameFile {
  const have = new Set(game.events.map((e) => JSON.stringify(e)));
  let out = game;
  // A post's rulings are all in the database, in order; the file may hold an earlier one or none.
  for (const r of rulings) {
    if (rulingPost(r) !== null) out = withRuling(out, r);
    else if (!have.has(JSON.stringify(r))) out = { ...out, events: [...out.events, r] };
  }
  return out;
}

/** The game file's entry for a player named now or earlier (a replacement's slot is its first player's entry). */
export function playerEntry(game: GameFile, name: string): GameFile['players'][number] {
  let n = name.trim().toLowerCase();
  for (const e of [...game.events].reverse()) {
    if ('replace' in e && e.by.toLowerCase() === n) n = e.replace.toLowerCase();
  }
  const player = game.players.find((p) => p.name.toLowerCase() === n);
  if (!player) throw new ModdeskError('usage', `${JSON.stringify(name)} is not a player of this game`);
  return player;
}

/** Adds an alias to a player in memory (the file gets it through appendToGameFile). */
export function withAlias(game: GameFile, player: string, alias: string): GameFile {
  return {
    ...game,
    players: game.players.map((p) =>
      p.name === player && !p.aliases.includes(alias) ? { ...p, aliases: [...p.aliases, alias] } : p,
    ),
  };
}

/** Takes an alias back from a player in memory (an undone ruling's; the file loses it through the same change). */
export function withoutAlias(game: GameFile, player: string, alias: string): GameFile {
  return {
    ...game,
    players: game.players.map((p) => (p.name === player ? { ...p, aliases: p.aliases.filter((a) => a !== alias) } : p)),
  };
}
