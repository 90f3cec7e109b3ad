import { join } from 'node:path';
import pino from 'pino';
import { stringify } from 'yaml';
import { createFileSource } from '../../src/adapters/file/index.js';
import { appConfigSchema } from '../../src/app/app-config.js';
import { runDesk } from '../../src/app/run-desk.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { type DeskFolder, deskFolder, type TestDesk, testDeskOn } from './desk.js';

export interface WatchDesk extends TestDesk {
  /** The game file `watch` reads and writes its rulings into (YAML). */
  gameFile: string;
  /** The thread dump the desk reads (`addPosts` appends to it). */
  postsFile: string;
  /** Stops this desk and starts another on the same folder and database, as a restarted `watch` would. */
  restart(): Promise<WatchDesk>;
}

type WatchOptions = {
  at?: number;
  alerts?: unknown;
  env?: NodeJS.ProcessEnv;
  log?: pino.Logger;
  /** App config keys beside the database, the game and the poll (`autoApprove`); `poll` keys replace the test's. */
  config?: Record<string, unknown> & { poll?: Record<string, unknown> };
  /** The game file as written, when its comments or layout matter (else the game as YAML). */
  gameText?: string;
};

/**
 * The desk `moddesk watch` runs (`runDesk`: a real SQLite file, rulings written into the game file, the game file
 * re-read when it changes), reading its thread from a dump through the `file` adapter, on a TestClock.
 */
export async function openWatchDesk(game: GameFile, posts: Post[], o: WatchOptions = {}): Promise<WatchDesk> {
  const text = o.gameText ?? `# written by the test; watch writes its rulings here\n${stringify(game)}`;
  return watchOn(deskFolder('moddesk-watch-', game, posts, text, o.at), o);
}

async function watchOn(f: DeskFolder, o: WatchOptions): Promise<WatchDesk> {
  const config = appConfigSchema.parse({
    database: join(f.dir, 'moddesk.db'),
    games: [{ file: f.gameFile, id: f.id }],
    ...(o.alerts ? { alerts: o.alerts } : {}),
    ...o.config,
    poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 0, ...o.config?.poll },
  });
  const running = await runDesk({
    config,
    clock: f.clock,
    env: o.env ?? {},
    log: o.log ?? pino({ level: 'silent' }),
    dashboard: false,
    createSource: () => createFileSource({ url: f.postsFile }),
  });
  await running.watcher.pollAll();
  return {
    ...testDeskOn(f, running),
    gameFile: f.gameFile,
    postsFile: f.postsFile,
    async restart() {
      await running.stop();
      return watchOn(f, o);
    },
  };
}
