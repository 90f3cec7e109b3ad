import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { HOUR } from '../../src/domain/time.js';
import { SAMPLE_GAME, startDesk, tempDir } from './helpers.js';

const game = loadGameFile(SAMPLE_GAME);
const t0 = Date.parse(game.phases[0]!.start) - 30 * 60_000;

type Desk = Awaited<ReturnType<typeof startDesk>>;
const draftsOf = (h: Desk) => h.store.drafts.list('demo').map((d) => [d.id, d.status, d.text]);

// Decision 0016: a poll's posts, cursor, drafts and planner position are stored in one transaction.
describe('a poll is stored whole or not at all', () => {
  const tmp = [tempDir(), tempDir()];
  const clocks = [new FakeClock(t0), new FakeClock(t0)];
  let failing: Desk;
  let steady: Desk;

  beforeAll(async () => {
    failing = await startDesk({ dir: tmp[0]!.dir, clock: clocks[0]! });
    steady = await startDesk({ dir: tmp[1]!.dir, clock: clocks[1]! });
  });
  afterAll(async () => {
    await failing.close();
    await steady.close();
    for (const t of tmp) t.remove();
  });

  it('a write failing mid-poll keeps no post, cursor or draft of it; the next poll makes what a desk that never failed made', async () => {
    const runner = failing.watcher.runners.get('demo')!;
    const create = failing.store.drafts.create.bind(failing.store.drafts);
    let failed = 0;
    let lostPosts = 0;
    for (let i = 0; i < 10; i++) {
      for (const c of clocks) c.advance(3 * HOUR);
      await steady.watcher.runners.get('demo')!.pollOnce();
      const before = {
        posts: failing.store.posts.size('demo'),
        cursor: failing.store.games.get('demo')!.cursor,
        drafts: draftsOf(failing),
        held: runner.posts.length,
        plan: runner.plan,
      };
      // Every other poll, the first draft it writes fails (a full disk, say), after its posts were written.
      failing.store.drafts.create = (d) => {
        if (i % 2 === 0) {
          failed += 1;
          throw new Error('disk full');
        }
        return create(d);
      };
      const threw = await runner.pollOnce().then(
        () => false,
        () => true,
      );
      if (threw) {
        expect(failing.store.posts.size('demo'), 'no post of the failed poll kept').toBe(before.posts);
        expect(failing.store.games.get('demo')!.cursor).toEqual(before.cursor);
        expect(draftsOf(failing)).toEqual(before.drafts);
        expect(runner.posts).toHaveLength(before.held);
        expect(runner.plan).toEqual(before.plan);
        failing.store.drafts.create = create;
        await runner.pollOnce();
        if (failing.store.posts.size('demo') > before.posts) lostPosts += 1;
      }
      failing.store.drafts.create = create;
      expect(runner.posts).toEqual(runner.gamePosts());
      expect(draftsOf(failing)).toEqual(draftsOf(steady));
    }
    expect(failed, 'some polls failed while writing a draft').toBeGreaterThan(0);
    expect(lostPosts, 'a failed poll had brought posts').toBeGreaterThan(0);
    expect(draftsOf(steady).length).toBeGreaterThan(2);
  });
});
