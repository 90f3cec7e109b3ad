import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../desk/helpers.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { exited } from '../helpers/exited.js';
import { bundleEntry, seeded, sleep } from './harness.js';

/**
 * Issue 12: drafts posted with the moderator's account survive kill -9 at random moments (logging in, waiting out
 * the form age, right after the board took the post and before the desk marked it): each draft appears once.
 * Lanes run side by side (phpBB, XenForo, vBulletin), each its own board and database, restarted after every kill.
 */
const ENGINES = ['phpbb', 'phpbb', 'xenforo', 'xenforo', 'vbulletin'] as const;
type Platform = (typeof ENGINES)[number];
const LANES = ENGINES.length;
const KILLS_PER_LANE = Number(process.env.MODDESK_FORUM_KILLS ?? 10);
/** phpBB's form-age waits make each post take seconds; the other boards post faster, so they get more drafts. */
const draftsFor = (p: Platform) => (p === 'phpbb' ? 6 : 12);
const SEED = Number(process.env.MODDESK_KILL_SEED ?? 20261201);

let bundle = '';
beforeAll(async () => {
  bundle = await bundleEntry('forum-post', 'forum-post-entry.ts');
}, 60_000);

interface Board {
  threadUrl: string;
  thread: FakeThread;
  board: { onPostTaken: (() => void) | null };
  close(): Promise<void>;
}

interface Lane {
  platform: Platform;
  board: Board;
  db: string;
  kills: number;
  /** Kills the moment the board took a post, before it answered. */
  inFlight: number;
  /** Kills after which the board held a post the database did not record as posted. */
  unrecorded: number;
}

const lanes: Lane[] = [];
afterAll(async () => {
  for (const l of lanes) await l.board.close();
  const sum = (f: (l: Lane) => number) => lanes.reduce((n, l) => n + f(l), 0);
  process.stdout.write(
    `forum kill -9 suite: ${sum((l) => l.kills)} kills, ${sum((l) => l.inFlight)} the moment the board took a post, ${sum((l) => l.unrecorded)} leaving a post the database had not recorded; 0 double posts (seed ${SEED})\n`,
  );
});

function start(lane: Lane): ChildProcess {
  return spawn(process.execPath, [bundle, lane.platform, lane.board.threadUrl, lane.db], {
    cwd: ROOT,
    env: {
      ...process.env,
      MODDESK_FORUM_USERNAME: 'Mod',
      MODDESK_FORUM_PASSWORD: 'correct horse',
      MODDESK_MIN_GAP_MS: '1',
      MODDESK_FORUM_FLOOD_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

function postedRows(db: string): number {
  const h = new BetterSqlite3(db, { readonly: true });
  try {
    return h.prepare("SELECT COUNT(*) FROM drafts WHERE status = 'posted'").pluck().get() as number;
  } finally {
    h.close();
  }
}

const onBoard = (lane: Lane) => lane.board.thread.visible().filter((p) => p.author === 'Mod').length;

async function runLane(index: number, platform: Platform, rnd: () => number): Promise<Lane> {
  const tmp = tempDir(`moddesk-forum-kill-${index}-`);
  const thread = new FakeThread();
  thread.addPosts(12);
  const board: Board =
    platform === 'phpbb'
      ? await startPhpbbBoard(thread, { ignoreFlood: true })
      : await startFormsBoard(platform, thread);
  const db = join(tmp.dir, 'desk.db');
  const h = new BetterSqlite3(db);
  h.pragma('journal_mode = WAL');
  h.exec('CREATE TABLE drafts (id TEXT PRIMARY KEY, text TEXT NOT NULL, status TEXT NOT NULL, receipt TEXT)');
  const add = h.prepare("INSERT INTO drafts (id, text, status) VALUES (?, ?, 'approved')");
  for (let i = 1; i <= draftsFor(platform); i++)
    add.run(`lane${index}-vc-${i}`, `[b]Vote count ${i}[/b]\nAlice 2, Bob 1`);
  h.close();
  const lane: Lane = { platform, board, db, kills: 0, inFlight: 0, unrecorded: 0 };
  lanes.push(lane);
  for (let k = 0; k < KILLS_PER_LANE; k++) {
    const child = start(lane);
    if (k % 2 === 0) {
      // A moment anywhere in a child's first posts: log-in form, its 1.1 s wait, the reply form, its wait, the POST.
      await sleep(150 + Math.floor(rnd() * (lane.platform === 'phpbb' ? 4200 : 1200)));
      child.kill('SIGKILL');
    } else {
      // The worst moment: the board has taken the post and the desk has not recorded it.
      await new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, 20_000);
        void exited(child).then(() => resolve());
        board.board.onPostTaken = () => {
          child.kill('SIGKILL');
          lane.inFlight += 1;
          clearTimeout(fallback);
          resolve();
        };
      });
      board.board.onPostTaken = null;
      child.kill('SIGKILL');
    }
    await exited(child);
    lane.kills += 1;
    if (onBoard(lane) > postedRows(db)) lane.unrecorded += 1;
  }
  const t0 = Date.now();
  const last = start(lane);
  let err = '';
  last.stderr?.on('data', (d) => (err += d));
  const code = await exited(last);
  expect(code, `lane ${index} finishes: ${err}`).toBe(0);
  if (process.env.MODDESK_KILL_DEBUG)
    process.stdout.write(`lane ${index} ${platform}: final run ${Date.now() - t0} ms\n`);
  tmp.remove();
  return lane;
}

describe('kill -9 while posting on phpBB, XenForo and vBulletin boards', () => {
  it(`${LANES * KILLS_PER_LANE} kills and restarts: every approved draft is posted once, under the moderator's account`, async () => {
    const rnd = seeded(SEED);
    const seeds = Array.from({ length: LANES }, () => Math.floor(rnd() * 2 ** 31));
    const done = await Promise.all(seeds.map((s, i) => runLane(i, ENGINES[i]!, seeded(s))));
    for (const [i, lane] of done.entries()) {
      const mine = lane.board.thread.visible().filter((p) => p.author === 'Mod');
      const keys = mine.map((p) => /moddesk: ([\w.:-]+)/.exec(p.html)?.[1]);
      expect(keys.sort(), `lane ${i} (${lane.platform}): each draft once`).toEqual(
        Array.from({ length: draftsFor(lane.platform) }, (_, d) => `lane${i}-vc-${d + 1}`).sort(),
      );
    }
    expect(done.reduce((n, l) => n + l.kills, 0)).toBe(LANES * KILLS_PER_LANE);
  }, 240_000);
});
