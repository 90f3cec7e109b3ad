import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { appConfigSchema, type PollConfig } from '../src/app/app-config.js';
import { systemClock } from '../src/app/clock.js';
import { sourceFor, Watcher } from '../src/app/watcher.js';
import { extractActions } from '../src/parser/extract-actions.js';
import { Store } from '../src/storage/store.js';
import {
  busyVote,
  GAMES,
  gameYaml,
  history,
  PHASE_MS,
  POLL_SECONDS,
  post,
  QUIET_MAX_SECONDS,
  startForums,
} from './desk-games.js';
import { postingGame } from './desk-posting.js';
import { profileSpan } from './profile.js';
import type { BenchFigure } from './run.js';
import { liveHeapMb, sample } from './sample.js';

// Issues 6 and 16: one process watching 1,000 games on the built-in local forum (the Reddit API the demo serves):
// CPU share and memory at rest and while 10% of the games get new posts, and the time from a fetched post to its
// draft. The forums run in a process of their own (bench/forum-host.ts), so the figures are the desk's. Baseline,
// measured in the same run before the desk starts, in a third process: the same adapters polling the same forums on
// the same schedule (the one rule set, src/app/poll-schedule.ts), keeping nothing (what any desk pays to read 1,000
// threads). The threads' last posts are hours old, so at rest both sides poll each game at the quiet ceiling.

/** The baseline (bench/adapters-alone.ts), in a process of its own over the same forums and schedule. */
async function adaptersAlone(dir: string, games: { file: string; env: NodeJS.ProcessEnv }[], poll: PollConfig) {
  const spec = join(dir, 'baseline.json');
  writeFileSync(spec, JSON.stringify({ games, poll, phaseMs: PHASE_MS }));
  const child = fork(fileURLToPath(new URL('./adapters-alone.ts', import.meta.url)), [spec], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type Span = ReturnType<ReturnType<typeof sample>> & { liveHeapMb: number; pollsPerSecond: number };
  type Figures = Span & { busy: Span };
  return new Promise<Figures>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Figures));
    child.once('exit', (code) => reject(new Error(`the baseline exited (${code}) before reporting`)));
  });
}

