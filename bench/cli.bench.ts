import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './run.js';

// Issue 29: whole `moddesk` processes, as the scorer, CI and a moderator's scripts pay for them, with no cache of
// any kind (there is none left; decision 0033). CPU time (user + system, from bash's `times`) on the largest real
// thread of games/: `state` at every cut the scorer asks of its busiest day (every moderator count and the day's
// end) in one call, `state` at one cut, `count` and `parse`, each against a bare pass over the same dump (read it,
// JSON.parse each line, htmlparser2 over every body) measured in the same interleaved rounds; and `--help`
// start-up against `node -e 0`. The median of the rounds.
const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot');
const ROUNDS = Number(process.env.MODDESK_BENCH_ROUNDS ?? 7);

const BARE = (htmlparser2: string) => `import { readFileSync } from 'node:fs';
import { Parser } from '${htmlparser2}';
let n = 0;
for (const line of readFileSync(process.argv[2], 'utf8').split('\\n')) {
  if (!line) continue;
  const parser = new Parser({ ontext() { n += 1; } });
  parser.write(JSON.parse(line).html);
  parser.end();
}
process.stdout.write(n + '\\n');
`;

/** The largest thread of games/, its day with the most moderator counts and the cuts the scorer asks of it. */
function largestDay() {
  const dir = join(corpus, 'games');
  if (!existsSync(dir)) throw new Error(`cli bench: the real threads are missing (${dir})`);
  const thread = readdirSync(dir)
    .map((t) => join(dir, t))
    .filter((t) => existsSync(join(t, 'posts.jsonl')))
    .sort((a, b) => statSync(join(b, 'posts.jsonl')).size - statSync(join(a, 'posts.jsonl')).size)[0];
  if (!thread) throw new Error(`cli bench: no posts.jsonl under ${dir}`);
  const expected = JSON.parse(readFileSync(join(thread, 'expected.json'), 'utf8')) as {
    days: { day: number; transition: { id: string }; voteCounts: { through: { id: string } }[] }[];
  };
  const day = [...expected.days].sort((a, b) => b.voteCounts.length - a.voteCounts.length)[0];
  if (!day) throw new Error(`cli bench: ${thread}/expected.json lists no days`);
  return {
    thread,
    day: day.day,
    game: join(thread, `day-${day.day}.game.yaml`),
    posts: join(thread, 'posts.jsonl'),
    end: day.transition.id,
    cuts: [...new Set([...day.voteCounts.map((vc) => vc.through.id), day.transition.id])],
  };
}

/** CPU milliseconds of one run of `argv` (its children included), and its wall time. */
function run(argv: string[], env: NodeJS.ProcessEnv): { cpu: number; wall: number } {
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1 || echo FAILED; times', '_', ...argv], {
    env,
    encoding: 'utf8',
  });
  const wall = performance.now() - t0;
  if (r.status !== 0 || r.stdout.includes('FAILED')) throw new Error(`cli bench: ${argv.join(' ')} failed`);
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  const secs = [...last.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (secs.length !== 2) throw new Error(`cli bench: cannot read the times of ${argv.join(' ')}: ${last}`);
  return { cpu: ((secs[0] as number) + (secs[1] as number)) * 1000, wall };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

export default async function (): Promise<BenchFigure[]> {
  const t = largestDay();
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('cli bench: npm run build failed');
  const work = mkdtempSync(join(tmpdir(), 'moddesk-bench-cli-'));
  const bare = join(work, 'bare.mjs');
  writeFileSync(bare, BARE(import.meta.resolve('htmlparser2')));
  const bin = join(root, 'bin', 'moddesk.js');
  const files = ['--game', t.game, '--posts', t.posts];
  const node = process.execPath;
  const env = process.env;
  const cases: Record<string, { argv: string[]; env: NodeJS.ProcessEnv }> = {
    bare: { argv: [node, bare, t.posts], env },
    stateAll: { argv: [node, bin, 'state', ...files, ...t.cuts.flatMap((c) => ['--through', c]), '--json'], env },
    state: { argv: [node, bin, 'state', ...files, '--through', t.end, '--json'], env },
    count: { argv: [node, bin, 'count', ...files, '--through', t.end], env },
    parse: { argv: [node, bin, 'parse', '--platform', 'file', t.posts], env },
    help: { argv: [node, bin, '--help'], env },
    node: { argv: [node, '-e', '0'], env },
  };
  try {
    const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    const wall: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, c] of Object.entries(cases)) {
        const r = run(c.argv, c.env);
        cpu[name]!.push(r.cpu);
        if (name === 'help') wall.push(r.wall);
      }
    }
    const m = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)])) as Record<string, number>;
    const base = { name: 'bare pass', value: m.bare! };
    const note = `${t.thread.split('/').slice(-2).join('/')} day ${t.day}; CPU, median of ${ROUNDS}`;
    return [
      { name: 'cli: bare pass (read, JSON.parse, htmlparser2 every body)', value: m.bare!, unit: 'ms', note },
      {
        name: `cli: state at all ${t.cuts.length} cuts of the day in one call`,
        value: m.stateAll!,
        unit: 'ms',
        baseline: base,
        note: 'acceptance: within 1.3×',
      },
      {
        name: "cli: state at one cut (the day's end)",
        value: m.state!,
        unit: 'ms',
        baseline: base,
        note: 'acceptance: within 1.4×',
      },
      { name: "cli: count at the day's end", value: m.count!, unit: 'ms', baseline: base },
      { name: 'cli: parse --platform file (the dump again)', value: m.parse!, unit: 'ms', baseline: base },
      { name: 'cli: --help, CPU', value: m.help!, unit: 'ms', baseline: { name: 'node -e 0', value: m.node! } },
      { name: 'cli: --help, wall', value: median(wall), unit: 'ms', note: 'start to exit, as a shell sees it' },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
