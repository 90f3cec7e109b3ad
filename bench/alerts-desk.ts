/**
 * One side of the alerts bench, in a process of its own (so neither side's memory is the other's): the desk over
 * 1,000 games on the local forums (its own forum host), with the signed-webhook alert channel on or off. Every
 * game asks for counts (`countRequests`), so the alerter reads each day's posts after every round; in the busy span
 * the posting tenth of the games posts a vote and a count request each second, each one an alert when alerts are on.
 * argv[2] is a JSON file `{ dir, alerts, hookUrl, secret }`; the figures go back over IPC.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { appConfigSchema } from '../src/app/app-config.js';
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
import { liveHeapMb, sample } from './sample.js';

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  dir: string;
  alerts: boolean;
  hookUrl: string;
  secret: string;
};
/** Wall-clock milliseconds, comparable with the receiver's in the parent process. */
const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const now = Date.now();
const { host, envs } = await startForums(history(now));
const games: { file: string; id: string }[] = [];
for (let i = 0; i < GAMES; i++) {
  const file = join(spec.dir, `g${i}.yaml`);
  writeFileSync(file, gameYaml(i, now, ['options: { countRequests: true, countRequestCooldown: 0 }']));
  games.push({ file, id: `g${i}` });
}
const config = appConfigSchema.parse({
  database: join(spec.dir, `moddesk-${spec.alerts ? 'on' : 'off'}.db`),
  games,
  poll: {
    intervalSeconds: POLL_SECONDS,
    nearSeconds: POLL_SECONDS,
    minSeconds: 0,
    debounceMinutes: 0,
    quietMaxSeconds: QUIET_MAX_SECONDS,
  },
  ...(spec.alerts ? { alerts: { webhook: { url: spec.hookUrl } } } : {}),
});
/** The reads that brought each game new posts during the measured busy span (wall ms). */
const fetches = new Map<string, number[]>();
let recording = false;
const lastFetch = new Map<string, number>();
const store = Store.open(config.database, extractActions);
const watcher = new Watcher({
  store,
  clock: systemClock,
  log: pino({ level: 'silent' }),
  env: { MODDESK_ALERT_WEBHOOK_SECRET: spec.secret },
  envFor: (file) => envs[Number(/g(\d+)\.yaml$/.exec(file)![1])]!,
  config,
  createSource: (game, file, env) => {
    const source = sourceFor(game, file, env);
    const read = source.read.bind(source);
    const id = /(g\d+)\.yaml$/.exec(file)![1]!;
    source.read = async (cursor, o) => {
      const r = await read(cursor, o);
      if (r.posts.length) {
        lastFetch.set(id, wall());
        if (recording) fetches.set(id, [...(fetches.get(id) ?? []), wall()]);
      }
      return r;
    };
    return source;
  },
});
const t0 = performance.now();
watcher.open();
await watcher.pollAll();
const startup = (performance.now() - t0) / 1000;
watcher.start();
await sleep(POLL_SECONDS * 1000);

const rest = sample();
await sleep(PHASE_MS);
const atRest = rest();
const liveAtRest = liveHeapMb();

// Fetched post → draft, for the alert's latency to stand beside.
const drafts: number[] = [];
const off = watcher.desk.subscribe((e) => {
  const at = lastFetch.get(e.gameId);
  if (e.type !== 'draft.changed' || at === undefined || !recording) return;
  drafts.push(wall() - at);
  lastFetch.delete(e.gameId);
});
let n = 0;
const timer = setInterval(() => {
  const { voter, target } = busyVote(n);
  const html = `<p><strong>Vote: ${target}</strong></p><p><strong>vote count please</strong></p>`;
  for (let g = 0; g < GAMES; g++)
    if (postingGame(g)) host.send({ add: g, post: post(`n${n}x${g}`, voter, Date.now(), html) });
  n += 1;
}, 1000);
await sleep((QUIET_MAX_SECONDS + POLL_SECONDS) * 1000);
const n0 = n;
recording = true;
const busy = sample();
const spanStart = wall();
const profiled = await profileSpan(`alerts-${spec.alerts ? 'on' : 'off'}-busy`);
await sleep(PHASE_MS);
const active = busy();
await profiled();
const spanEnd = wall();
recording = false;
clearInterval(timer);
off();
await watcher.stop();
store.close();
host.send({ close: true });
await new Promise((r) => host.once('exit', r));
process.send?.({
  startup,
  atRest,
  liveAtRest,
  active,
  ticks: n - n0,
  span: [spanStart, spanEnd],
  fetches: Object.fromEntries(fetches),
  drafts,
});
