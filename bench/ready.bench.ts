import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './run.js';

// Issue 11, item 5: `npm start` (the demo) and `watch` are ready within 2 s of start, ready meaning the dashboard
// answers. Each round starts the process, waits for the dashboard's line on stdout, then asks that address until it
// answers (the sign-in link's redirect, or 200); the time from spawn to that answer is the figure. The baseline is a bare Node script that starts an
// HTTP server and prints its address, measured the same way in the same interleaved rounds. Wall time, median.
const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.MODDESK_BENCH_ROUNDS ?? 5);
const BUDGET_MS = 2000;

const BARE_SERVER = `const { createServer } = require('node:http');
const server = createServer((req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => process.stdout.write('dashboard: http://127.0.0.1:' + server.address().port + '/\\n'));
process.on('SIGINT', () => server.close(() => process.exit(0)));
`;

/** Milliseconds from spawning `argv` to the first answer (200 or a redirect) from the address it prints after `dashboard: `. */
async function readyMs(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  const child = spawn(argv[0] as string, argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const pause = () => new Promise((r) => setTimeout(r, 5));
  const late = (what: string) => {
    if (child.exitCode !== null) throw new Error(`ready bench: ${argv.join(' ')} exited (${child.exitCode}):\n${out}`);
    if (performance.now() - t0 > 60_000) throw new Error(`ready bench: ${what} in 60 s:\n${out}`);
  };
  try {
    const dashboard = () => /dashboard: (http:\/\/\S+)/.exec(out)?.[1];
    while (!dashboard()) {
      late(`no dashboard line from ${argv.join(' ')}`);
      await pause();
    }
    const url = dashboard() as string;
    // The sign-in link answers with a redirect that sets the cookie: the dashboard has answered.
    while (((await fetch(url, { redirect: 'manual' }).catch(() => null))?.status ?? 500) >= 400) {
      late(`no answer from ${url}`);
      await pause();
    }
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

export default async function (): Promise<BenchFigure[]> {
  const work = mkdtempSync(join(tmpdir(), 'moddesk-bench-ready-'));
  try {
    const bare = join(work, 'server.cjs');
    writeFileSync(bare, BARE_SERVER);
    // `watch` over the demo's own game and dump, copied (watch writes its rulings into the game file).
    for (const f of ['vanilla-demo.game.yaml', 'vanilla-demo.posts.jsonl'])
      copyFileSync(join(root, 'config', 'demo', f), join(work, f));
    const bin = join(root, 'bin', 'moddesk.js');
    const node = process.execPath;
    const env = { ...process.env, XDG_DATA_HOME: join(work, 'data') };
    let dbs = 0;
    const cases: Record<string, () => string[]> = {
      bare: () => [node, bare],
      demo: () => [node, bin, 'demo', '--port', '0'],
      watch: () => {
        dbs += 1;
        const game = join(work, 'vanilla-demo.game.yaml');
        return [node, bin, 'watch', '--game', game, '--db', join(work, `watch-${dbs}.db`), '--port', '0'];
      },
    };
    const times: Record<string, number[]> = { bare: [], demo: [], watch: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, argv] of Object.entries(cases)) times[name]?.push(await readyMs(argv(), env));
    const bare0 = { name: 'a bare Node HTTP server answering', value: median(times.bare ?? []) };
    const note = (ms: number) => `budget ${BUDGET_MS} ms: ${ms <= BUDGET_MS ? 'within' : 'OVER'}; median of ${ROUNDS}`;
    const demo = median(times.demo ?? []);
    const watch = median(times.watch ?? []);
    return [
      { ...bare0, name: `ready: ${bare0.name}`, unit: 'ms' },
      {
        name: 'ready: npm start (demo), the dashboard answers',
        value: demo,
        unit: 'ms',
        baseline: bare0,
        note: note(demo),
      },
      {
        name: 'ready: watch (a fresh database), the dashboard answers',
        value: watch,
        unit: 'ms',
        baseline: bare0,
        note: note(watch),
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
