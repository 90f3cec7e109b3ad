import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { loadDump } from '../../src/app/load-dump.js';
import { parseGameFile } from '../../src/app/load-game-file.js';
import { Watcher } from '../../src/app/watcher.js';
import type { Post } from '../../src/domain/post.js';
import type { StateJson } from '../../src/domain/state.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { replayState } from '../../src/reporter/replay-state.js';
import { Store } from '../../src/storage/store.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { FakeInbox } from '../fakes/fake-inbox.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 30 item 2: the recorded DEFCON game (every role: role requests, launches, a Submarine, a Doomsday
 * Mechanism, night actions, all by PM) played on a forum, its thread in the topic and its PMs in the moderator's
 * inbox, with nothing retyped: the desk reaches the state `moddesk state` gives for the same posts as a dump.
 */
const SAMPLE = join(import.meta.dirname, '..', 'games', 'defcon-sample');
const CUT = Date.parse('2026-03-16T00:00:00Z');

/** The dump's posts, first versions only (a forum fake holds a post's present text; edits are another test's). */
function samplePosts(): Post[] {
  const seen = new Set<string>();
  return loadDump(join(SAMPLE, 'posts.jsonl')).filter((p) => !seen.has(p.id) && seen.add(p.id));
}

/** What the PMs decide: roles drawn, deaths and their causes, missiles and their fates, night results. */
function pmFacts(s: StateJson) {
  return {
    phase: s.phase?.name,
    players: s.players.map((p) => [p.name, p.alive, p.role, p.mode, p.cause, p.diedAt]),
    missiles: s.missiles.map((m) => [
      m.kind,
      m.launcher,
      m.actualLauncher,
      m.target,
      m.launchedAt,
      m.status,
      m.landsAt,
    ]),
    eliminations: s.eliminations.map((e) => JSON.stringify({ ...e, postId: undefined })),
    nightResults: s.nightResults.length,
  };
}

function fill(thread: FakeThread, inbox: FakeInbox, posts: Post[]): void {
  for (const p of posts)
    if (p.channel === 'pm') inbox.send({ from: p.author, html: p.html, sentAt: Date.parse(p.createdAt) });
    else thread.add({ author: p.author, html: p.html, createdAt: Date.parse(p.createdAt) });
}

describe('issue 30/2: the DEFCON sample game by forum PMs reaches the state a dump gives', () => {
  const tmp = tempDir('moddesk-pm-defcon-');
  afterAll(() => tmp.remove());
  const gameText = readFileSync(join(SAMPLE, 'game.yaml'), 'utf8');
  const posts = samplePosts();
  const expected = pmFacts(replayState(parseGameFile(gameText, 'game.yaml'), posts, { at: CUT }));

  async function deskState(platform: string, url: string, env: NodeJS.ProcessEnv): Promise<StateJson> {
    const dir = join(tmp.dir, platform);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'game.yaml');
    writeFileSync(file, gameText.replace(/thread: \{[^}]*\}/, `thread: { platform: ${platform}, url: "${url}" }`));
    const store = Store.open(join(dir, 'moddesk.db'), extractActions);
    const watcher = new Watcher({
      store,
      clock: new FakeClock(CUT),
      log: pino({ level: 'silent' }),
      env: { MODDESK_MIN_GAP_MS: '1', MODDESK_FORUM_TIMEZONE: 'UTC', ...env },
      config: testConfig(dir, file),
    });
    try {
      watcher.open();
      await watcher.pollAll();
      await watcher.pollAll();
      expect(watcher.runners.get('demo')!.posts.filter((p) => p.channel === 'pm')).toHaveLength(
        posts.filter((p) => p.channel === 'pm').length,
      );
      return await watcher.desk.state('demo');
    } finally {
      await watcher.stop();
      store.close();
    }
  }

  it('R-S/R-M by PM on phpBB: the same roles, missiles, deaths and night results', async () => {
    expect(expected.missiles.length).toBeGreaterThan(0);
    const thread = new FakeThread({ start: Date.parse('2026-03-02T00:00:00Z') });
    const board = await startPhpbbBoard(thread, { ignoreFlood: true, timeZone: 'UTC' });
    fill(thread, board.board.inbox, posts);
    try {
      const state = await deskState('phpbb', board.threadUrl, {
        MODDESK_FORUM_USERNAME: 'Mod',
        MODDESK_FORUM_PASSWORD: 'correct horse',
      });
      expect(pmFacts(state)).toEqual(expected);
    } finally {
      await board.close();
    }
  }, 120_000);

  it('R-S/R-M by PM on Discourse: the same', async () => {
    const thread = new FakeThread({ firstId: 500, idStep: 1, start: Date.parse('2026-03-02T00:00:00Z') });
    const forum = await startDiscourseFake({ thread, apiKey: 'key-1', apiUsername: 'Mod' });
    fill(thread, forum.inbox, posts);
    try {
      const state = await deskState('discourse', forum.threadUrl, {
        DISCOURSE_API_KEY: 'key-1',
        DISCOURSE_API_USERNAME: 'Mod',
      });
      expect(pmFacts(state)).toEqual(expected);
    } finally {
      await forum.close();
    }
  }, 120_000);
});
