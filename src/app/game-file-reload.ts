import type { Logger } from 'pino';
import type { GameFile } from '../domain/game-file.js';
import type { Store } from '../storage/store.js';
import type { DeskEvent } from './desk.js';
import { type GameFileRead, gameFileError } from './game-file-read.js';
import { checkGame } from './game-file-writer.js';
import type { GameRunner } from './game-runner.js';

/**
 * Live reload of an edited game file: checked first (with the stored rulings merged where the desk writes no file); a good edit
 * replaces the runner's game and replays, a bad one is kept as `gameFileError` and not applied.
 */
export function applyGameFileEdit(
  runner: GameRunner,
  read: GameFileRead,
  d: {
    store: Store;
    log: Logger;
    emit(e: DeskEvent): void;
    at: string;
    /** The game as replayed from the file's (Watcher.withStoredRulings). */
    withStoredRulings(game: GameFile): GameFile;
  },
): void {
  const at = d.at;
  let error = read.error;
  let game: GameFile | null = null;
  if (read.game) {
    try {
      game = d.withStoredRulings(read.game);
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
