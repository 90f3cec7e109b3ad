import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { appConfigSchema } from '../src/app/app-config.js';
import { systemClock } from '../src/app/clock.js';
import { LocalForum, localThreadUrl } from '../src/app/demo/local-forum.js';
import { sourceFor, Watcher } from '../src/app/watcher.js';
import type { Post } from '../src/domain/post.js';
import { formatInstant, HOUR } from '../src/domain/time.js';
import { extractActions } from '../src/parser/extract-actions.js';
import { Store } from '../src/storage/store.js';
import type { BenchFigure } from './run.js';

// Issue 6: one process watching 1,000 games on the built-in local forum (the Reddit API the demo serves): CPU share
// and memory at rest and while 10% of the games get new posts, and the time from a new post to its draft.
// The local forums run in this process too, so the figures include serving them.
const GAMES = Number(process.env.MODDESK_BENCH_GAMES ?? 1000);
const PHASE_MS = Number(process.env.MODDESK_BENCH_PHASE_MS ?? 15_000);
const POLL_SECONDS = 5;
const PLAYERS = ['Ava', 'Bea', 'Cid', 'Dot', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy'];

function gameYaml(i: number, now: number): string {
  return [
    'ruleset: vanilla',
    `title: "Bench game ${i}"`,
    'moderator: Mod',
    `thread: { platform: reddit, url: "${localThreadUrl(`g${i}`)}" }`,
    'players:',
    ...PLAYERS.map((p) => `  - { name: ${p} }`),
    'phases:',
    `  - { name: D1, start: "${formatInstant(now - 24 * HOUR)}", deadline: "${formatInstant(now + 48 * HOUR)}" }`,
    '',
  ].join('\n');
}

const post = (id: string, author: string, at: number, html: string): Post => ({
  id,
  author,
  createdAt: formatInstant(at),
  editedAt: null,
  html,
  channel: 'thread',
});

function history(now: number): Post[] {
  return Array.from({ length: 30 }, (_, k) => {
    const author = PLAYERS[k % PLAYERS.length]!;
    const html =
      k % 3 === 0
        ? `<p><strong>Vote: ${PLAYERS[(k * 7 + 1) % PLAYERS.length]}</strong></p>`
        : '<p>Chatter about the day.</p>';
    return post(`${(1000 + k).toString(36)}`, author, now - 20 * HOUR + k * 30 * 60_000, html);
  });
}

function sample(ms: number) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const mem = process.memoryUsage();
    return {
      cpuShare: ((cpu.user + cpu.system) / 1000 / wall) * 100,
      rssMb: mem.rss / 2 ** 20,
      heapMb: mem.heapUsed / 2 ** 20,
      ms,
    };
  };
}

export default async function (): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-bench-desk-'));
  const now = Date.now();
  const forums: LocalForum[] = [];
  const games: { file: string; id: string }[] = [];
  for (let i = 0; i < GAMES; i++) {
    forums.push(
      await LocalForum.start({ posts: history(now), clock: systemClock, moderator: 'Mod', article: `g${i}` }),
    );
    const file = join(dir, `g${i}.yaml`);
    writeFileSync(file, gameYaml(i, now));
    games.push({ file, id: `g${i}` });
  }
  const config = appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games,
    poll: { intervalSeconds: POLL_SECONDS, nearSeconds: POLL_SECONDS, minSeconds: 0, debounceMinutes: 0 },
  });
  const store = Store.open(config.database, extractActions);
  const watcher = new Watcher({
    store,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    env: {},
    config,
    createSource: (game, file) => sourceFor(game, file, forums[Number(/g(\d+)\.yaml$/.exec(file)![1])]!.env()),
  });
  const t0 = performance.now();
  watcher.open();
  await watcher.pollAll();
  const startup = performance.now() - t0;
  watcher.start();

  const rest = sample(PHASE_MS);
  await new Promise((r) => setTimeout(r, PHASE_MS));
  const atRest = rest();

  // 10% of the games get a new vote every second; the draft it causes is timed from the post's appearance.
  const latencies: number[] = [];
  const waiting = new Map<string, number>();
  const off = watcher.desk.subscribe((e) => {
    if (e.type !== 'draft.changed') return;
    const since = waiting.get(e.gameId);
    if (since !== undefined) {
      latencies.push(performance.now() - since);
      waiting.delete(e.gameId);
    }
  });
  const busy = sample(PHASE_MS);
  let n = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < GAMES; i += 10) {
      const g = (i + n) % GAMES;
      if (waiting.has(`g${g}`)) continue;
      const voter = PLAYERS[n % PLAYERS.length]!;
      forums[g]!.add(
        post(`n${n}x${g}`, voter, Date.now(), `<p><strong>Vote: ${PLAYERS[(n + 3) % PLAYERS.length]}</strong></p>`),
      );
      waiting.set(`g${g}`, performance.now());
    }
    n += 1;
  }, 1000);
  await new Promise((r) => setTimeout(r, PHASE_MS));
  clearInterval(timer);
  const active = busy();
  off();
  await watcher.stop();
  store.close();
  await Promise.all(forums.map((f) => f.close()));
  rmSync(dir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  const note = `${GAMES} games, a poll every ${POLL_SECONDS} s each, local forums in-process`;
  return [
    { name: 'desk: start-up (open + first full read of every game)', value: startup / 1000, unit: 's', note },
    { name: 'desk: CPU share at rest', value: atRest.cpuShare, unit: '% of one core', note },
    {
      name: 'desk: memory at rest (rss)',
      value: atRest.rssMb,
      unit: 'MB',
      note: `heap ${atRest.heapMb.toFixed(0)} MB`,
    },
    { name: 'desk: CPU share, 10% of games posting', value: active.cpuShare, unit: '% of one core', note },
    {
      name: 'desk: memory, 10% of games posting (rss)',
      value: active.rssMb,
      unit: 'MB',
      note: `heap ${active.heapMb.toFixed(0)} MB`,
    },
    {
      name: 'desk: new post → draft, median',
      value: pct(0.5),
      unit: 'ms',
      note: `${latencies.length} posts; poll interval bounds it`,
    },
    { name: 'desk: new post → draft, p95', value: pct(0.95), unit: 'ms' },
  ];
}
