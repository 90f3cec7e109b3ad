import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockText } from '../../src/domain/owned-block.js';
import { ROOT, tempDir } from '../desk/helpers.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { FakeThread as RedditThread } from '../fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../fakes/reddit-server.js';
import { exited } from '../helpers/exited.js';
import { bundleEntry, killWhenTaken, seeded, sleep } from './harness.js';

/**
 * Issue 30 items 3, 4 and 6: approved edits of the opening post's roster block and locks/unlocks of the thread
 * survive kill -9 at random moments (logging in, between the form and its sending, the moment the forum stored the
 * change and before the desk recorded it): every change reaches the forum exactly once, in order, and none is lost.
 * One lane per platform, each its own forum and database, restarted after every kill.
 */
const PLATFORMS = ['phpbb', 'xenforo', 'vbulletin', 'discourse', 'reddit'] as const;
type Platform = (typeof PLATFORMS)[number];
const KILLS_PER_LANE = Number(process.env.MODDESK_EDIT_KILLS ?? 6);
const SEED = Number(process.env.MODDESK_KILL_SEED ?? 20261204);
/** Edit, lock, edit, unlock, …: each edit a new roster, so an edit made twice (or undone) shows in the log. */
const ACTIONS = Array.from({ length: 8 }, (_, i) =>
  i % 2 === 0
    ? { kind: 'edit' as const, content: `Alive (${12 - i})\nAlice\nBob\n\nDead (${i})\nPlayer ${i}` }
    : { kind: (i % 4 === 1 ? 'lock' : 'unlock') as 'lock' | 'unlock', content: '' },
);
const HAND = 'Rules, written by hand: be nice.';

let bundle = '';
beforeAll(async () => {
  bundle = await bundleEntry('edit-lock', 'edit-lock-entry.ts');
}, 60_000);

interface Forum {
  url: string;
  env: Record<string, string>;
  /** Every edit and lock the forum stored, in order. */
  log(): string[];
  source(): string;
  /** Called the moment the forum stored a change (null: this fake has no such hook; random moments only). */
  onTaken(f: (() => void) | null): boolean;
  close(): Promise<void>;
}

const ACCOUNT = { MODDESK_FORUM_USERNAME: 'Mod', MODDESK_FORUM_PASSWORD: 'correct horse', MODDESK_MIN_GAP_MS: '1' };
const opening = `${HAND}\n\n${blockText('roster', 'Alive (12)', 'bbcode')}\n\nSee you in the thread.`;

async function forumFor(p: Platform): Promise<Forum> {
  if (p === 'phpbb' || p === 'xenforo' || p === 'vbulletin') {
    const thread = new FakeThread();
    const op = thread.add({ author: 'Mod', html: 'op' });
    thread.sources.set(op.id, opening);
    thread.addPosts(6);
    const b =
      p === 'phpbb'
        ? await startPhpbbBoard(thread, { ignoreFlood: true, permissions: { Mod: { m_edit: true, m_lock: true } } })
        : await startFormsBoard(p, thread, { mod: { moderators: ['Mod'] } });
    return {
      url: b.threadUrl,
      env: { ...ACCOUNT, MODDESK_FORUM_FLOOD_SECONDS: '0' },
      log: () => b.board.modLog.map((l) => (l.startsWith('edit') ? 'edit' : l)),
      source: () => thread.sources.get(op.id) ?? '',
      onTaken: (f) => {
        b.board.onModTaken = f;
        return true;
      },
      close: () => b.close(),
    };
  }
  if (p === 'discourse') {
    const thread = new FakeThread({ firstId: 500, idStep: 1 });
    const op = thread.add({ author: 'moderator', html: 'op' });
    thread.addPosts(6);
    const f = await startDiscourseFake({ thread, apiKey: 'k', apiUsername: 'moderator', moderators: ['moderator'] });
    f.raws.set(op.id, opening.replace(/\[size=85\]|\[\/size\]/g, ''));
    return {
      url: f.threadUrl,
      env: { DISCOURSE_API_KEY: 'k', DISCOURSE_API_USERNAME: 'moderator', MODDESK_MIN_GAP_MS: '1' },
      log: () => f.mod.modLog.map((l) => (l.startsWith('edit') ? 'edit' : l)),
      source: () => f.raws.get(op.id) ?? '',
      onTaken: (h) => {
        f.mod.onModTaken = h;
        return true;
      },
      close: () => f.close(),
    };
  }
  const thread = new RedditThread().generate(10, 3);
  thread.selftext = `${HAND}\n\n${blockText('roster', 'Alive (12)', 'markdown')}`;
  thread.moderators.add('TheMod');
  const r = await FakeRedditServer.start({ thread });
  return {
    url: r.threadUrl,
    env: r.env() as Record<string, string>,
    log: () => thread.modLog.map((l) => (l.startsWith('edit') ? 'edit' : l)),
    source: () => thread.selftext,
    onTaken: () => false,
    close: () => r.close(),
  };
}

