import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../desk/helpers.js';
import { exited } from '../helpers/exited.js';
import {
  bundleWatch,
  caughtUp,
  firstReadDone,
  joinedLate,
  postsPerKey,
  type RunSetup,
  type Snapshot,
  seeded,
  setupRun,
  sleep,
  snapshot,
  startWatcher,
} from './harness.js';

const RUNS = Number(process.env.MODDESK_KILL_RUNS ?? 24);
/**
 * Of the runs, those killed while the desk waits for the game (after its first read): it does the same nothing
 * each time, so a few cover it; the others are killed while the game is played, where drafts are made and posted.
 */
const WAIT_RUNS = Math.max(1, Math.round(RUNS / 8));
const PARALLEL = Number(process.env.MODDESK_KILL_PARALLEL ?? 5);
const SEED = Number(process.env.MODDESK_KILL_SEED ?? 20260302);
/**
 * Five runs at a time, each starting its watcher and its restarts, on two cores shared with two other test files
 * (three workers). The game starts 10 s after set-up: at 6 s, even with a watcher's first read down to 0.6 s of CPU
 * (from 1 s), five runs of seven read late in CI while a browser and the workers started beside them. A run whose
 * desk still read late is played again (`JoinedLate`).
 */
const KILL_GAME_STARTS_IN_MS = 10_000;
/** Game ms per real ms: the 156 game hours of the run pass in about 4 seconds. */
const SPEED = 140_000;
/** The last part of the wait where a desk has read the thread (its first read comes about a second after set-up). */
const WAIT_MS = 8000;

/** When a run's watcher is killed: a fraction of the way through the wait's last WAIT_MS, or through the game. */
interface Moment {
  during: 'wait' | 'game';
  fraction: number;
}

interface Outcome {
  run: number;
  /** When the watcher was killed, in real ms from the game's start (before it: negative); null, never. */
  killAtMs: number | null;
  snap: Snapshot;
  perKey: Map<string, number>;
  stderr: string;
}

/** The watchers still running: a run that failed, or a test that timed out, kills its own in the end (afterAll). */
const live = new Set<ChildProcess>();
const watching = (child: ChildProcess) => {
  live.add(child);
  child.on('exit', () => live.delete(child));
  return child;
};
const stop = (child: ChildProcess) => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

/** The desk's first read came after the game began: the machine was too loaded for this run to be comparable. */
class JoinedLate extends Error {
  constructor(run: number) {
    super(`run ${run}: the desk's first read came after the game began`);
  }
}

/** Plays a run again (a fresh forum and database) when the loaded machine made its desk join the game late. */
async function playComparable(bundle: string, run: number, moment: Moment | null): Promise<Outcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await playRun(bundle, run, moment);
    } catch (err) {
      if (!(err instanceof JoinedLate) || attempt === 3) throw err;
      lateRuns += 1;
    }
  }
}
let lateRuns = 0;

/**
 * Plays the game once; kills the watcher with SIGKILL at `moment` (null: never), not before its first read, and
 * restarts it.
 */
