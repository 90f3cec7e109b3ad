import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { type PhpbbBoard, startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 12 acceptance, end to end: a vanilla game on a phpBB board; a draft approved on the desk appears once in
 * the board's thread under the moderator's account; approving again posts nothing more.
 */
describe('the desk posts an approved draft on a phpBB board with the moderator’s account', () => {
  const tmp = tempDir('moddesk-phpbb-desk-');
  const start = Date.UTC(2026, 0, 5, 18, 0, 0);
  const clock = new FakeClock(start + 30 * 3_600_000);
  let board: PhpbbBoard;
  let watcher: Watcher;
  let store: Store;

  beforeAll(async () => {
    const thread = new FakeThread({ start: start + 60_000 });
    thread.addPosts(16);
    board = await startPhpbbBoard(thread, { ignoreFlood: true });
    const players = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];
    const gameFile = join(tmp.dir, 'game.yaml');
    writeFileSync(
      gameFile,
      [
        'ruleset: vanilla',
        'title: "Board Game"',
        'moderator: "Mod"',
        `thread: { platform: phpbb, url: "${board.threadUrl}" }`,
        'players:',
        ...players.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
        'phases:',
        `  - { name: D1, start: "${new Date(start).toISOString()}", deadline: "${new Date(start + 72 * 3_600_000).toISOString()}" }`,
        '',
      ].join('\n'),
    );
    const config = testConfig(tmp.dir, gameFile);
    store = Store.open(config.database, extractActions);
    watcher = new Watcher({
      store,
      clock,
      log: pino({ level: 'silent' }),
      env: {
        MODDESK_FORUM_USERNAME: 'Mod',
        MODDESK_FORUM_PASSWORD: 'correct horse',
        MODDESK_MIN_GAP_MS: '1',
        MODDESK_FORUM_FLOOD_SECONDS: '0',
        MODDESK_FORUM_TIMEZONE: 'America/New_York',
      },
      config,
    });
    watcher.open();
    await watcher.pollAll();
  }, 60_000);

  afterAll(async () => {
    await watcher.stop();
    store.close();
    await board.close();
    tmp.remove();
  });

  it('posted once, as Mod, with its key; again: nothing more', async () => {
    const draft = (await watcher.desk.drafts('demo')).find((d) => d.kind === 'vote-count' && d.status === 'pending');
    expect(draft, 'a vote count was drafted from the board’s posts').toBeDefined();
    const r = await watcher.desk.approveDraft('demo', draft!.id);
    expect(r.outcome).toBe('posted');
    const mine = board.thread
      .visible()
      .filter((p) => p.author === 'Mod' && p.html.includes(`moddesk: demo-${draft!.id}`));
    expect(mine).toHaveLength(1);
    expect(r.draft.posted?.id).toBe(String(mine[0]!.id));
    const again = await watcher.desk.approveDraft('demo', draft!.id);
    expect(again.outcome).toBe('posted');
    expect(board.thread.visible().filter((p) => p.author === 'Mod')).toHaveLength(1);
  }, 60_000);
});