interface Lane {
  platform: Platform;
  forum: Forum;
  kills: number;
  taken: number;
}

const lanes: Lane[] = [];
afterAll(async () => {
  for (const l of lanes) await l.forum.close();
  const sum = (f: (l: Lane) => number) => lanes.reduce((n, l) => n + f(l), 0);
  process.stdout.write(
    `edit/lock kill -9 suite: ${sum((l) => l.kills)} kills, ${sum((l) => l.taken)} the moment the forum stored a change; 0 changes made twice (seed ${SEED})\n`,
  );
});

function start(lane: Lane, db: string): ChildProcess {
  return spawn(process.execPath, [bundle, lane.platform, lane.forum.url, db], {
    cwd: ROOT,
    env: { ...process.env, ...lane.forum.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function runLane(index: number, platform: Platform, rnd: () => number): Promise<Lane> {
  const tmp = tempDir(`moddesk-edit-kill-${index}-`);
  const forum = await forumFor(platform);
  const db = join(tmp.dir, 'desk.db');
  const h = new BetterSqlite3(db);
  h.pragma('journal_mode = WAL');
  h.exec(
    'CREATE TABLE actions (seq INTEGER PRIMARY KEY, id TEXT, kind TEXT, content TEXT, status TEXT, changed INTEGER)',
  );
  const add = h.prepare("INSERT INTO actions (id, kind, content, status) VALUES (?, ?, ?, 'approved')");
  for (const [i, a] of ACTIONS.entries()) add.run(`lane${index}-${i}`, a.kind, a.content);
  h.close();
  const lane: Lane = { platform, forum, kills: 0, taken: 0 };
  lanes.push(lane);
  for (let k = 0; k < KILLS_PER_LANE; k++) {
    const child = start(lane, db);
    if (k % 2 === 0 || !forum.onTaken(null)) {
      await sleep(100 + Math.floor(rnd() * (platform === 'phpbb' ? 4000 : 900)));
      child.kill('SIGKILL');
    } else if (await killWhenTaken(child, (f) => forum.onTaken(f), 20_000)) lane.taken += 1;
    await exited(child);
    lane.kills += 1;
  }
  const last = start(lane, db);
  let err = '';
  last.stderr?.on('data', (d) => (err += d));
  expect(await exited(last), `lane ${index} (${platform}) finishes: ${err}`).toBe(0);
  const left = new BetterSqlite3(db, { readonly: true });
  const pending = left.prepare("SELECT COUNT(*) FROM actions WHERE status != 'done'").pluck().get();
  left.close();
  expect(pending, `lane ${index} (${platform}): nothing approved is lost`).toBe(0);
  tmp.remove();
  return lane;
}

describe('kill -9 while editing the opening post and locking the thread, on every platform', () => {
  it(`${PLATFORMS.length * KILLS_PER_LANE} kills and restarts: each edit and lock reaches the forum once, in order; the hand-written text stays`, async () => {
    const rnd = seeded(SEED);
    const seeds = PLATFORMS.map(() => Math.floor(rnd() * 2 ** 31));
    const done = await Promise.all(seeds.map((s, i) => runLane(i, PLATFORMS[i]!, seeded(s))));
    for (const lane of done) {
      expect(lane.forum.log(), `${lane.platform}: each change once, in order`).toEqual(ACTIONS.map((a) => a.kind));
      const last = ACTIONS.filter((a) => a.kind === 'edit').at(-1)!.content;
      expect(lane.forum.source().startsWith(`${HAND}\n\n`), `${lane.platform}: the hand-written text kept`).toBe(true);
      expect(lane.forum.source()).toContain(last);
    }
  }, 240_000);
});
