import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../desk/helpers.js';
import { exited } from '../helpers/exited.js';
import {
  bundleWatch,
  caughtUp,
  postsPerKey,
  type RunSetup,
  type Snapshot,
  seeded,
  setupRun,
  sleep,
  snapshot,
  startWatcher,
} from './harness.js';

// Issue 14 item 3: a second desk reaching the same database by another path (a symlink to the file, a symlinked
// folder) is refused while the first runs, and may take over once the first is killed with -9; never a double post.
const RUNS = Number(process.env.MODDESK_SECOND_DESK_RUNS ?? 4);
const PARALLEL = Number(process.env.MODDESK_SECOND_DESK_PARALLEL ?? 4);
const SEED = Number(process.env.MODDESK_SECOND_DESK_SEED ?? 20261201);
const SPEED = 140_000;
const REFUSED = /\.db: another moddesk desk is using this database( \(.*moddesk\.db\))?; stop it first/;

type Watcher = ChildProcess & { errText(): string; ready: Promise<void> };

/** Every desk the suite started, so the suite's afterAll can kill any a timed-out test left running. */
const started = new Set<Watcher>();
const running = (w: Watcher) => w.exitCode === null && w.signalCode === null;

/** Another way into the run's database: `link` (a symlink to the file) or `folder` (a symlinked folder). */
function aliasRun(setup: RunSetup, via: 'link' | 'folder'): RunSetup {
  const dir = join(setup.dir, `via-${via}`);
  if (via === 'folder') {
    symlinkSync(setup.dir, dir);
    return { ...setup, dir };
  }
  mkdirSync(dir);
  symlinkSync(join(setup.dir, 'moddesk.db'), join(dir, 'desk.db'));
  // The run's own config (games, polling, approvals), its database and game file named from here.
  const config = readFileSync(join(setup.dir, 'app.yaml'), 'utf8')
    .replace('database: moddesk.db', 'database: desk.db')
    .replace('file: game.yaml', `file: ${join(setup.dir, 'game.yaml')}`);
  writeFileSync(join(dir, 'app.yaml'), config);
  return { ...setup, dir };
}

/** Whether the first desk has the database open (and so holds the lock): its game row exists. */
function opened(db: string): boolean {
  try {
    const conn = new BetterSqlite3(db, { readonly: true, fileMustExist: true });
    try {
      return conn.prepare("SELECT COUNT(*) FROM games WHERE id = 'demo'").pluck().get() === 1;
    } finally {
      conn.close();
    }
  } catch {
    return false;
  }
}

/** Of two desks started together, one must be refused (exit 1, the message) while the other runs on. */
async function oneRefused(pair: Watcher[], where: string): Promise<Watcher> {
  const first = await Promise.race([
    ...pair.map((w, i) => exited(w).then((code) => ({ i, code }))),
    sleep(120_000).then(() => ({ i: -1, code: null })),
  ]);
  expect(first.i, `${where}: one of two desks is refused`).not.toBe(-1);
  const [gone, live] = first.i === 0 ? pair : [pair[1]!, pair[0]!];
  expect(first.code, `${where}: ${gone!.errText()}`).toBe(1);
  expect(gone!.errText()).toMatch(REFUSED);
  const ran = await Promise.race([live!.ready.then(() => true), exited(live!).then(() => false)]);
  expect(ran, `${where}: the other runs: ${live!.errText()}`).toBe(true);
  return live!;
}

interface Outcome {
  run: number;
  snap: Snapshot;
  perKey: Map<string, number>;
  refused: number;
}

