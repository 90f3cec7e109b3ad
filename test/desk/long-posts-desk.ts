// A desk (`runDesk`, as `moddesk watch` runs it: SQLite file, file thread, dashboard on 127.0.0.1) in a process of its
// own, for long-posts.test.ts: `node --expose-gc --import tsx test/desk/long-posts-desk.ts <long|none>`.
// It prints `{ url, token }` once it has read the thread; on `go` (stdin) ten posts arrive (240 KB one-line vote
// posts with `long`, none with `none`) and one poll reads them while the test calls the dashboard; then it prints
// how long its event loop was held at most, and the memory it holds after a full GC.
import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { createFileSource } from '../../src/adapters/file/index.js';
import { appConfigSchema } from '../../src/app/app-config.js';
import { runDesk } from '../../src/app/run-desk.js';
import type { Post } from '../../src/domain/post.js';
import { startWebServer } from '../../src/web/server.js';
import { TestClock } from '../web/desk.js';
import { ROOT } from './helpers.js';

const mode = process.argv[2];
if (mode !== 'long' && mode !== 'none') throw new Error('usage: long-posts-desk.ts long|none');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const VOTE = '<strong class="text-strong">Vote: Ava</strong> ';
const POST_CHARS = 240_000;
const AUTHORS = ['Eli', 'Ivo', 'HollyOak', 'Dot_Matrix', 'Cid'];
/** Day 2 of the demo game, after its last post. */
const ARRIVAL = Date.parse('2026-01-10T12:00:00Z');

const dir = mkdtempSync(join(tmpdir(), 'moddesk-long-posts-'));
const gameFile = join(dir, 'game.yaml');
const postsFile = join(dir, 'posts.jsonl');
copyFileSync(join(ROOT, 'config', 'demo', 'vanilla-demo.game.yaml'), gameFile);
copyFileSync(join(ROOT, 'config', 'demo', 'vanilla-demo.posts.jsonl'), postsFile);
const clock = new TestClock(ARRIVAL - 60_000, 0);
const config = appConfigSchema.parse({
  database: join(dir, 'moddesk.db'),
  games: [{ file: gameFile, id: 'harbour-lights-mafia' }],
  poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 0 },
});
const running = await runDesk({
  config,
  clock,
  env: {},
  log: pino({ level: 'warn' }, pino.destination(2)),
  startDashboard: startWebServer,
  createSource: () => createFileSource({ url: postsFile }),
});
await running.watcher.pollAll();
const dashboard = running.dashboard;
if (!dashboard) throw new Error('the desk opened no dashboard');
const runner = running.watcher.runners.get('harbour-lights-mafia');
if (!runner) throw new Error('the desk did not open the demo game');
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
say({ url: dashboard.url, token: dashboard.token });

/** The ten posts that arrive: each one line of bold votes, `POST_CHARS` long; or none. */
function arriving(): Post[] {
  if (mode === 'none') return [];
  const html = VOTE.repeat(Math.floor(POST_CHARS / VOTE.length));
  return Array.from({ length: 10 }, (_, i) => ({
    id: `long-${i}`,
    author: AUTHORS[i % AUTHORS.length] as string,
    createdAt: new Date(ARRIVAL + i * 60_000).toISOString().replace('.000Z', 'Z'),
    editedAt: null,
    html,
    channel: 'thread' as const,
  }));
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line === 'go') {
    const posts = arriving();
    const before = runner.posts.length;
    const held = monitorEventLoopDelay({ resolution: 10 });
    held.enable();
    appendFileSync(postsFile, posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
    clock.set(ARRIVAL + 11 * 60_000);
    await running.watcher.pollAll();
    // The requests the test sent while the poll ran are answered before the loop is measured.
    await new Promise((r) => setTimeout(r, 300));
    held.disable();
    gc();
    gc();
    say({
      arrived: runner.posts.length - before,
      parses: running.store.parseCache.stats,
      maxLoopDelayMs: held.max / 1e6,
      heapUsedMB: process.memoryUsage().heapUsed / 2 ** 20,
      rssMB: process.memoryUsage().rss / 2 ** 20,
      peakRssMB: process.resourceUsage().maxRSS / 1024,
    });
  } else if (line === 'quit') {
    await running.stop();
    rmSync(dir, { recursive: true, force: true });
    break;
  }
}
process.exit(0);
