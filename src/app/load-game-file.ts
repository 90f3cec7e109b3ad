import { LineCounter, parseDocument } from 'yaml';
import { ModdeskError } from '../domain/errors.js';
import { type GameFile, gameFileSchema } from '../domain/game-file.js';
import { checkSetup } from '../reporter/replay.js';
import { lineOf, parseYamlConfig } from './parse-yaml-config.js';
import { readTextFile } from './read-text-file.js';

const EXAMPLES: Record<string, string> = {
  ruleset: 'ruleset: vanilla',
  players: 'players: [{ name: Alice, faction: town }]',
  phases: 'phases: [{ name: D1, start: "2026-01-05T18:00:00Z", deadline: "2026-01-08T18:00:00Z" }]',
  thread: 'thread: { platform: phpbb, url: "https://forum.example/viewtopic.php?t=123" }',
  options: 'options: { threshold: majority, deadlineOutcome: no-lynch }',
  events: 'events: [{ at: "2026-01-06T12:00:00Z", replace: Alice, by: Zoe }]',
};

/** Reads and validates a game file (interfaces §3); errors name the file, line and key path. */
export function loadGameFile(file: string): GameFile {
  return parseGameFile(readTextFile(file, 'the game file'), file);
}

export function parseGameFile(text: string, file: string): GameFile {
  const game = parseYamlConfig(text, file, gameFileSchema(), {
    expected: 'a mapping with ruleset, players and phases, e.g. "ruleset: vanilla"',
    exampleFor: (key) => EXAMPLES[key],
  });
  if (game.options.phasePost) {
    try {
      new RegExp(game.options.phasePost);
    } catch {
      throw new ModdeskError(
        'game-invalid',
        'options.phasePost: expected a regular expression, e.g. "^Day \\\\d+ (begins|has begun)"',
        { file },
      );
    }
  }
  checkSetupAt(game, text, file);
  return game;
}

/** `line N` of the node at a key path (`['thread', 'url']`) in a game file's text. */
export function lineOfKey(text: string, path: (string | number)[]): string | undefined {
  const lineCounter = new LineCounter();
  return lineOf(parseDocument(text, { lineCounter }), lineCounter, path);
}

/**
 * What the schema cannot check (duplicate names, phase order, events naming players), as the replay's set-up
 * checks it, with the line of the key path it names: `players[2]` becomes `line 7: players[2]`.
 */
function checkSetupAt(game: GameFile, text: string, file: string): void {
  try {
    checkSetup(game);
  } catch (err) {
    if (!(err instanceof ModdeskError) || err.file) throw err;
    const path = (err.place ?? '').match(/[^.[\]]+/g)?.map((k) => (/^\d+$/.test(k) ? Number(k) : k)) ?? [];
    const line = path.length ? lineOfKey(text, path) : undefined;
    const place = [line, err.place].filter(Boolean).join(': ') || undefined;
    throw new ModdeskError(err.code, err.message, { file, place, cause: err });
  }
}
