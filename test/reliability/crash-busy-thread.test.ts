import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { tempDir, testConfig } from '../desk/helpers.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';

/**
 * Issue 32 item 7 and issue 33 item 3 (invariant 6: nothing is posted twice): the desk dies the moment the board
 * has stored an auto-approved vote count, before its answer (what a kill -9 there leaves: the try written down,
 * the post on the board, nothing else), 45 player posts arrive while it is down, and a new desk opens the same
 * database two minutes later. The board's pages hold 10 (phpBB) or 20 (XenForo, vBulletin) posts, so the earlier
 * post is on none of the pages a quick look reads (the first and the last two): only the desk's own read of the
 * thread since the try finds it. Posted once.
 */
const ENGINES = ['phpbb', 'xenforo', 'vbulletin'] as const;
const PLAYERS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];
const ENV = {
  MODDESK_FORUM_USERNAME: 'Mod',
  MODDESK_FORUM_PASSWORD: 'correct horse',
  MODDESK_MIN_GAP_MS: '1',
  MODDESK_FORUM_FLOOD_SECONDS: '0',
  MODDESK_FORUM_TIMEZONE: 'America/New_York',
};

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

async function boardFor(engine: (typeof ENGINES)[number], thread: FakeThread) {
  return engine === 'phpbb' ? startPhpbbBoard(thread, { ignoreFlood: true }) : startFormsBoard(engine, thread);
}

describe('a desk killed the moment the board took a count, 45 posts while it is down: posted once', () => {
  for (const engine of ENGINES) {
    it(`${engine}: the restarted desk finds its post in its own read of the thread and posts nothing more`, async () => {
      const tmp = tempDir(`moddesk-crash-${engine}-`);
      closers.push(() => tmp.remove());
      const start = Date.UTC(2026, 0, 5, 18, 0, 0);
      const clock = new FakeClock(start + 30 * 3_600_000);
      const thread = new FakeThread({ start: start + 60_000 });
      thread.addPosts(30);
      const board = await boardFor(engine, thread);
      closers.push(() => board.close());
      const gameFile = join(tmp.dir, 'game.yaml');
      writeFileSync(
        gameFile,
        [
          'ruleset: vanilla',
          'title: "Board Game"',
          'moderator: "Mod"',
          `thread: { platform: ${engine}, url: "${board.threadUrl}" }`,
          'players:',
          ...PLAYERS.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
          'phases:',
          `  - { name: D1, start: "${new Date(start).toISOString()}", deadline: "${new Date(start + 72 * 3_600_000).toISOString()}" }`,
          '',
        ].join('\n'),
      );
      const config = testConfig(tmp.dir, gameFile);
      const open = () => {
        const store = Store.open(config.database, extractActions);
        // The fakes print local times in the zone of the real boards they copy.
        const env = {
          ...ENV,
          MODDESK_FORUM_TIMEZONE: engine === 'vbulletin' ? 'America/Chicago' : ENV.MODDESK_FORUM_TIMEZONE,
        };
        const watcher = new Watcher({ store, clock, log: pino({ level: 'silent' }), env, config });
        watcher.open();
        return { store, watcher };
      };

      // The first desk: its poll drafts a count, the moderator approves it; it dies the instant the board stores it.
      const first = open();
      await first.watcher.pollAll();
      const count = (await first.watcher.desk.drafts('demo')).find((d) => d.kind === 'vote-count');
      expect(count?.status).toBe('pending');
      let taken = 0;
      board.board.onPostTaken = () => {
        taken += 1;
        first.store.close();
      };
      await expect(first.watcher.desk.approveDraft('demo', count!.id)).rejects.toThrow(/not open/);
      await first.watcher.stop();
      board.board.onPostTaken = null;
      expect(taken, 'the board took the count once').toBe(1);
      const mine = () => thread.visible().filter((p) => p.author === 'Mod');
      expect(mine()).toHaveLength(1);
      const key = /moddesk: ([\w.:-]+)/.exec(mine()[0]!.html)?.[1];

      // Down for two minutes; the thread moves on by 45 posts.
      thread.addPosts(45);
      clock.advance(2 * 60_000);
      const second = open();
      closers.push(async () => {
        await second.watcher.stop();
        second.store.close();
      });
      const sent = second.store.drafts.list('demo', 'approved');
      expect(
        sent.map((d) => [d.id, d.posting?.fate]),
        'the try the first desk wrote down before sending',
      ).toEqual([[count!.id, 'sending']]);
      await second.watcher.pollAll();
      await second.watcher.pollAll();
      expect(
        mine().map((p) => /moddesk: ([\w.:-]+)/.exec(p.html)?.[1]),
        'the count once',
      ).toEqual([`demo-${count!.id}`]);
      expect(key).toBe(`demo-${count!.id}`);
      const draft = second.store.drafts.get('demo', sent[0]!.id)!;
      expect(draft.status).toBe('posted');
      expect(draft.posted?.id).toBe(String(mine()[0]!.id));
    }, 90_000);
  }
});
