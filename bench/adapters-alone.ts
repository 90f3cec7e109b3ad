/**
 * The desk bench's baseline, in a process of its own (so neither run's memory is the other's): every game's
 * adapter reading its thread on the desk's schedule, the cursor kept, nothing stored or planned. argv[2] is a
 * JSON file `{ games: [{ file, env }], pollSeconds, phaseMs }`; the figures go back over IPC.
 */
import { readFileSync } from 'node:fs';
import type { Cursor } from '../src/adapters/types.js';
import { loadGameFile } from '../src/app/load-game-file.js';
import { sourceFor } from '../src/app/watcher.js';
import { profileSpan } from './profile.js';
import { liveHeapMb, sample } from './sample.js';

const { games, pollSeconds, phaseMs } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  games: { file: string; env: NodeJS.ProcessEnv }[];
  pollSeconds: number;
  phaseMs: number;
};
const sources = games.map((g) => sourceFor(loadGameFile(g.file), g.file, g.env));
const stop = new AbortController();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loops = sources.map(async (source, i) => {
  let cursor: Cursor | null = null;
  await sleep((i * pollSeconds * 1000) / sources.length);
  while (!stop.signal.aborted) {
    cursor = (await source.read(cursor)).cursor;
    await sleep(pollSeconds * 1000);
  }
});
await sleep(pollSeconds * 1000);
const m = sample();
const profiled = await profileSpan('adapters-alone');
await sleep(phaseMs);
const figures = { ...m(), liveHeapMb: 0 };
figures.liveHeapMb = liveHeapMb();
await profiled();
stop.abort();
await Promise.all(loops);
await Promise.all(sources.map((s) => s.close?.()));
process.send?.(figures);
process.exit(0);
