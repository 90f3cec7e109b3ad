import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/app/app-config.js';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { formatInstant, HOUR } from '../../src/domain/time.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { gameHealth } from '../../src/web/pages/desk-health.js';
import type { ForumFake } from '../fakes/forum-fake.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { tempDir } from './helpers.js';

// Issue 32, B1: on MafiaScum (25 posts a page without `ppp`) a poll walked ~107 of a 3,000-post thread's 120 pages
// at ≥1 s a page, hit the 120 s poll timeout and started again from page 1 at the next poll, forever. Here the
// same thread is served on 127.0.0.1 at 25 posts a page, each page taking DELAY_MS, with the poll timeout shrunk
// in proportion (120 s for ~107 pages of ~1.1 s: TIMEOUT_S for ~100 pages of DELAY_MS).
const POSTS = 3000;
const PER_PAGE = 25;
const DELAY_MS = 25;
const TIMEOUT_S = 2.5;
const START = Date.UTC(2026, 0, 5, 18, 0, 0);
const AUTHORS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];

async function longThreadDesk(dir: string) {
  const fake = await startPhpbbFake({ variant: 'mafiascum', perPage: PER_PAGE, posts: POSTS, start: START });
  fake.server.delayMs = DELAY_MS;
  // The URL as `init` writes it for a board that does not take `ppp`: MafiaScum's default 25 a page.
  const url = fake.threadUrl.replace(/&ppp=\d+/, '');
  const file = join(dir, 'long.yaml');
  writeFileSync(
    file,
    [
      'ruleset: vanilla',
      'title: "A long thread"',
      'moderator: Mod',
      `thread: { platform: phpbb, url: "${url}" }`,
      'players:',
      ...AUTHORS.map((p) => `  - { name: ${p} }`),
      'phases:',
      `  - { name: D1, start: "${formatInstant(START - HOUR)}", deadline: "${formatInstant(START + 30 * 24 * HOUR)}" }`,
      '',
    ].join('\n'),
  );
  const config = appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games: [{ file, id: 'long' }],
    poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, timeoutSeconds: TIMEOUT_S, debounceMinutes: 10 },
  });
  const store = Store.open(config.database, extractActions);
  const clock = new FakeClock(START + 4 * 24 * HOUR);
  const watcher = new Watcher({
    store,
    clock,
    log: pino({ level: 'silent' }),
    env: { MODDESK_MIN_GAP_MS: '0', MODDESK_HTTP_ATTEMPTS: '1' },
    config,
    writeGameFile: false,
  });
  watcher.open();
  const runner = watcher.runners.get('long')!;
  return {
    fake,
    store,
    watcher,
    runner,
    async close() {
      await watcher.stop();
      store.close();
      await fake.close();
    },
  };
}

const pageRequests = (fake: ForumFake) => fake.server.take().filter((r) => r.startsWith('GET /viewtopic.php'));

describe('a long thread is read to the end, page by page (issue 32, B1; local phpBB fake, 3,000 posts at 25 a page)', () => {
  let desk: Awaited<ReturnType<typeof longThreadDesk>>;
  const tmp = tempDir();

  beforeAll(async () => {
    desk = await longThreadDesk(tmp.dir);
  });
  afterAll(async () => {
    await desk.close();
    tmp.remove();
  });

  it('a read cut short keeps every page it read, says how far it got, and the next poll continues from there', async () => {
    const { fake, runner, store } = desk;
    // Page 61 (posts 1,501-1,525) never answers: the read stops there, after the poll's timeout.
    fake.server.inject('hang', { match: /start=1500\b/, times: 1 });
    await expect(runner.pollOnce()).rejects.toThrow(/timeout/i);
    expect(store.posts.size('long'), 'the 60 pages read before the hang are kept').toBe(1500);
    expect(runner.reading).toEqual({ held: 1500, total: POSTS });
    const [summary] = await desk.watcher.desk.listGames();
    expect(summary!.poll!.reading).toEqual({ held: 1500, total: POSTS });
    const health = gameHealth(summary!, formatInstant(START)).value;
    expect(health).toContain('data-poll-state="reading"');
    expect(health).toContain('read 1,500 of ~3,000 posts so far');
    expect(health).toContain('continues from there');
    expect(store.drafts.list('long'), 'nothing is drafted from half a thread').toEqual([]);
    pageRequests(fake);

    await runner.pollOnce();
    const asked = pageRequests(fake);
    expect(asked[0], 'the next poll starts at the page that did not answer').toMatch(/start=1500\b/);
    expect(
      asked.some((r) => !/start=\d/.test(r) || /start=(0|25|50)\b/.test(r)),
      'no page before it again',
    ).toBe(false);
    expect(asked).toHaveLength(60);
    expect(store.posts.size('long')).toBe(POSTS);
    expect(new Set(store.posts.list('long').map((p) => p.id)).size).toBe(POSTS);
    expect(runner.reading).toBeNull();
    expect(store.drafts.list('long').length, 'drafts once the whole thread is read').toBeGreaterThan(0);
  }, 180_000);
});

describe('a first read longer than the poll timeout is not cut by it (issue 32, B1)', () => {
  let desk: Awaited<ReturnType<typeof longThreadDesk>>;
  const tmp = tempDir();

  beforeAll(async () => {
    desk = await longThreadDesk(tmp.dir);
  });
  afterAll(async () => {
    await desk.close();
    tmp.remove();
  });

  it('the poll timeout bounds each page, not the whole read: 120 pages in one poll, each post stored once', async () => {
    const began = performance.now();
    await desk.runner.pollOnce();
    const took = performance.now() - began;
    // The set-up is the trial's: the read takes longer than one poll's timeout (else this test proves nothing).
    expect(took).toBeGreaterThan(TIMEOUT_S * 1000);
    expect(pageRequests(desk.fake)).toHaveLength(POSTS / PER_PAGE);
    expect(desk.store.posts.size('long')).toBe(POSTS);
    expect(desk.runner.failures).toBe(0);
    expect(desk.runner.lastError).toBeNull();
  }, 180_000);
});
