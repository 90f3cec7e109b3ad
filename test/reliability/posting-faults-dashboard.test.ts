import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { HOUR } from '../../src/domain/time.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { startWebServer } from '../../src/web/server.js';
import { startDesk, tempDir, testConfig } from '../desk/helpers.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { request } from '../web/http-client.js';

/**
 * Issue 33 item 2 (M4, m5): on every board that posts, an auto-approved vote count whose posting fails (the board
 * answers 500 to the posting request, every time) is on the dashboard after that one poll, in words: the game's
 * health line on every page and a card on the drafts page with its state ("not posted yet: retrying in 2 min: …
 * HTTP 500", or "posted? checking the thread…" when the board may have stored it), its tries, Retry now and Stop
 * retrying. A 500 is never called "logged out".
 */
const PLAYERS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];
const BOARDS = ['phpbb', 'xenforo', 'vbulletin', 'discourse'] as const;
const TOKEN = 'posting-faults-token-0123456789abcdef';
const start = Date.UTC(2026, 0, 5, 18, 0, 0);

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

/** The board, its thread URL, the environment the desk posts with, and a switch that makes posting answer 500. */
async function boardOf(engine: (typeof BOARDS)[number]) {
  const forms = { MODDESK_FORUM_USERNAME: 'Mod', MODDESK_FORUM_PASSWORD: 'correct horse', MODDESK_MIN_GAP_MS: '1' };
  const thread = new FakeThread({ start: start + 60_000 });
  thread.addPosts(16);
  if (engine === 'discourse') {
    const fake = await startDiscourseFake({ thread, apiKey: 'k', apiUsername: 'Mod' });
    return {
      url: fake.threadUrl,
      env: { DISCOURSE_API_KEY: 'k', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' },
      fail: () => fake.server.inject('500', { match: /^\/posts\.json$/, times: 1000 }),
      close: () => fake.close(),
    };
  }
  const fake =
    engine === 'phpbb' ? await startPhpbbBoard(thread, { ignoreFlood: true }) : await startFormsBoard(engine, thread);
  const posting = engine === 'phpbb' ? /^\/posting\.php/ : engine === 'xenforo' ? /\/add-reply$/ : /^\/newreply\.php/;
  return {
    url: fake.threadUrl,
    env: {
      ...forms,
      MODDESK_FORUM_FLOOD_SECONDS: '0',
      MODDESK_FORUM_TIMEZONE: engine === 'vbulletin' ? 'America/Chicago' : 'America/New_York',
    },
    fail: () => fake.server.inject('500', { match: posting, times: 1000 }),
    close: () => fake.close(),
  };
}

describe('a failing post is on the dashboard, in words, within one poll, on every posting board', () => {
  for (const engine of BOARDS) {
    it(`${engine}: the health line and the drafts page name the auto-approved count, why, and what comes next`, async () => {
      const tmp = tempDir(`moddesk-post-fault-${engine}-`);
      closers.push(() => tmp.remove());
      const clock = new FakeClock(start + 30 * 3_600_000);
      const board = await boardOf(engine);
      closers.push(board.close);
      const gameFile = join(tmp.dir, 'game.yaml');
      writeFileSync(
        gameFile,
        [
          'ruleset: vanilla',
          'title: "Board Game"',
          'moderator: "Mod"',
          `thread: { platform: ${engine}, url: "${board.url}" }`,
          'players:',
          ...PLAYERS.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
          'phases:',
          `  - { name: D1, start: "${new Date(start).toISOString()}", deadline: "${new Date(start + 72 * 3_600_000).toISOString()}" }`,
          '',
        ].join('\n'),
      );
      const config = testConfig(tmp.dir, gameFile, { autoApprove: ['vote-count'] });
      const store = Store.open(config.database, extractActions);
      const watcher = new Watcher({ store, clock, log: pino({ level: 'silent' }), env: board.env, config });
      watcher.open();
      const server = await startWebServer(watcher.desk, { token: TOKEN });
      closers.push(async () => {
        await server.close();
        await watcher.stop();
        store.close();
      });
      board.fail();
      await watcher.pollAll();

      await expectInWords(store, server.url);
    }, 90_000);
  }

  it('reddit (the local forum): the same, for the auto-approved count of the sample game', async () => {
    const tmp = tempDir('moddesk-post-fault-reddit-');
    closers.push(() => tmp.remove());
    let failing = false;
    const clock = new FakeClock(Date.parse('2026-03-02T00:00:00Z') - 30 * 60_000);
    const desk = await startDesk({
      dir: tmp.dir,
      clock,
      lastVersions: true,
      autoApprove: ['vote-count'],
      fault: ({ method, path }) =>
        failing && method === 'POST' && path.endsWith('/api/comment') ? { status: 500 } : null,
    });
    const server = await startWebServer(desk.desk, { token: TOKEN });
    closers.push(async () => {
      await server.close();
      await desk.close();
    });
    failing = true;
    while (desk.store.drafts.list('demo', 'approved').length === 0) {
      clock.advance(3 * HOUR);
      await desk.watcher.pollAll();
    }
    await expectInWords(desk.store, server.url);
  }, 90_000);
});

/** Every approved, unposted draft is on the overview's health line and has its card on the drafts page, in words. */
async function expectInWords(store: Store, url: string): Promise<void> {
  const failing = store.drafts.list('demo', 'approved');
  expect(failing.length, 'the count was auto-approved and not posted').toBeGreaterThan(0);
  const headers = { cookie: `moddesk_token=${TOKEN}` };
  const base = `${url}games/demo`;
  const overview = (await request(base, { headers })).body;
  const drafts = (await request(`${base}/drafts`, { headers })).body;
  for (const d of failing) {
    expect(d.posting?.attempts).toBe(1);
    const words =
      d.posting?.fate === 'failed'
        ? /not posted yet: retrying in 2 min: [^<]*HTTP 500[^<]*\(1 try\)/
        : /posted\? checking the thread… \(1 try; the last one&#39;s answer was lost: [^<]*HTTP 500/;
    expect(overview, 'the health line on the overview').toMatch(words);
    expect(overview).toContain(`data-draft="${d.id}"`);
    expect(drafts, 'the card on the drafts page').toMatch(words);
    expect(drafts).toContain(`id="retry-${d.id}"`);
    expect(drafts).toContain(`id="stop-${d.id}"`);
  }
  expect(overview + drafts).not.toMatch(/logged out/);
}
