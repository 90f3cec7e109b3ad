import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { stringify } from 'yaml';
import { createFileSource } from '../../src/adapters/file/index.js';
import { appConfigSchema } from '../../src/app/app-config.js';
import { runDesk } from '../../src/app/run-desk.js';
import { gameSlug } from '../../src/app/serve-desk.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { TestClock, type TestDesk } from './desk.js';

export interface WatchDesk extends TestDesk {
  /** The game file `watch` reads and writes its rulings into (YAML). */
  gameFile: string;
}

/**
 * The desk `moddesk watch` runs (`runDesk`: a real SQLite file, rulings written into the game file, the game file
 * re-read when it changes), reading its thread from a dump through the `file` adapter, on a TestClock.
 */
export async function openWatchDesk(game: GameFile, posts: Post[], o: { at?: number } = {}): Promise<WatchDesk> {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-watch-'));
  const gameFile = join(dir, 'game.yaml');
  const postsFile = join(dir, 'posts.jsonl');
  writeFileSync(gameFile, `# written by the test; watch writes its rulings here\n${stringify(game)}`);
  writeFileSync(postsFile, posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
  const last = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), Number.NEGATIVE_INFINITY);
  const clock = new TestClock(o.at ?? (Number.isFinite(last) ? last : Date.parse(game.phases[0]!.start)), 0);
  const id = gameSlug(game.title);
  const config = appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games: [{ file: gameFile, id }],
    poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 0 },
  });
  const running = await runDesk({
    config,
    clock,
    env: {},
    log: pino({ level: 'silent' }),
    dashboard: false,
    createSource: () => createFileSource({ url: postsFile }),
  });
  await running.watcher.pollAll();
  const runner = running.watcher.runners.get(id)!;
  return {
    id,
    gameFile,
    desk: running.watcher.desk,
    clock,
    running,
    async addPosts(more) {
      appendFileSync(postsFile, more.map((p) => `${JSON.stringify(p)}\n`).join(''));
      for (const p of more) clock.set(Date.parse(p.editedAt ?? p.createdAt));
      await running.watcher.pollAll();
    },
    snapshot: () => ({ game: structuredClone(runner.game), posts: [...runner.posts] }),
    async close() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
