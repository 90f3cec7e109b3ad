import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Store } from '../storage/store.js';
import type { DeskEvent } from './desk.js';
import { checkGame, withRulings } from './game-file-writer.js';
import type { GameRunner } from './game-runner.js';
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

/**
 * Live reload of an edited game file: the stored rulings are merged and the whole checked first; a good edit
 * replaces the runner's game and replays, a bad one is kept as `gameFileError` and not applied.
 */
export function applyGameFileEdit(
  runner: GameRunner,
  read: GameFileRead,
  d: { store: Store; log: Logger; emit(e: DeskEvent): void; at: string },
): void {
  const at = d.at;
  let error = read.error;
  let game: GameFile | null = null;
  if (read.game) {
    try {
      game = withRulings(read.game, d.store.games.rulings(runner.id));
      checkGame(game);
    } catch (err) {
      error = gameFileError(err, runner.gameFile, at);
      game = null;
    }
  }
  if (!game) {
    runner.gameFileError = error;
    d.log.error({ gameFile: error?.text }, 'game file edit does not load; not applied');
  } else {
    runner.game = game;
    runner.gameFileError = null;
    d.store.tx(() => {
      d.store.games.saveGame(runner.id, game);
      d.store.audit.append({
        at,
        gameId: runner.id,
        actor: 'mod',
        action: 'game-file.reloaded',
        detail: { file: runner.gameFile },
      });
    });
    runner.posts = runner.gamePosts();
    runner.ctx = runner.replayAt(runner.plan.at);
    d.log.info({ file: runner.gameFile }, 'game file reloaded');
  }
  d.emit({ type: 'game.updated', gameId: runner.id });
}
