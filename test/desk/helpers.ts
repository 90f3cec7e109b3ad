import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { type AppConfig, appConfigSchema } from '../../src/app/app-config.js';
import type { Clock } from '../../src/app/clock.js';
import { prepareDemoGame } from '../../src/app/demo/demo-game.js';
import { type ForumFault, LocalForum, localThreadUrl } from '../../src/app/demo/local-forum.js';
import { Watcher } from '../../src/app/watcher.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLE_GAME = join(ROOT, 'test', 'games', 'defcon-sample', 'game.yaml');

export function tempDir(prefix = 'moddesk-desk-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dir: string, gameFile: string, extra: Partial<AppConfig> = {}): AppConfig {
  return appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games: [{ file: gameFile, id: 'demo' }],
    poll: { intervalSeconds: 1, nearSeconds: 0.5, minSeconds: 0, timeoutSeconds: 5, debounceMinutes: 10 },
    ...extra,
  });
}

/** The sample DEFCON game on the local forum, watched by an in-process desk on `clock`. */
export async function startDesk(o: {
  dir: string;
  clock: Clock;
  autoApprove?: AppConfig['autoApprove'];
  dryRun?: boolean;
  out?: (s: string) => void;
  fault?: (req: { method: string; path: string }) => ForumFault | null;
  forum?: LocalForum;
  log?: pino.Logger;
  /** Each post's last version only (a poll that fails over an edit's window can never see the first version). */
  lastVersions?: boolean;
}) {
  const demo = prepareDemoGame(SAMPLE_GAME, localThreadUrl(), o.dir);
  const moderator = [demo.game.moderator ?? 'Mod'].flat()[0]!;
  const posts = o.lastVersions ? [...new Map(demo.posts.map((p) => [p.id, p])).values()] : demo.posts;
  const forum =
    o.forum ?? (await LocalForum.start({ posts, clock: o.clock, moderator, title: demo.game.title, fault: o.fault }));
  const config = testConfig(o.dir, demo.gameFile, { autoApprove: o.autoApprove ?? [] });
  const store = Store.open(config.database, extractActions);
  const log = o.log ?? pino({ level: 'silent' });
  const watcher = new Watcher({
    store,
    clock: o.clock,
    log,
    env: forum.env({ MODDESK_REDDIT_TIMEOUT_MS: '150' }),
    config,
    dryRun: o.dryRun,
    out: o.out,
  });
  watcher.open();
  return {
    demo,
    forum,
    store,
    watcher,
    desk: watcher.desk,
    async close(closeForum = true) {
      await watcher.stop();
      store.close();
      if (closeForum) await forum.close();
    },
  };
}
