import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { startWebServer } from '../../src/web/server.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { placeFolders } from '../fakes/board-phpbb-compose.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { FakeInbox } from '../fakes/fake-inbox.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { csrfOf, request } from '../web/http-client.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 30 item 1, end to end through the desk and its dashboard: role PMs drafted from the game file, approved
 * together with one button, sent once each through the forum's own PM, a player's reply by PM marking them
 * confirmed on the drafts page, and a nudge drafted for the players who did not reply within `confirmHours`.
 */
const start = Date.UTC(2026, 0, 5, 18, 0, 0);
const H = 3_600_000;
const players = ['Alice', 'Bob', 'Cleo', 'Dan'];
const TOKEN = 'role-pm-token-123456';

function gameFile(dir: string, platform: string, url: string): string {
  const file = join(dir, 'game.yaml');
  writeFileSync(
    file,
    [
      'ruleset: vanilla',
      'title: "Role Game"',
      'moderator: "Mod"',
      `thread: { platform: ${platform}, url: "${url}" }`,
      'players:',
      '  - { name: "Alice", faction: mafia, role: "Goon" }',
      '  - { name: "Bob", faction: town, role: "Cop", roleText: "Each night PM me [b]Check: NAME[/b]." }',
      '  - { name: "Cleo", faction: town }',
      '  - { name: "Dan", faction: town, winCondition: "You win with the town." }',
      'phases:',
      `  - { name: D1, start: "${new Date(start).toISOString()}", deadline: "${new Date(start + 24 * H).toISOString()}" }`,
      `  - { name: N1, start: "${new Date(start + 24 * H).toISOString()}", deadline: "${new Date(start + 48 * H).toISOString()}" }`,
      'options: { confirmHours: 12 }',
      '',
    ].join('\n'),
  );
  return file;
}

interface Forum {
  url: string;
  platform: 'phpbb' | 'discourse';
  env: NodeJS.ProcessEnv;
  inbox: FakeInbox;
  /** Every PM the forum holds as sent by the moderator, by its key. */
  sentKeys(): string[];
  /** What the recipient's visit does (phpBB files the author's copy under Sent messages then). */
  read(player: string): void;
  /** The forum knows only these members (another name is refused as unknown). */
  members(names: string[]): void;
  close(): Promise<void>;
}

async function phpbb(): Promise<Forum> {
  const thread = new FakeThread({ start: start - 50 * H, stepMs: 60_000 });
  thread.addPosts(2);
  const b = await startPhpbbBoard(thread, { floodInterval: 2, timeZone: 'UTC' });
  return {
    url: b.threadUrl,
    platform: 'phpbb',
    env: {
      MODDESK_FORUM_USERNAME: 'Mod',
      MODDESK_FORUM_PASSWORD: 'correct horse',
      MODDESK_MIN_GAP_MS: '1',
      MODDESK_FORUM_TIMEZONE: 'UTC',
      MODDESK_FORUM_FLOOD_SECONDS: '2',
    },
    inbox: b.board.inbox,
    sentKeys: () => b.board.pmSent.map((m) => /moddesk: ([\w.:-]+)\)/.exec(m.subject)?.[1] ?? '?'),
    read: (p) => placeFolders(b.board, p),
    members: (n) => {
      b.board.pmRules.members = new Set(['Mod', ...n]);
    },
    close: () => b.close(),
  };
}

async function discourse(): Promise<Forum> {
  const f = await startDiscourseFake({
    start: start - 50 * H,
    stepMs: 60_000,
    posts: 2,
    apiKey: 'k-9',
    apiUsername: 'Mod',
  });
  return {
    url: f.threadUrl,
    platform: 'discourse',
    env: { DISCOURSE_API_KEY: 'k-9', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' },
    inbox: f.inbox,
    sentKeys: () => f.pm.sent.map((m) => /moddesk: ([\w.:-]+)\)/.exec(m.title)?.[1] ?? '?'),
    read: () => undefined,
    members: (n) => {
      f.pm.rules.users = new Set(['mod', ...n.map((x) => x.toLowerCase())]);
    },
    close: () => f.close(),
  };
}

