import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { blockText } from '../../src/domain/owned-block.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { PLAYERS, FakeThread as RedditThread } from '../fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../fakes/reddit-server.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 30 items 3a and 4 through the desk on the Markdown platforms: the opening post's roster block (invisible
 * markers) kept by an approved edit, once; the thread locked at D1's end, once; the hand-written text kept.
 */
const H = 3_600_000;
const HAND = 'Welcome! Rules are below.';

interface Forum {
  url: string;
  env: NodeJS.ProcessEnv;
  moderator: string;
  players: string[];
  start: number;
  opening(): string;
  locked(): boolean;
  log(): string[];
  close(): Promise<void>;
}

async function discourse(): Promise<Forum> {
  const start = Date.UTC(2026, 0, 5, 12);
  const thread = new FakeThread({ firstId: 500, idStep: 1, start: start + 6 * H });
  const op = thread.add({ author: 'moderator', html: 'op', createdAt: start + 60_000 });
  thread.addPosts(12);
  const f = await startDiscourseFake({ thread, apiKey: 'k', apiUsername: 'moderator', moderators: ['moderator'] });
  f.raws.set(op.id, `${HAND}\n\n${blockText('roster', 'Alive: soon', 'markdown')}\n\nHave fun.`);
  return {
    url: f.threadUrl,
    env: { DISCOURSE_API_KEY: 'k', DISCOURSE_API_USERNAME: 'moderator', MODDESK_MIN_GAP_MS: '1' },
    moderator: 'moderator',
    players: ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'],
    start,
    opening: () => f.raws.get(op.id) ?? '',
    locked: () => thread.locked,
    log: () => f.mod.modLog.map((l) => l.split(' ')[0]!),
    close: () => f.close(),
  };
}

async function reddit(): Promise<Forum> {
  const thread = new RedditThread().generate(20, 5);
  thread.selftext = `${HAND}\n\n${blockText('roster', 'Alive: soon', 'markdown')}\n\nHave fun.`;
  thread.moderators.add('TheMod');
  const r = await FakeRedditServer.start({ thread });
  return {
    url: r.threadUrl,
    env: r.env(),
    moderator: 'TheMod',
    players: [...PLAYERS],
    start: Date.UTC(2026, 0, 7, 0),
    opening: () => thread.selftext,
    locked: () => thread.locked,
    log: () => thread.modLog.map((l) => l.split(' ')[0]!),
    close: () => r.close(),
  };
}

describe.each([
  ['discourse', discourse],
  ['reddit', reddit],
] as const)('%s: the roster block and the lock through the desk', (platform, make) => {
  it('item 3a: the roster edit is made once, the hand-written text kept; item 4: D1’s lock once', async () => {
    const tmp = tempDir(`moddesk-editlock-${platform}-`);
    const forum = await make();
    const iso = (t: number) => new Date(t).toISOString();
    const gameFile = join(tmp.dir, 'game.yaml');
    writeFileSync(
      gameFile,
      [
        'ruleset: vanilla',
        'title: "Markdown Game"',
        `moderator: "${forum.moderator}"`,
        `thread: { platform: ${platform}, url: "${forum.url}", roster: true, lock: true }`,
        'players:',
        ...forum.players.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
        'phases:',
        `  - { name: D1, start: "${iso(forum.start)}", deadline: "${iso(forum.start + 48 * H)}" }`,
        `  - { name: N1, start: "${iso(forum.start + 48 * H)}", deadline: "${iso(forum.start + 60 * H)}" }`,
        '',
      ].join('\n'),
    );
    const clock = new FakeClock(forum.start + 30 * H);
    const config = testConfig(tmp.dir, gameFile);
    const store = Store.open(config.database, extractActions);
    const watcher = new Watcher({ store, clock, log: pino({ level: 'silent' }), env: forum.env, config });
    try {
      watcher.open();
      await watcher.pollAll();
      const roster = (await watcher.desk.drafts('demo')).find((d) => d.kind === 'roster-edit')!;
      expect(roster.text).toContain('[](#moddesk:roster)');
      expect((await watcher.desk.approveDraft('demo', roster.id)).outcome).toBe('posted');
      await watcher.desk.approveDraft('demo', roster.id);
      // Discourse takes the drafts' bbcode ([b]); its markers, like Reddit's, are empty Markdown links (hidden).
      expect(forum.opening().startsWith(`${HAND}\n\n[](#moddesk:roster)\n`)).toBe(true);
      expect(forum.opening()).toContain(`Alive (${forum.players.length})`);
      expect(forum.opening().endsWith('[](#/moddesk:roster)\n\nHave fun.')).toBe(true);
      clock.set(forum.start + 49 * H);
      await watcher.pollAll();
      const lock = (await watcher.desk.drafts('demo')).find((d) => d.kind === 'lock')!;
      expect((await watcher.desk.approveDraft('demo', lock.id)).outcome).toBe('posted');
      expect(forum.locked()).toBe(true);
      expect(forum.log()).toEqual(['edit', 'lock']);
    } finally {
      await watcher.stop();
      store.close();
      await forum.close();
      tmp.remove();
    }
  }, 60_000);
});
