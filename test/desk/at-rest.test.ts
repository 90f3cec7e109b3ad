import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { HOUR } from '../../src/domain/time.js';
import { SAMPLE_GAME, startDesk, tempDir } from './helpers.js';

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