async function playRun(bundle: string, run: number, moment: Moment | null): Promise<Outcome> {
  const tmp = tempDir(`moddesk-kill-${run}-`);
  const setup: RunSetup = await setupRun(tmp.dir, SPEED, KILL_GAME_STARTS_IN_MS);
  const gameMs = setup.endsAtReal - setup.startsAtReal;
  const killAtMs = !moment
    ? null
    : moment.during === 'wait'
      ? Math.floor((moment.fraction - 1) * WAIT_MS)
      : Math.floor(moment.fraction * gameMs);
  let stderr = '';
  let child: ChildProcess | undefined;
  try {
    child = watching(startWatcher(bundle, setup));
    const db = join(tmp.dir, 'moddesk.db');
    if (killAtMs !== null) {
      // Killed after its first read, the desk knows it was there before the game began (m4), as the uninterrupted
      // run does; a kill before it would make the restarted desk join a running game, by the machine's load alone.
      const started = Date.now();
      while (!firstReadDone(db)) {
        if (Date.now() - started > 30_000) throw new Error(`run ${run}: no first read in 30 s`);
        await sleep(20);
      }
      if (joinedLate(db)) throw new JoinedLate(run);
      await sleep(Math.max(0, setup.startsAtReal + killAtMs - Date.now()));
      child.kill('SIGKILL');
      await exited(child);
      stderr += (child as unknown as { errText(): string }).errText();
      child = watching(startWatcher(bundle, setup));
    }
    const deadline = Date.now() + 60_000;
    while (!(Date.now() > setup.endsAtReal && caughtUp(db, setup.end))) {
      if (Date.now() > deadline)
        throw new Error(`run ${run} did not catch up: ${(child as unknown as { errText(): string }).errText()}`);
      await sleep(100);
    }
    child.kill('SIGTERM');
    const code = await exited(child);
    stderr += (child as unknown as { errText(): string }).errText();
    expect(code, `run ${run} stops cleanly on SIGTERM: ${stderr}`).toBe(0);
    if (joinedLate(db)) throw new JoinedLate(run);
    return { run, killAtMs, snap: snapshot(db), perKey: postsPerKey(setup.forum), stderr };
  } finally {
    // A run that failed leaves no watcher behind, polling a forum that is gone.
    if (child) stop(child);
    await setup.forum.close();
    tmp.remove();
  }
}

describe('kill -9 the watcher at random moments of a replayed game', () => {
  let bundle: string;
  let baseline: Outcome;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    bundle = await bundleWatch();
  }, 60_000);

  afterAll(() => {
    for (const child of live) stop(child);
    // Compared as the test's toEqual does: key order aside (a snapshot is read from SQLite rows and JSON, so it holds
    // no undefined field, the one place the two differ).
    const failed = outcomes.filter((o) => !isDeepStrictEqual(o.snap, baseline?.snap));
    process.stdout.write(
      `kill -9 suite: ${outcomes.length - failed.length}/${outcomes.length} runs converged (seed ${SEED}); ${lateRuns} played again, their desk's first read late\n`,
    );
  });

  it(`${RUNS} runs, each killed once and restarted, converge to the uninterrupted run; no draft is posted twice`, async () => {
    const rnd = seeded(SEED);
    // Stratified: one moment in each of WAIT_RUNS equal slices of the wait, then one in each equal slice of the game
    // (about 4 s), so the whole of both is covered.
    const stratified = (during: Moment['during'], n: number) =>
      Array.from({ length: n }, (_, i): Moment => ({ during, fraction: (i + rnd()) / n }));
    const moments = [...stratified('wait', WAIT_RUNS), ...stratified('game', RUNS - WAIT_RUNS)];
    const queue = moments.map((m, i) => () => playComparable(bundle, i + 1, m));
    const baselineRun = playComparable(bundle, 0, null);
    const workers = Array.from({ length: PARALLEL }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await job());
    });
    baseline = await baselineRun;
    await Promise.all(workers);

    expect(baseline.snap.drafts.length).toBeGreaterThan(20);
    expect(baseline.snap.drafts.every((d) => d.status === 'posted')).toBe(true);
    for (const o of outcomes.sort((a, b) => a.run - b.run)) {
      const where = `run ${o.run} (killed ${o.killAtMs} ms from the game's start)`;
      expect(o.snap.posts, `${where}: no post lost or doubled`).toEqual(baseline.snap.posts);
      expect(o.snap.drafts, `${where}: the same drafts, posted`).toEqual(baseline.snap.drafts);
      expect(o.snap.plan, `${where}: the same planner state`).toEqual(baseline.snap.plan);
      expect(
        [...o.perKey.values()].every((n) => n === 1),
        `${where}: every draft posted once`,
      ).toBe(true);
      expect(o.perKey.size, `${where}: every draft posted`).toBe(baseline.snap.drafts.length);
    }
    expect(outcomes).toHaveLength(RUNS);
  }, 170_000);
});
