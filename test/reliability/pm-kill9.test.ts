import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../desk/helpers.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { exited } from '../helpers/exited.js';
import { bundleEntry, killWhenTaken, seeded, sleep } from './harness.js';

/**
 * Issue 30 item 1: role PMs sent with the moderator's account survive kill -9 at random moments (logging in, the
 * compose form's waits, adding the recipient, right after the forum stored the message and before the desk marked
 * it): every player gets their PM once. One lane per platform, each its own forum and database, restarted after
 * every kill; MODDESK_PM_KILLS kills a lane (default 6; the acceptance run uses 20).
 */
const PLATFORMS = ['phpbb', 'xenforo', 'vbulletin', 'discourse'] as const;
type Platform = (typeof PLATFORMS)[number];
const KILLS = Number(process.env.MODDESK_PM_KILLS ?? 6);
const SEED = Number(process.env.MODDESK_KILL_SEED ?? 20261204);
const PLAYERS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn'];

let bundle = '';
beforeAll(async () => {
  bundle = await bundleEntry('pm-send', 'pm-send-entry.ts');
}, 60_000);

interface Forum {
  url: string;
  /** Called the moment the forum stored a message, before it answers. */
  onTaken(f: (() => void) | null): void;
  /** The keys of the messages the forum holds as sent by the moderator, one entry per message. */
  sentKeys(): string[];
  close(): Promise<void>;
}

async function forumFor(p: Platform): Promise<Forum> {
  const keyOf = (s: string) => /moddesk: ([\w.:-]+)\)/.exec(s)?.[1] ?? '?';
  if (p === 'phpbb') {
    const b = await startPhpbbBoard(new FakeThread(), { ignoreFlood: true });
    return {
      url: b.threadUrl,
      onTaken: (f) => {
        b.board.onPostTaken = f;
      },
      sentKeys: () => b.board.pmSent.map((m) => keyOf(m.subject)),
      close: () => b.close(),
    };
  }
  if (p === 'discourse') {
    const f = await startDiscourseFake({ posts: 3, apiKey: 'k-kill', apiUsername: 'Mod' });
    return {
      url: f.threadUrl,
      onTaken: (fn) => {
        f.pm.onSent = fn;
      },
      sentKeys: () => f.pm.sent.map((m) => keyOf(m.title)),
      close: () => f.close(),
    };
  }
  const b = await startFormsBoard(p, new FakeThread());
  return {
    url: b.threadUrl,
    onTaken: (f) => {
      b.board.onPostTaken = f;
    },
    sentKeys: () => b.board.pmSent.map((m) => keyOf(m.title)),
    close: () => b.close(),
  };
}

const forums: Forum[] = [];
let inFlight = 0;
afterAll(async () => {
  for (const f of forums) await f.close();
  process.stdout.write(
    `PM kill -9 suite: ${PLATFORMS.length * KILLS} kills, ${inFlight} the moment the forum stored a message; 0 PMs sent twice (seed ${SEED})\n`,
  );
});

function start(platform: Platform, url: string, db: string): ChildProcess {
  return spawn(process.execPath, [bundle, platform, url, db], {
    cwd: ROOT,
    env: {
      ...process.env,
      MODDESK_FORUM_USERNAME: 'Mod',
      MODDESK_FORUM_PASSWORD: 'correct horse',
      MODDESK_MIN_GAP_MS: '1',
      MODDESK_FORUM_FLOOD_SECONDS: '0',
      DISCOURSE_API_KEY: 'k-kill',
      DISCOURSE_API_USERNAME: 'Mod',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function runLane(index: number, platform: Platform, rnd: () => number): Promise<string[]> {
  const tmp = tempDir(`moddesk-pm-kill-${index}-`);
  const forum = await forumFor(platform);
  forums.push(forum);
  const db = join(tmp.dir, 'desk.db');
  const h = new BetterSqlite3(db);
  h.pragma('journal_mode = WAL');
  h.exec('CREATE TABLE pms (id TEXT PRIMARY KEY, recipient TEXT, text TEXT, status TEXT, receipt TEXT)');
  const add = h.prepare("INSERT INTO pms VALUES (?, ?, ?, 'approved', NULL)");
  for (const p of PLAYERS) add.run(`lane${index}-role-pm-${p}`, p, `Hi ${p}, you are a [b]Vanilla Townie[/b].`);
  h.close();
  for (let k = 0; k < KILLS; k++) {
    const child = start(platform, forum.url, db);
    if (k % 2 === 0) {
      await sleep(150 + Math.floor(rnd() * (platform === 'phpbb' ? 5000 : 1200)));
      child.kill('SIGKILL');
    } else if (await killWhenTaken(child, (f) => forum.onTaken(f), 20_000)) inFlight += 1;
    await exited(child);
  }
  const last = start(platform, forum.url, db);
  let err = '';
  last.stderr?.on('data', (d) => (err += d));
  expect(await exited(last), `lane ${index} (${platform}) finishes: ${err}`).toBe(0);
  tmp.remove();
  return forum.sentKeys();
}

describe('kill -9 while sending role PMs on phpBB, XenForo, vBulletin and Discourse', () => {
  it(`${PLATFORMS.length * KILLS} kills and restarts: every player gets their role PM once`, async () => {
    const rnd = seeded(SEED);
    const seeds = PLATFORMS.map(() => Math.floor(rnd() * 2 ** 31));
    const sent = await Promise.all(PLATFORMS.map((p, i) => runLane(i, p, seeded(seeds[i]!))));
    for (const [i, keys] of sent.entries())
      expect(keys.sort(), `${PLATFORMS[i]}: each PM once`).toEqual(PLAYERS.map((p) => `lane${i}-role-pm-${p}`).sort());
  }, 300_000);
});
