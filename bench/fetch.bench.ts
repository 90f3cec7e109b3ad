/**
 * The cost of a poll when nothing changed, per platform, against a full read of the same thread as the baseline
 * (issue 5 §6): HTTP requests and CPU milliseconds, on the fake forums on 127.0.0.1. The fakes cache their pages
 * (a warm-up read fills the cache), so the CPU figures are mostly the adapter's own work.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadStats } from '../src/adapters/common/paged-forum.js';
import type { SourceOptions } from '../src/adapters/common/paged-source.js';
import { createDiscourseSource } from '../src/adapters/discourse/index.js';
import { createFileSource } from '../src/adapters/file/index.js';
import { HostScheduler } from '../src/adapters/http/host-scheduler.js';
import { createPhpbbSource } from '../src/adapters/phpbb/index.js';
import type { Cursor, ReadResult } from '../src/adapters/types.js';
import { createVbulletinSource } from '../src/adapters/vbulletin/index.js';
import { createXenforoSource } from '../src/adapters/xenforo/index.js';
import { startDiscourseFake } from '../test/fakes/discourse-fake.js';
import type { ForumFake } from '../test/fakes/forum-fake.js';
import { startPhpbbFake } from '../test/fakes/phpbb-fake.js';
import { startVbulletinFake } from '../test/fakes/vbulletin-fake.js';
import { startXenforoFake } from '../test/fakes/xenforo-fake.js';
import type { BenchFigure } from './run.js';

const POSTS = 2000;
const POLLS = 20;

interface Source {
  read(cursor: Cursor | null): Promise<ReadResult>;
  stats: ReadStats;
  close?(): Promise<void>;
}

interface Case {
  name: string;
  fake: () => Promise<ForumFake>;
  source: (opts: SourceOptions) => Source;
}

const CASES: Case[] = [
  { name: 'phpbb', fake: () => startPhpbbFake({ posts: POSTS, perPage: 25 }), source: createPhpbbSource },
  {
    name: 'phpbb (mafiascum)',
    fake: () => startPhpbbFake({ posts: POSTS, perPage: 200, variant: 'mafiascum' }),
    source: createPhpbbSource,
  },
  { name: 'xenforo', fake: () => startXenforoFake({ posts: POSTS, perPage: 20 }), source: createXenforoSource },
  {
    name: 'vbulletin 4',
    fake: () => startVbulletinFake({ posts: POSTS, version: 4, perPage: 20 }),
    source: createVbulletinSource,
  },
  {
    name: 'vbulletin 5',
    fake: () => startVbulletinFake({ posts: POSTS, version: 5, perPage: 20 }),
    source: createVbulletinSource,
  },
  { name: 'discourse', fake: () => startDiscourseFake({ posts: POSTS }), source: createDiscourseSource },
];

function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

async function measure(source: Source, cursor: Cursor | null): Promise<{ result: ReadResult; cpu: number }> {
  const start = process.cpuUsage();
  const result = await source.read(cursor);
  return { result, cpu: cpuMs(start) };
}

async function quietFigures(name: string, make: () => Source): Promise<BenchFigure[]> {
  await make().read(null); // warm-up: fills the fake's page cache and the JIT
  const source = make();
  const full = await measure(source, null);
  let cursor = full.result.cursor;
  let requests = 0;
  let cpu = 0;
  const mappedBefore = source.stats.postsMapped;
  for (let i = 0; i < POLLS; i++) {
    const poll = await measure(source, cursor);
    cursor = poll.result.cursor;
    requests += poll.result.requests;
    cpu += poll.cpu;
  }
  await source.close?.();
  const note = `${POSTS} posts; ${source.stats.postsMapped - mappedBefore} posts mapped in ${POLLS} quiet polls`;
  return [
    {
      name: `${name} quiet poll: requests`,
      value: requests / POLLS,
      unit: 'requests',
      baseline: { name: 'full read', value: full.result.requests },
      note,
    },
    {
      name: `${name} quiet poll: CPU`,
      value: cpu / POLLS,
      unit: 'ms',
      baseline: { name: 'full read', value: full.cpu },
    },
  ];
}

export default async function fetchBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const c of CASES) {
    const fake = await c.fake();
    const make = () =>
      c.source({ url: fake.threadUrl, env: {}, http: { minGapMs: 0, jitter: 0, scheduler: new HostScheduler() } });
    figures.push(...(await quietFigures(c.name, make)));
    await fake.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-bench-'));
  const dump = join(dir, 'posts.jsonl');
  const line = (i: number) =>
    `${JSON.stringify({ id: `p${i}`, author: `Player${i % 13}`, createdAt: new Date(Date.UTC(2026, 0, 5) + i * 60_000).toISOString().replace('.000Z', 'Z'), editedAt: null, html: `<p>Post ${i}: <strong>Vote: Player${(i + 1) % 13}</strong></p>`, channel: 'thread' })}\n`;
  writeFileSync(dump, Array.from({ length: POSTS }, (_, i) => line(i)).join(''));
  figures.push(...(await quietFigures('file', () => createFileSource({ url: dump }))));
  return figures;
}
