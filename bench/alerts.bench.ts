import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signBody } from '../src/adapters/alerts/signed-webhook.js';
import { GAMES, PHASE_MS, POLL_SECONDS } from './desk-games.js';
import type { BenchFigure } from './run.js';
import type { sample } from './sample.js';

// Issue 31 item 4: what alerts cost the desk. The same 1,000 games (desk-games.ts) watched twice in one run, each
// side in a process of its own with its own forums: alerts off, then the signed webhook on, to a receiver in this
// process (which checks each signature, as a real one would). Figures: the desk's CPU and memory at rest and with
// the posting tenth of the games busy, each beside the same figure with alerts off; and the time from the read that
// fetched a count request to its alert reaching the receiver, beside the time from a fetched post to its draft.
const SECRET = 'bench-alert-secret-3f9a';

type Span = ReturnType<ReturnType<typeof sample>>;
interface Side {
  startup: number;
  atRest: Span;
  liveAtRest: number;
  active: Span;
  ticks: number;
  span: [number, number];
  fetches: Record<string, number[]>;
  drafts: number[];
}

async function runSide(dir: string, alerts: boolean, hookUrl: string): Promise<Side> {
  const sideDir = join(dir, alerts ? 'on' : 'off');
  mkdirSync(sideDir);
  const file = join(sideDir, 'spec.json');
  writeFileSync(file, JSON.stringify({ dir: sideDir, alerts, hookUrl, secret: SECRET }));
  const child = fork(fileURLToPath(new URL('./alerts-desk.ts', import.meta.url)), [file], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<Side>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Side));
    child.once('exit', (code) =>
      reject(new Error(`the alerts bench's ${alerts ? 'on' : 'off'} side exited (${code})`)),
    );
  });
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

export default async function (): Promise<BenchFigure[]> {
  const received: { gameId: string; at: number }[] = [];
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-moddesk-timestamp'] ?? '');
      if (req.headers['x-moddesk-signature'] !== signBody(SECRET, ts, body)) {
        refused += 1;
        res.writeHead(401).end();
        return;
      }
      received.push({ gameId: (JSON.parse(body) as { gameId: string }).gameId, at });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-bench-alerts-'));
  try {
    const off = await runSide(dir, false, hookUrl);
    if (received.length > 0) throw new Error('alerts bench: the side with alerts off sent alerts');
    const on = await runSide(dir, true, hookUrl);
    return figures(off, on, received, refused);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function figures(off: Side, on: Side, received: { gameId: string; at: number }[], refused: number): BenchFigure[] {
  // Each alert in the measured span against the read that fetched its game's newest posts before it.
  const latencies: number[] = [];
  for (const r of received) {
    if (r.at < on.span[0] || r.at > on.span[1] + 10_000) continue;
    const before = (on.fetches[r.gameId] ?? []).filter((t) => t <= r.at);
    if (before.length) latencies.push(r.at - before[before.length - 1]!);
  }
  const ticks = Math.floor(PHASE_MS / 1000);
  for (const [name, side] of [
    ['off', off],
    ['on', on],
  ] as const)
    if (side.ticks < ticks * 0.8)
      throw new Error(
        `alerts bench: the ${name} side was starved (its 1 s ticker ran ${side.ticks} of ${ticks} times)`,
      );
  if (latencies.length === 0 || off.drafts.length === 0)
    throw new Error(
      `alerts bench: nothing to time (${latencies.length} alerts matched to a read of ${received.length} received, ${off.drafts.length} drafts with alerts off)`,
    );
  const vs = (v: number) => ({ name: 'alerts off, same run', value: v });
  const note = `${GAMES} games asking for counts, a poll every ${POLL_SECONDS} s backing off when quiet; each side in its own process with its own forums`;
  return [
    {
      name: 'alerts: fetched count request → webhook receiver, median',
      value: pct(latencies, 0.5),
      unit: 'ms',
      baseline: { name: 'fetched post → draft, alerts off', value: pct(off.drafts, 0.5) },
      note: `${latencies.length} alerts (${received.length} received in all, ${refused} refused by the receiver's signature check)`,
    },
    {
      name: 'alerts: fetched count request → webhook receiver, p95',
      value: pct(latencies, 0.95),
      unit: 'ms',
      baseline: { name: 'fetched post → draft p95, alerts off', value: pct(off.drafts, 0.95) },
    },
    {
      name: 'alerts on: start-up (open + first read of every game)',
      value: on.startup,
      unit: 's',
      baseline: vs(off.startup),
    },
    {
      name: 'alerts on: CPU share at rest',
      value: on.atRest.cpuShare,
      unit: '% of one core',
      baseline: vs(off.atRest.cpuShare),
      note,
    },
    { name: 'alerts on: memory at rest (rss)', value: on.atRest.rssMb, unit: 'MB', baseline: vs(off.atRest.rssMb) },
    {
      name: 'alerts on: live heap at rest (after a full GC)',
      value: on.liveAtRest,
      unit: 'MB',
      baseline: vs(off.liveAtRest),
    },
    {
      name: 'alerts on: CPU share, 10% of games posting',
      value: on.active.cpuShare,
      unit: '% of one core',
      baseline: vs(off.active.cpuShare),
      note: `${GAMES / 10} games each posting a vote and a count request a second`,
    },
    {
      name: 'alerts on: memory, 10% of games posting (rss)',
      value: on.active.rssMb,
      unit: 'MB',
      baseline: vs(off.active.rssMb),
    },
  ];
}
