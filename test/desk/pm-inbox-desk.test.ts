import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { gameHealth } from '../../src/web/pages/desk-health.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { FakeInbox } from '../fakes/fake-inbox.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 30 item 2, end to end through the desk: a mafia player's night kill sent by PM on the forum reaches the
 * state's night actions as a Reddit PM does, with nothing retyped; a non-player's PM is stored nowhere.
 */
const start = Date.UTC(2026, 0, 5, 18, 0, 0);
const H = 3_600_000;
const players = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];

function gameFile(dir: string, platform: string, url: string): string {
  const file = join(dir, 'game.yaml');
  writeFileSync(
    file,
    [
      'ruleset: vanilla',
      'title: "PM Game"',
      'moderator: "Mod"',
      `thread: { platform: ${platform}, url: "${url}" }`,
      'players:',
      ...players.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
      'phases:',
      `  - { name: D1, start: "${new Date(start).toISOString()}", deadline: "${new Date(start + 24 * H).toISOString()}" }`,
      `  - { name: N1, start: "${new Date(start + 24 * H).toISOString()}", deadline: "${new Date(start + 48 * H).toISOString()}" }`,
      '',
    ].join('\n'),
  );
  return file;
}

function plantPms(inbox: FakeInbox, html: (s: string) => string): void {
  inbox.send({ from: 'Alice', html: html('Kill: Dan'), sentAt: start - 2 * H });
  inbox.send({ from: 'Zed', subject: 'Private', html: 'SECRET-NOT-A-PLAYER', sentAt: start + 25 * H });
  inbox.send({ from: 'Alice', html: html('Kill: Cleo'), sentAt: start + 26 * H });
}

/** Every byte the desk wrote (the database and its WAL) holds no word of the non-player's message. */
function storedNothingOf(dir: string, secret: string): void {
  for (const f of readdirSync(dir).filter((n) => n.startsWith('moddesk.db')))
    expect(readFileSync(join(dir, f)).includes(secret), f).toBe(false);
}

describe('issue 30/2: a night kill by PM through the desk', () => {
  const tmp = tempDir('moddesk-pm-desk-');
  afterAll(() => tmp.remove());

  it('V-P2 on phpBB: Alice’s in-game Kill PM is tonight’s action, once; the pre-game and non-player PMs are not', async () => {
    const thread = new FakeThread({ start: start + 60_000, stepMs: 60_000 });
    thread.addPosts(4);
    const board = await startPhpbbBoard(thread, { ignoreFlood: true, timeZone: 'UTC' });
    plantPms(board.board.inbox, (s) => `<strong class="text-strong">${s}</strong>`);
    const dir = join(tmp.dir, 'phpbb');
    mkdirSync(dir, { recursive: true });
    const file = gameFile(dir, 'phpbb', board.threadUrl);
    await throughDesk(
      dir,
      file,
      {
        MODDESK_FORUM_USERNAME: 'Mod',
        MODDESK_FORUM_PASSWORD: 'correct horse',
        MODDESK_MIN_GAP_MS: '1',
        MODDESK_FORUM_TIMEZONE: 'UTC',
      },
      () => board.board.expireSessions(),
    );
    await board.close();
    storedNothingOf(dir, 'SECRET-NOT-A-PLAYER');
  }, 60_000);

  it('issue 30/2: an inbox the key may not read is said on the desk in words; the thread is still read and counted', async () => {
    const forum = await startDiscourseFake({
      start: start + 60_000,
      stepMs: 60_000,
      posts: 4,
      apiKey: 'key-1',
      apiUsername: 'Mod',
    });
    plantPms(forum.inbox, (s) => `<p><strong>${s}</strong></p>`);
    const dir = join(tmp.dir, 'discourse-wrong-key');
    mkdirSync(dir, { recursive: true });
    const store = Store.open(join(dir, 'moddesk.db'), extractActions);
    const watcher = new Watcher({
      store,
      clock: new FakeClock(start + 30 * H),
      log: pino({ level: 'silent' }),
      env: { DISCOURSE_API_KEY: 'wrong', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' },
      config: testConfig(dir, gameFile(dir, 'discourse', forum.threadUrl)),
    });
    try {
      watcher.open();
      await watcher.pollAll();
      const [game] = await watcher.desk.listGames();
      expect(game!.poll?.failures).toBe(0);
      expect(game!.pmsError?.message).toMatch(/private-messages\/Mod\.json.*403|403.*private-messages/);
      expect(watcher.runners.get('demo')!.posts.filter((p) => p.channel === 'thread')).toHaveLength(4);
      const page = String(gameHealth(game!, new Date(start + 30 * H).toISOString()));
      expect(page).toContain('Reading your PMs fails');
      expect(page).not.toMatch(/wrong|SECRET/);
    } finally {
      await watcher.stop();
      store.close();
      await forum.close();
    }
  }, 60_000);

  it('V-P2 on Discourse: the same through the API user’s PMs (a 429 on the way waited out)', async () => {
    const forum = await startDiscourseFake({
      start: start + 60_000,
      stepMs: 60_000,
      posts: 4,
      apiKey: 'key-1',
      apiUsername: 'Mod',
      pmRateLimitEvery: 5,
    });
    plantPms(forum.inbox, (s) => `<p><strong>${s}</strong></p>`);
    const dir = join(tmp.dir, 'discourse');
    mkdirSync(dir, { recursive: true });
    const file = gameFile(dir, 'discourse', forum.threadUrl);
    await throughDesk(
      dir,
      file,
      { DISCOURSE_API_KEY: 'key-1', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' },
      () => forum.inbox.send({ from: 'Zed', html: '<p>SECRET-NOT-A-PLAYER again</p>', sentAt: start + 29 * H }),
    );
    await forum.close();
    storedNothingOf(dir, 'SECRET-NOT-A-PLAYER');
  }, 60_000);
});

/** Two polls of the desk at N1 (with `between` after the first); tonight's actions are Alice's Kill: Cleo alone. */
async function throughDesk(dir: string, file: string, env: NodeJS.ProcessEnv, between: () => void): Promise<void> {
  const store = Store.open(join(dir, 'moddesk.db'), extractActions);
  const watcher = new Watcher({
    store,
    clock: new FakeClock(start + 30 * H),
    log: pino({ level: 'silent' }),
    env,
    config: testConfig(dir, file),
  });
  try {
    watcher.open();
    await watcher.pollAll();
    between();
    await watcher.pollAll();
    const state = await watcher.desk.state('demo');
    expect(state.phase?.name).toBe('N1');
    expect(state.nightActions?.map((a) => [a.actor, a.kind, a.target])).toEqual([['Alice', 'kill', 'Cleo']]);
    const pms = watcher.runners.get('demo')!.posts.filter((p) => p.channel === 'pm');
    expect(pms.map((p) => p.author.toLowerCase())).toEqual(['alice']);
  } finally {
    await watcher.stop();
    store.close();
  }
}
