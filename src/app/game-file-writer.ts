import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { GameEvent, GameFile } from '../domain/game-file.js';

/**
 * Writes the mod's rulings into the game file itself (interfaces §3 `events`, and `aliases` on a player), keeping
 * its comments and layout, so the file alone replays to the same state. Written to a temporary file, then renamed.
 */
export function appendToGameFile(
  file: string,
  change: { event?: GameEvent; alias?: { player: string; alias: string } },
): void {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  if (!isMap(doc.contents)) throw new Error(`${file}: not a mapping`);
  if (change.event) {
    const events = doc.get('events');
    const node = doc.createNode(change.event, { flow: true });
    if (isSeq(events)) (events as YAMLSeq).add(node);
    else doc.set('events', doc.createNode([change.event], { flow: false }));
  }
  if (change.alias) {
    const players = doc.get('players') as YAMLSeq | undefined;
    const slot = players?.items.find((p) => isMap(p) && String((p as YAMLMap).get('name')) === change.alias!.player) as
      | YAMLMap
      | undefined;
    if (slot) {
      const aliases = slot.get('aliases');
      if (isSeq(aliases)) (aliases as YAMLSeq).add(change.alias.alias);
      else slot.set('aliases', doc.createNode([change.alias.alias], { flow: true }));
    }
  }
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, doc.toString());
  renameSync(tmp, file);
}

/** The game as replayed: the file's events plus rulings stored in the database that the file does not hold yet. */
export function withRulings(game: GameFile, rulings: GameEvent[]): GameFile {
  const have = new Set(game.events.map((e) => JSON.stringify(e)));
  const extra = rulings.filter((r) => !have.has(JSON.stringify(r)));
  return extra.length ? { ...game, events: [...game.events, ...extra] } : game;
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
