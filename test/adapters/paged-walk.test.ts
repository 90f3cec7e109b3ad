import { afterEach, describe, expect, test } from 'vitest';
import { HostScheduler } from '../../src/adapters/http/host-scheduler.js';
import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import { createVbulletinSource } from '../../src/adapters/vbulletin/index.js';
import type { ForumFake } from '../fakes/forum-fake.js';
import { savedPage } from '../fakes/pages/index.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { startVbulletinFake } from '../fakes/vbulletin-fake.js';
import { TEST_HTTP } from './contract.js';

/** Deletions while a backfill walks the pages: the post that moves back onto a page already read is not lost. */
const fakes: ForumFake[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) {
    await f.close();
    f.server.assertClean();
  }
});

const cases = [
  { name: 'phpBB ("N posts")', start: () => startPhpbbFake({ posts: 60, perPage: 10 }), make: createPhpbbSource },
  {
    name: 'vBulletin 4 ("Results a to b of N")',
    start: () => startVbulletinFake({ posts: 60, version: 4, perPage: 10 }),
    make: createVbulletinSource,
  },
];

describe.each(cases)('$name: a post deleted during a backfill', ({ start, make }) => {
  test('the page before is read again when the total drops, so nothing shifts out of sight', async () => {
    const fake = await start();
    fakes.push(fake);
    const source = make({ url: fake.threadUrl, env: {}, http: { ...TEST_HTTP, scheduler: new HostScheduler() } });
    const victim = fake.thread.visible()[5]!;
    const r = await source.read(null, {
      onProgress: (p) => {
        if (p.pagesDone === 2 && !victim.deleted) fake.thread.remove(victim.id);
      },
    });
    const ids = r.posts.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(fake.thread.posts.map((p) => String(p.id)));
    expect(r.requests, 'robots, 6 pages, page 2 again').toBe(8);
    await source.close();
  });
});

describe('saved pages served by a fake', () => {
  test('a saved phpBB 3.0 page reads like a live thread (printed times in the board zone)', async () => {
    const fake = await startPhpbbFake({ posts: 0 });
    fakes.push(fake);
    fake.server.serve('/viewtopic.php?t=5', savedPage('phpbb-3.0.html.txt'));
    const source = createPhpbbSource({
      url: `${fake.server.base}/viewtopic.php?t=5`,
      env: { MODDESK_FORUM_TIMEZONE: 'Europe/London' },
      http: { ...TEST_HTTP, scheduler: new HostScheduler() },
    });
    const r = await source.read(null);
    expect(r.posts.map((p) => [p.id, p.author, p.createdAt])).toEqual([
      ['101', 'Alice', '2010-12-07T21:15:00Z'],
      ['102', 'Bob', '2011-03-13T02:30:00Z'],
    ]);
    expect((await source.read(r.cursor)).requests).toBe(1);
    await source.close();
  });
});
