import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { prepareDemoGame } from '../../src/app/demo/demo-game.js';
import { LocalForum, localThreadUrl } from '../../src/app/demo/local-forum.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { HOUR } from '../../src/domain/time.js';
import { SAMPLE_GAME, startDesk, tempDir } from './helpers.js';

const game = loadGameFile(SAMPLE_GAME);
const t0 = Date.parse(game.phases[0]!.start) - 30 * 60_000;
const end = Date.parse('2026-03-15T00:00:00Z');
// The sample's D1 ends on this post (its hammer): a desk that reads it hours after its time must still end the day.
const HAMMER = '1044';

type Desk = Awaited<ReturnType<typeof startDesk>>;
const notCounts = (h: Desk) =>
  h.store.drafts
    .list('demo')
    .filter((d) => d.kind !== 'vote-count')
    .map((d) => d.id)
    .sort();

describe('a post the forum shows after its time (lag, a clock behind the forum’s)', () => {
  const tmp = [tempDir(), tempDir()];
  const clocks = [new FakeClock(t0), new FakeClock(t0)];
  let late: Desk;
  let steady: Desk;

  beforeAll(async () => {
    steady = await startDesk({ dir: tmp[1]!.dir, clock: clocks[1]! });
    const demo = prepareDemoGame(SAMPLE_GAME, localThreadUrl(), tmp[0]!.dir);
    const posts = demo.posts.filter((p) => p.id !== HAMMER);
    const moderator = [demo.game.moderator ?? 'Mod'].flat()[0]!;
    const forum = await LocalForum.start({ posts, clock: clocks[0]!, moderator, title: demo.game.title });
    late = await startDesk({ dir: tmp[0]!.dir, clock: clocks[0]!, forum });
  });
  afterAll(async () => {
    await late.close();
    await steady.close();
    for (const t of tmp) t.remove();
  });

  it('is folded in at its own time and the drafts it makes are made: the day it ends is ended', async () => {
    const hammer = steady.demo.posts.find((p) => p.id === HAMMER)!;
    let shown = false;
    for (let t = t0; t < end; t += 3 * HOUR) {
      for (const c of clocks) c.set(t);
      if (!shown && t > Date.parse(hammer.createdAt) + 3 * HOUR) {
        late.forum.add(hammer);
        shown = true;
      }
      await late.watcher.runners.get('demo')!.pollOnce();
      await steady.watcher.runners.get('demo')!.pollOnce();
    }
    expect(shown).toBe(true);
    expect(notCounts(steady)).toContain('day-end-D1-20260304T120000Z');
    expect(notCounts(late)).toEqual(notCounts(steady));
  });
});