export default async function (): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-bench-desk-'));
  const now = Date.now();
  const { host, envs } = await startForums(history(now));
  try {
    return await measure(dir, now, host, envs);
  } finally {
    // A failed run leaves no forum host behind.
    if (host.exitCode === null && host.signalCode === null) host.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(dir: string, now: number, host: ChildProcess, envs: NodeJS.ProcessEnv[]) {
  const games: { file: string; id: string }[] = [];
  for (let i = 0; i < GAMES; i++) {
    const file = join(dir, `g${i}.yaml`);
    writeFileSync(file, gameYaml(i, now));
    games.push({ file, id: `g${i}` });
  }
  const config = appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games,
    poll: {
      intervalSeconds: POLL_SECONDS,
      nearSeconds: POLL_SECONDS,
      minSeconds: 0,
      debounceMinutes: 0,
      quietMaxSeconds: QUIET_MAX_SECONDS,
    },
  });
  const envOf = (file: string) => envs[Number(/g(\d+)\.yaml$/.exec(file)![1])]!;
  const base = await adaptersAlone(
    dir,
    games.map((g) => ({ file: g.file, env: envOf(g.file) })),
    config.poll,
  );
  // The machine's load beside each measured span: on a shared machine the figures are read against it.
  const load = { baseline: loadavg()[0] ?? 0, rest: 0, busy: 0 };

  // The last fetch that brought a game new posts, for "fetched post → draft" (the one whose post made the draft).
  const fetchedAt = new Map<string, number>();
  const store = Store.open(config.database, extractActions);
  const watcher = new Watcher({
    store,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    env: {},
    envFor: envOf,
    config,
    createSource: (game, file, env) => {
      const source = sourceFor(game, file, env);
      const read = source.read.bind(source);
      const id = /(g\d+)\.yaml$/.exec(file)![1]!;
      source.read = async (cursor, o) => {
        const r = await read(cursor, o);
        if (r.posts.length) fetchedAt.set(id, performance.now());
        return r;
      };
      return source;
    },
  });
  const drafted = new Set<string>();
  const offStart = watcher.desk.subscribe((e) => {
    if (e.type === 'draft.changed') drafted.add(e.gameId);
  });
  const t0 = performance.now();
  watcher.open();
  await watcher.pollAll();
  const startup = performance.now() - t0;
  offStart();
  if (drafted.size < GAMES)
    throw new Error(`desk bench: only ${drafted.size} of ${GAMES} games have a vote count after the first read`);
  fetchedAt.clear();
  watcher.start();
  // start() polls every game at once right after that first read; the rest is measured from the next round on, as
  // the baseline waits one interval before measuring.
  await new Promise((r) => setTimeout(r, POLL_SECONDS * 1000));

  let polls = 0;
  const offPolls = watcher.desk.subscribe((e) => {
    if (e.type === 'poll.done') polls += 1;
  });
  const rest = sample();
  const restStart = performance.now();
  const profiled = await profileSpan('desk-at-rest');
  await new Promise((r) => setTimeout(r, PHASE_MS));
  const atRest = rest();
  const pollsPerSecond = (polls * 1000) / (performance.now() - restStart);
  offPolls();
  load.rest = loadavg()[0] ?? 0;
  const liveAtRest = liveHeapMb();
  await profiled();

  // A fixed tenth of the games (`postingGame`) gets a new vote every second, the others stay quiet; a draft is
  // timed from the first post it follows and from the poll that fetched it. Measured after a warm-up of one quiet
  // ceiling (and an interval): by then every posting game has been read since its first new post and polls at the
  // base interval again, the others at the ceiling, as in the baseline's busy span.
  const latencies: number[] = [];
  const processing: number[] = [];
  const waiting = new Map<string, number>();
  fetchedAt.clear();
  const off = watcher.desk.subscribe((e) => {
    if (e.type !== 'draft.changed') return;
    const since = waiting.get(e.gameId);
    if (since === undefined) return;
    const done = performance.now();
    latencies.push(done - since);
    const fetched = fetchedAt.get(e.gameId);
    if (fetched !== undefined) processing.push(done - fetched);
    waiting.delete(e.gameId);
    fetchedAt.delete(e.gameId);
  });
  let n = 0;
  const timer = setInterval(() => {
    for (let g = 0; g < GAMES; g++) {
      if (!postingGame(g)) continue;
      // Each round of voters moves to another target, so every vote changes the count.
      const { voter, target } = busyVote(n);
      const html = `<p><strong>Vote: ${target}</strong></p>`;
      host.send({ add: g, post: post(`n${n}x${g}`, voter, Date.now(), html) });
      if (!waiting.has(`g${g}`)) waiting.set(`g${g}`, performance.now());
    }
    n += 1;
  }, 1000);
  await new Promise((r) => setTimeout(r, (QUIET_MAX_SECONDS + POLL_SECONDS) * 1000));
  latencies.length = 0;
  processing.length = 0;
  const n0 = n;
  let busyPolls = 0;
  const offBusy = watcher.desk.subscribe((e) => {
    if (e.type === 'poll.done') busyPolls += 1;
  });
  const busy = sample();
  const busyStart = performance.now();
  const profiledBusy = await profileSpan('desk-busy');
  await new Promise((r) => setTimeout(r, PHASE_MS));
  const active = busy();
  const busyPollsPerSecond = (busyPolls * 1000) / (performance.now() - busyStart);
  offBusy();
  clearInterval(timer);
  n -= n0;
  load.busy = loadavg()[0] ?? 0;
  await profiledBusy();
  const backingOff = [...watcher.runners.values()].filter((r) => r.failures > 0).length;
  off();
  await watcher.stop();
  store.close();
  host.send({ close: true });
  await new Promise((r) => host.once('exit', r));

  // A process the machine starved measures the machine: its 1 s ticker fell behind (two of five loaded runs once
  // drafted nothing because of this). Said and failed, never printed as the desk's figures.
  const ticks = Math.floor(PHASE_MS / 1000);
  if (n < ticks * 0.8)
    throw new Error(
      `desk bench: the process was starved (its 1 s ticker ran ${n} of ${ticks} times in the busy phase while it used ${active.cpuShare.toFixed(1)} % of a core; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores): run it on a quieter machine`,
    );
  // A bench that drafted nothing measured nothing: say why and fail, never print figures over an empty set.
  if (processing.length === 0 || latencies.length === 0)
    throw new Error(
      `desk bench: no draft followed the ${n * (GAMES / 10)} posts of the busy phase (${latencies.length} drafts timed from the post, ${processing.length} from the fetch; ${backingOff} games backing off)`,
    );
  const pct = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  };
  const note = `${GAMES} games, a poll every ${POLL_SECONDS} s each backing off to ${QUIET_MAX_SECONDS} s while quiet, forums in another process`;
  const cpuBase = { name: 'the adapters alone, same schedule', value: base.cpuShare };
  const rssBase = { name: 'the adapters alone, same schedule', value: base.rssMb };
  const baseNote = `the baseline's heap ${base.heapMb.toFixed(0)} of ${base.heapTotalMb.toFixed(0)} MB, external ${base.externalMb.toFixed(0)} MB`;
  return [
    {
      name: 'desk: machine load (1-min average) at the end of the busy phase',
      value: load.busy,
      unit: `on ${availableParallelism()} cores`,
      note: `after the baseline ${load.baseline.toFixed(1)}, at rest ${load.rest.toFixed(1)}`,
    },
    { name: 'desk: start-up (open + first full read of every game)', value: startup / 1000, unit: 's', note },
    { name: 'desk: CPU share at rest', value: atRest.cpuShare, unit: '% of one core', baseline: cpuBase, note },
    {
      name: 'desk: polls at rest',
      value: pollsPerSecond,
      unit: 'polls/s',
      baseline: { name: 'the adapters alone, same schedule', value: base.pollsPerSecond },
      note: `each poll two HTTP requests (thread page and inbox); ${(GAMES / POLL_SECONDS).toFixed(0)} polls/s at the base interval`,
    },
    {
      name: 'desk: memory at rest (rss)',
      value: atRest.rssMb,
      unit: 'MB',
      baseline: rssBase,
      note: `heap ${atRest.heapMb.toFixed(0)} of ${atRest.heapTotalMb.toFixed(0)} MB, external ${atRest.externalMb.toFixed(0)} MB; ${baseNote}`,
    },
    {
      name: 'desk: live heap at rest (after a full GC)',
      value: liveAtRest,
      unit: 'MB',
      baseline: { name: 'the adapters alone, same schedule', value: base.liveHeapMb },
      note: `what the desk holds for ${GAMES} games: ${(((liveAtRest - base.liveHeapMb) * 1024) / GAMES).toFixed(1)} KB a game more than the adapters alone`,
    },
    {
      name: 'desk: CPU share, 10% of games posting',
      value: active.cpuShare,
      unit: '% of one core',
      baseline: { name: 'the adapters alone, the posting tenth active', value: base.busy.cpuShare },
      note: `${GAMES} games: the posting tenth polled every ${POLL_SECONDS} s with a vote a second each (${GAMES / 10} posts/s), the rest quiet at the ${QUIET_MAX_SECONDS} s ceiling; forums in another process`,
    },
    {
      name: 'desk: polls, 10% of games posting',
      value: busyPollsPerSecond,
      unit: 'polls/s',
      baseline: { name: 'the adapters alone, the posting tenth active', value: base.busy.pollsPerSecond },
    },
    {
      name: 'desk: memory, 10% of games posting (rss)',
      value: active.rssMb,
      unit: 'MB',
      baseline: { name: 'the adapters alone, the posting tenth active', value: base.busy.rssMb },
      note: `heap ${active.heapMb.toFixed(0)} MB`,
    },
    {
      name: 'desk: fetched post → draft, median',
      value: pct(processing, 0.5),
      unit: 'ms',
      note: `${processing.length} posts; from the poll's read returning to the draft`,
    },
    { name: 'desk: fetched post → draft, p95', value: pct(processing, 0.95), unit: 'ms' },
    {
      name: 'desk: new post → draft, median',
      value: pct(latencies, 0.5),
      unit: 'ms',
      note: `${latencies.length} posts; the poll interval bounds it; ${backingOff} games backing off after a failed poll`,
    },
  ];
}
