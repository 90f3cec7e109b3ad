import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { Watcher } from '../../src/app/watcher.js';
import { HOUR } from '../../src/domain/time.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { SAMPLE_GAME, startDesk, tempDir, testConfig } from './helpers.js';

const game = loadGameFile(SAMPLE_GAME);
const t0 = Date.parse(game.phases[0]!.start) - 30 * 60_000;

/** The planner's position as another connection reads it from the file. */
function storedPlanAt(db: string): number {
  const other = new BetterSqlite3(db, { readonly: true });
  try {
    const plan = other.prepare("SELECT plan FROM games WHERE id = 'demo'").pluck().get() as string;
    return (JSON.parse(plan) as { at: number }).at;
  } finally {
    other.close();
  }
}

describe('the desk at rest (issue 16: 1,000 games in one process)', () => {
  const tmp = tempDir();
  const clock = new FakeClock(t0);
  let h: Awaited<ReturnType<typeof startDesk>>;
  const changes = () => h.store.db.prepare('SELECT total_changes()').pluck().get() as number;

  beforeAll(async () => {
    h = await startDesk({ dir: tmp.dir, clock });
    for (let i = 0; i < 8; i++) {
      clock.advance(3 * HOUR);
      await h.watcher.pollAll();
    }
  });
  afterAll(async () => {
    await h.close();
    tmp.remove();
  });

  it('a quiet poll writes nothing; the position it reached is written with the next transaction', async () => {
    const runner = h.watcher.runners.get('demo')!;
    const db = h.store.db.name;
    const before = changes();
    const stored = storedPlanAt(db);
    clock.advance(1000);
    const quiet = await runner.pollOnce();
    expect(quiet).toEqual({ newPosts: 0, drafts: [] });
    expect(runner.plan.at).toBe(clock.now());
    expect(changes(), 'no row written').toBe(before);
    expect(storedPlanAt(db), 'the file keeps the last written position').toBe(stored);
    // Within the process the position is the one reached.
    expect((h.store.games.get('demo')!.plan as { at: number }).at).toBe(clock.now());
    // Any transaction writes it first.
    const reached = clock.now();
    h.store.tx(() => {});
    expect(storedPlanAt(db)).toBe(reached);
  });

  it('the posts a poll brings are merged into the held ones in the store order, not read back', async () => {
    const runner = h.watcher.runners.get('demo')!;
    const read = h.store.posts.list;
    let lists = 0;
    h.store.posts.list = (id) => {
      lists += 1;
      return read.call(h.store.posts, id);
    };
    try {
      let brought = 0;
      for (let i = 0; i < 12; i++) {
        clock.advance(HOUR);
        brought += (await runner.pollOnce()).newPosts;
      }
      expect(brought).toBeGreaterThan(0);
      expect(lists, 'no whole list read back').toBe(0);
    } finally {
      h.store.posts.list = read;
    }
    expect(runner.posts).toEqual(runner.gamePosts());
  });

  it('a quiet hour of game time is still written, so a restart goes over little', async () => {
    const runner = h.watcher.runners.get('demo')!;
    const db = h.store.db.name;
    let quietPolls = 0;
    for (let i = 0; i < 70; i++) {
      clock.advance(60_000);
      const r = await runner.pollOnce();
      if (r.newPosts === 0 && r.drafts.length === 0) quietPolls += 1;
    }
    expect(quietPolls).toBeGreaterThan(0);
    expect(clock.now() - storedPlanAt(db)).toBeLessThan(HOUR);
  });
});

describe('a desk of many games spreads its polls (issue 16: a thousand reads must not land together)', () => {
  const tmp = tempDir();
  const games = 40;
  let watcher: Watcher;
  let store: Store;
  let reading = 0;
  let most = 0;
  /** Each loop's first sleep (real ms); a loop's sleep ends only when the desk stops. */
  const sleeps: number[] = [];
  let allSlept: () => void = () => {};
  const slept = new Promise<void>((r) => {
    allSlept = r;
  });

  beforeAll(() => {
    const config = testConfig(tmp.dir, SAMPLE_GAME);
    config.games = Array.from({ length: games }, (_, i) => {
      const file = join(tmp.dir, `g${i}.yaml`);
      copyFileSync(SAMPLE_GAME, file);
      return { file, id: `g${i}` };
    });
    store = Store.open(config.database, extractActions);
    watcher = new Watcher({
      store,
      clock: new FakeClock(t0),
      log: pino({ level: 'silent' }),
      env: {},
      config,
      writeGameFile: false,
      createSource: () => ({
        platform: 'reddit',
        async read() {
          reading += 1;
          most = Math.max(most, reading);
          await new Promise((r) => setTimeout(r, 5));
          reading -= 1;
          return { posts: [], cursor: {}, requests: 1 };
        },
        async reply(): Promise<never> {
          throw new Error('nothing is posted here');
        },
        async sendMessage(): Promise<never> {
          throw new Error('nothing is posted here');
        },
      }),
      sleep: (ms, signal) => {
        sleeps.push(ms);
        if (sleeps.length === games) allSlept();
        return new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
      },
    });
    watcher.open();
  });
  afterAll(async () => {
    await watcher.stop();
    store.close();
    tmp.remove();
  });

  it('first reads go a few at a time; then each loop waits its own share of one interval more, once', async () => {
    watcher.start();
    await slept;
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
    const interval = watcher.runners.get('g0')!.nextDelay();
    expect([...sleeps].sort((a, b) => a - b)).toEqual(
      Array.from({ length: games }, (_, i) => interval * (1 + i / games)),
    );
  });
});
