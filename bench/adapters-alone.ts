/**
 * The desk bench's baseline, in a process of its own (so neither run's memory is the other's): every game's
 * adapter reading its thread on the desk's schedule (`nextPollDelay`, the one rule set: the quiet backoff from the
 * newest post read, the watch loop's first spread), the cursor kept, nothing stored or planned. It has no game state,
 * so no deadline pulls a poll earlier (the bench's deadlines are two days off). Two spans: at rest (every thread
 * quiet, so at the ceiling), then busy (the posting tenth of the games, `postingGame`, active at the base interval
 * and the rest still at the ceiling, as in the desk's busy phase).
 * argv[2] is a JSON file `{ games: [{ file, env }], poll, phaseMs }`; the figures go back over IPC.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { Cursor } from '../src/adapters/types.js';
import type { PollConfig } from '../src/app/app-config.js';
import { loadGameFile } from '../src/app/load-game-file.js';
import { adapterFloorMs, nextPollDelay } from '../src/app/poll-schedule.js';
import { sourceFor } from '../src/app/watcher.js';
import type { Post } from '../src/domain/post.js';
import { postingGame } from './desk-posting.js';
import { profileSpan } from './profile.js';
import { liveHeapMb, sample } from './sample.js';

const { games, poll, phaseMs } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  games: { file: string; env: NodeJS.ProcessEnv }[];
  poll: PollConfig;
  phaseMs: number;
};
const base = poll.intervalSeconds * 1000;
const sources = games.map((g) => sourceFor(loadGameFile(g.file), g.file, g.env));
const sleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);
let polls = 0;
let stopping = false;
let busy = false;
/** Each loop's current sleep (its own signal, as the watch loop's: one signal with a thousand listeners is slow). */
const sleeps: AbortController[] = [];

// The first full reads go 16 at a time, as the desk's (`Watcher.pollAll`).
let free = 16;
const queue: (() => void)[] = [];
async function fewAtOnce<T>(f: () => Promise<T>): Promise<T> {
  if (free > 0) free -= 1;
  else await new Promise<void>((go) => queue.push(go));
  try {
    return await f();
  } finally {
    const next = queue.shift();
    if (next) next();
    else free += 1;
  }
}
let unread = sources.length;
let firstReadDone = () => {};
const everyFirstRead = new Promise<void>((done) => {
  firstReadDone = () => {
    unread -= 1;
    if (unread === 0) done();
  };
});
const newest = (posts: Post[], was: number | null) =>
  posts.reduce((m, p) => Math.max(m, Date.parse(p.editedAt ?? p.createdAt)), was ?? 0) || was;

const loops = sources.map(async (source, i) => {
  let cursor: Cursor | null = null;
  let activeAt: number | null = null;
  const floorMs = adapterFloorMs('reddit', games[i]!.env);
  const next = () =>
    nextPollDelay({
      now: Date.now(),
      ctx: null,
      voteCountDue: null,
      poll,
      floorMs,
      toRealMs: (ms) => ms,
      failures: 0,
      activeAt: busy && postingGame(i) ? Date.now() : activeAt,
    });
  const nap = async (ms: number) => {
    sleeps[i] = new AbortController();
    await sleep(ms, sleeps[i]!.signal);
  };
  let first: Awaited<ReturnType<typeof source.read>> | null = await fewAtOnce(() => source.read(cursor));
  cursor = first.cursor;
  activeAt = newest(first.posts, null);
  // Nothing of the read but its cursor is kept (a suspended loop would hold its posts).
  first = null;
  firstReadDone();
  await everyFirstRead;
  const d = next();
  await nap(Math.min(d, base) + (i / sources.length) * d);
  while (!stopping) {
    const r = await source.read(cursor);
    polls += 1;
    cursor = r.cursor;
    if (r.posts.length) activeAt = Date.now();
    if (!stopping) await nap(next());
  }
});

/** One measured span: CPU, memory, polls a second and the live heap after a GC. */
async function span(name: string) {
  const m = sample();
  const polls0 = polls;
  const t0 = performance.now();
  const profiled = await profileSpan(name);
  await sleep(phaseMs);
  const figures = { ...m(), liveHeapMb: 0, pollsPerSecond: ((polls - polls0) * 1000) / (performance.now() - t0) };
  figures.liveHeapMb = liveHeapMb();
  await profiled();
  return figures;
}

// Measured from one interval after the first reads, as the desk's span starts one interval after its own.
await everyFirstRead;
await sleep(base);
const rest = await span('adapters-alone');
// The posting tenth becomes active: each of its loops' long sleep ends, spread over one base interval, then one
// interval more; the other games sleep on at the ceiling.
busy = true;
for (let i = 0; i < sleeps.length; i++)
  if (postingGame(i)) setTimeout(() => sleeps[i]?.abort(), (i / sleeps.length) * base);
await sleep(2 * base);
const busySpan = await span('adapters-alone-busy');
stopping = true;
for (const s of sleeps) s.abort();
await Promise.all(loops);
await Promise.all(sources.map((s) => s.close?.()));
process.send?.({ ...rest, busy: busySpan });
process.exit(0);
