import { readFileSync } from 'node:fs';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import { parseGameFile } from './load-game-file.js';

/** A game file that did not load: what the desk shows while it keeps the last good game. */
export interface GameFileError {
  file: string;
  /** `line 7: players[2]`, when the loader knows it. */
  place: string | null;
  message: string;
  /** The whole line, as the CLI prints it: `file: line 7: players[2]: the name "Ava" is used twice`. */
  text: string;
  at: string;
}

export type GameFileRead =
  | { text: string | null; game: GameFile; error: null }
  | { text: string | null; game: null; error: GameFileError };

/** Reads and validates a game file; an unreadable or invalid one comes back as an error value, never thrown. */
export function readGameFile(file: string, at: string): GameFileRead {
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
    return { text, game: parseGameFile(text, file), error: null };
  } catch (err) {
    return { text, game: null, error: gameFileError(err, file, at) };
  }
}

export function gameFileError(err: unknown, file: string, at: string): GameFileError {
  if (err instanceof ModdeskError)
    return { file, place: err.place ?? null, message: err.message, text: err.oneLine(), at };
  const message =
    (err as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'the game file is missing'
      : String((err as Error).message ?? err);
  return { file, place: null, message, text: `${file}: ${message}`, at };
}