/** One run: desk A on the real path; B and C try through aliases; A is killed -9 and B and C race to take over. */
async function playRun(bundle: string, run: number, rnd: () => number): Promise<Outcome> {
  const tmp = tempDir(`moddesk-second-${run}-`);
  const setup = await setupRun(tmp.dir, SPEED);
  const db = join(tmp.dir, 'moddesk.db');
  const children: Watcher[] = [];
  const start = (s: RunSetup) => {
    const w = startWatcher(bundle, s) as Watcher;
    children.push(w);
    started.add(w);
    return w;
  };
  let refused = 0;
  try {
    const viaLink = aliasRun(setup, 'link');
    const viaFolder = aliasRun(setup, 'folder');
    let live: Watcher;
    if (run % 2 === 0) {
      // Two desks started at the same instant by different paths: exactly one runs.
      live = await oneRefused([start(setup), start(viaLink)], `run ${run}, started together`);
      refused += 1;
    } else {
      live = start(setup);
    }
    for (let t = Date.now(); !opened(db); await sleep(20))
      if (Date.now() - t > 40_000)
        throw new Error(`run ${run}: the first desk never opened (exit ${live.exitCode}): ${live.errText()}`);
    await sleep(Math.floor(rnd() * 2500));
    for (const s of [viaLink, viaFolder]) {
      const second = start(s);
      // A second desk that gets as far as serving is the failure; a slow start on a loaded machine is not.
      const fate = await Promise.race([
        exited(second),
        second.ready.then(() => 'ran beside the first'),
        sleep(120_000).then(() => 'neither refused nor ready after 120 s'),
      ]);
      expect(fate, `run ${run}: a second desk through ${s.dir} is refused`).toBe(1);
      expect(second.errText()).toMatch(REFUSED);
      refused += 1;
    }
    live.kill('SIGKILL');
    await exited(live);
    // The lock died with the killed desk: one of the two that race for it takes over.
    live = await oneRefused([start(viaLink), start(viaFolder)], `run ${run}, after kill -9`);
    refused += 1;
    const deadline = Date.now() + 60_000;
    while (!(Date.now() > setup.endsAtReal && caughtUp(db, setup.end))) {
      if (Date.now() > deadline) throw new Error(`run ${run} did not catch up: ${live.errText()}`);
      await sleep(100);
    }
    // Ended by kill -9 too: a desk whose game is over may be on its way out, and a clean stop is kill9.test.ts's.
    live.kill('SIGKILL');
    await exited(live);
    return { run, snap: snapshot(db), perKey: postsPerKey(setup.forum), refused };
  } finally {
    for (const w of children) if (running(w)) w.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await setup.forum.close();
    tmp.remove();
  }
}

describe('a second desk on one database, by another path', () => {
  let bundle: string;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    bundle = await bundleWatch();
  }, 60_000);

  afterAll(async () => {
    // A test that timed out never reaches playRun's finally: its desks would outlive the suite.
    const orphans = [...started].filter(running);
    for (const w of orphans) w.kill('SIGKILL');
    await Promise.all(orphans.map(exited));
    const doubles = outcomes.reduce((n, o) => n + [...o.perKey.values()].filter((c) => c > 1).length, 0);
    const refused = outcomes.reduce((n, o) => n + o.refused, 0);
    process.stdout.write(
      `second-desk suite: ${outcomes.length} runs, ${refused} second desks refused, ${doubles} double posts (seed ${SEED})\n`,
    );
  });

  it(`${RUNS} runs: refused while the first desk lives, one takes over after kill -9, no draft posted twice`, async () => {
    const rnd = seeded(SEED);
    const queue = Array.from({ length: RUNS }, (_, i) => () => playRun(bundle, i + 1, rnd));
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await job());
      }),
    );
    expect(outcomes).toHaveLength(RUNS);
    const drafts = outcomes[0]!.snap.drafts;
    expect(drafts.length).toBeGreaterThan(20);
    for (const o of outcomes.sort((a, b) => a.run - b.run)) {
      expect(
        [...o.perKey.entries()].filter(([, n]) => n > 1),
        `run ${o.run}: every draft posted once`,
      ).toEqual([]);
      expect(o.perKey.size, `run ${o.run}: every draft posted`).toBe(o.snap.drafts.length);
      expect(o.snap.drafts, `run ${o.run}: the same drafts as every other run`).toEqual(drafts);
      expect(o.snap.drafts.every((d) => d.status === 'posted')).toBe(true);
    }
  }, 480_000);
});