describe('issue 30/1: role PMs through the desk', () => {
  const tmp = tempDir('moddesk-role-pms-');
  afterAll(() => tmp.remove());

  for (const make of [phpbb, discourse]) {
    it(`${make.name}: drafted, approved together, sent once (an unknown name said for the hand), confirmed by a PM reply, nudged after confirmHours`, async () => {
      const forum = await make();
      const dir = join(tmp.dir, forum.platform);
      mkdirSync(dir, { recursive: true });
      const file = gameFile(dir, forum.platform, forum.url);
      const clock = new FakeClock(start - 48 * H);
      const store = Store.open(join(dir, 'moddesk.db'), extractActions);
      const watcher = new Watcher({
        store,
        clock,
        log: pino({ level: 'silent' }),
        env: forum.env,
        config: testConfig(dir, file),
      });
      const web = await startWebServer(watcher.desk, { port: 0, token: TOKEN });
      const base = `${web.url.replace(/\/$/, '')}/games/demo`;
      const cookie = { cookie: `moddesk_token=${TOKEN}` };
      try {
        watcher.open();
        await watcher.pollAll();
        // One role PM per player, from the file and the ruleset (vanilla's win conditions).
        const drafts = (await watcher.desk.drafts('demo')).filter((d) => d.kind === 'role-pm');
        expect(drafts.map((d) => d.to).sort()).toEqual(players);
        const bob = drafts.find((d) => d.to === 'Bob')!.text;
        expect(bob).toContain('[b]Cop[/b] of the [b]town[/b]');
        expect(bob).toContain('Each night PM me [b]Check: NAME[/b].');
        expect(bob).toContain('You win when every member of the mafia is dead.');
        expect(drafts.find((d) => d.to === 'Dan')!.text).toContain('You win with the town.');

        // The drafts page: one button approves them all.
        forum.members(['Alice', 'Bob', 'Cleo']);
        const page = await request(`${base}/drafts`, { headers: cookie });
        expect(page.body).toContain('id="approve-role-pms"');
        expect(page.body).toContain('Approve all 4 role PMs');
        const origin = new URL(web.url).origin;
        const approved = await request(`${base}/drafts/approve-role-pms`, {
          form: { _csrf: csrfOf(page.body) },
          headers: { ...cookie, origin, 'sec-fetch-site': 'same-origin' },
        });
        expect(approved.status).toBe(303);
        await watcher.desk.rolePmsSent();
        const sent = ['Alice', 'Bob', 'Cleo'];
        expect(forum.sentKeys().sort()).toEqual(sent.map((p) => `demo-role-pm-${p}`));
        // Dan's account name is not on the forum: said in the forum's words, retries stopped, the text to paste.
        const refused = await request(`${base}/drafts`, { headers: cookie });
        expect(refused.body).toMatch(/will not take a private message from &quot;Mod&quot; to &quot;Dan&quot;/);
        expect(refused.body).toContain('Send it to Dan by hand as a private message');
        expect(refused.body).toMatch(/data-player="Dan"[\s\S]*?the forum will not take it/);
        // Approving again, and the desk's own rounds, send nothing more.
        expect(await watcher.desk.approveRolePms('demo')).toEqual({ approved: 0 });
        await watcher.pollAll();
        expect(forum.sentKeys()).toHaveLength(3);

        // Alice answers by PM; Bob reads his without answering.
        clock.set(start - 46 * H);
        forum.inbox.send({ from: 'Alice', subject: 'Re: your role', html: '<p>confirm</p>', sentAt: start - 46 * H });
        forum.read('Bob');
        await watcher.pollAll();
        const view = await watcher.desk.rolePms('demo');
        expect(view.rows.filter((r) => r.confirmedAt).map((r) => r.player)).toEqual(['Alice']);
        const after = await request(`${base}/drafts`, { headers: cookie });
        expect(after.body).toMatch(/id="role-pms-confirmed">1 of 3 confirmed/);
        expect(after.body).toMatch(/data-player="Alice"[\s\S]*?data-confirmed="yes"/);
        expect(after.body).toMatch(/data-player="Cleo"[\s\S]*?data-confirmed="no"/);

        // confirmHours (12) after sending: a nudge for each player who did not answer, and none for Alice.
        clock.set(start - 35 * H);
        await watcher.pollAll();
        const nudges = (await watcher.desk.drafts('demo')).filter((d) => d.kind === 'confirm-nudge');
        expect(nudges.map((d) => d.to).sort()).toEqual(['Bob', 'Cleo']);
        expect(nudges[0]!.text).toContain('Role Game');
        await watcher.pollAll();
        expect((await watcher.desk.drafts('demo')).filter((d) => d.kind === 'confirm-nudge')).toHaveLength(2);
        expect(forum.sentKeys()).toHaveLength(3);
      } finally {
        await web.close();
        await watcher.stop();
        store.close();
        await forum.close();
      }
    }, 120_000);
  }
});
