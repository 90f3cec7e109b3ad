import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './run.js';

// Issue 11: whole `moddesk` processes, as the scorer, CI and a moderator's scripts pay for them. CPU time
// (user + system, from bash's `times`) of `state`, `count` and `parse` on the largest real thread, each against
// a bare pass over the same dump (read it, JSON.parse each line, htmlparser2 over every body) measured in the
// same interleaved rounds; and `--help` start-up against `node -e 0`. The median of the rounds. `state` runs with no
// parse cache (with V8's code cache of the command's last call, and with none: decision 0019), with cold caches,
// with warm ones (the same call again: its kept output) and resumed from the fold point of the scorer's call
// before it (decision 0013).
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

/** The largest thread of games/ and train/, its last day's game file and the post that ends that day. */
function largestThread() {
  const dirs = ['games', 'train'].map((d) => join(corpus, d));
  for (const d of dirs) if (!existsSync(d)) throw new Error(`cli bench: the real threads are missing (${d})`);
  const threads = dirs.flatMap((d) => readdirSync(d).map((t) => join(d, t)));
  const dir = threads
    .filter((t) => existsSync(join(t, 'posts.jsonl')))
    .sort((a, b) => statSync(join(b, 'posts.jsonl')).size - statSync(join(a, 'posts.jsonl')).size)[0];
  if (!dir) throw new Error(`cli bench: no posts.jsonl under ${dirs.join(' or ')}`);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
    days: { day: number; transition: { id: string }; voteCounts: { through: { id: string } }[] }[];
  };
  const last = expected.days[expected.days.length - 1];
  if (!last) throw new Error(`cli bench: ${dir}/expected.json lists no days`);
  return {
    dir,
    game: join(dir, `day-${last.day}.game.yaml`),
    posts: join(dir, 'posts.jsonl'),
    through: last.transition.id,
    // The scorer's call before the day's end: the day's last moderator count (a point there is resumed).
    before: last.voteCounts.at(-1)?.through.id ?? null,
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

/** The fold points under a cache directory (src/storage/fold-points.ts). */
function pointFiles(cacheDir: string): string[] {
  const root = join(cacheDir, 'fold-points');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((g) =>
    readdirSync(join(root, g))
      .filter((n) => n.endsWith('.point'))
      .map((n) => join(root, g, n)),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

export default async function (): Promise<BenchFigure[]> {
  const t = largestThread();
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('cli bench: npm run build failed');
  const work = mkdtempSync(join(tmpdir(), 'moddesk-bench-cli-'));
  const bare = join(work, 'bare.mjs');
  writeFileSync(bare, BARE(import.meta.resolve('htmlparser2')));
  const bin = join(root, 'bin', 'moddesk.js');
  const replayArgs = ['--game', t.game, '--posts', t.posts, '--through', t.through];
  // No parse cache and no fold points, but V8's code cache (decision 0012) as any machine with a cache folder has
  // it after a command's first call; `stateNoCodeCache` is the call with neither.
  const noCache = { ...process.env, MODDESK_CACHE: 'off', MODDESK_CACHE_DIR: join(work, 'code') };
  const nothingCached = { ...process.env, MODDESK_CACHE: 'off', MODDESK_CODE_CACHE: 'off' };
  const warmDir = join(work, 'warm');
  const warm = { ...process.env, MODDESK_CACHE_DIR: warmDir };
  // Warm caches with a fold point at the day's last count only: each run resumes from it (its own point and kept
  // output removed).
  if (!t.before) throw new Error(`cli bench: ${t.dir}/expected.json lists no count on the last day`);
  const resumeDir = join(work, 'resume');
  const resume = { ...process.env, MODDESK_CACHE_DIR: resumeDir };
  const beforeArgs = ['--game', t.game, '--posts', t.posts, '--through', t.before];
  const node = process.execPath;
  let colds = 0;
  const cases: Record<string, { argv: string[]; env: () => NodeJS.ProcessEnv }> = {
    bare: { argv: [node, bare, t.posts], env: () => noCache },
    state: { argv: [node, bin, 'state', ...replayArgs, '--json'], env: () => noCache },
    stateNoCodeCache: { argv: [node, bin, 'state', ...replayArgs, '--json'], env: () => nothingCached },
    stateCold: {
      argv: [node, bin, 'state', ...replayArgs, '--json'],
      env: () => {
        colds += 1;
        return { ...process.env, MODDESK_CACHE_DIR: join(work, `cold-${colds}`) };
      },
    },
    stateWarm: { argv: [node, bin, 'state', ...replayArgs, '--json'], env: () => warm },
    stateResumed: {
      argv: [node, bin, 'state', ...replayArgs, '--json'],
      env: () => {
        for (const f of pointFiles(resumeDir)) if (!resumeFrom.has(f)) rmSync(f);
        rmSync(join(resumeDir, 'answers'), { recursive: true, force: true });
        return resume;
      },
    },
    count: { argv: [node, bin, 'count', ...replayArgs], env: () => noCache },
    countWarm: { argv: [node, bin, 'count', ...replayArgs], env: () => warm },
    parse: { argv: [node, bin, 'parse', '--platform', 'file', t.posts], env: () => noCache },
    help: { argv: [node, bin, '--help'], env: () => noCache },
    node: { argv: [node, '-e', '0'], env: () => noCache },
  };
  // NODE_EXTRA_CA_CERTS makes node itself read every root certificate and that file's before any script runs
  // (about 60% of `node -e 0` where it is set, as on this project's machines); a moderator's shell seldom sets it.
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const plainNode: NodeJS.ProcessEnv = { ...noCache };
    delete plainNode.NODE_EXTRA_CA_CERTS;
    cases.helpNoExtraCerts = { argv: [node, bin, '--help'], env: () => plainNode };
    cases.nodeNoExtraCerts = { argv: [node, '-e', '0'], env: () => plainNode };
  }
  let resumeFrom = new Set<string>();
  try {
    for (const c of ['state', 'count', 'parse']) run(cases[c]!.argv, noCache); // V8's code cache of each command
    run(cases.stateWarm!.argv, warm); // fills the warm cache
    run(cases.stateWarm!.argv, warm); // and keeps the answer at the cut
    run([node, bin, 'state', ...beforeArgs, '--json'], resume);
    resumeFrom = new Set(pointFiles(resumeDir));
    // The count's point, and the one before its day began (decision 0014): each run resumes from the count's.
    if (resumeFrom.size !== 2) throw new Error(`cli bench: expected two fold points in ${resumeDir}`);
    run(cases.stateWarm!.argv, { ...process.env, MODDESK_CACHE_DIR: resumeDir }); // the parse cache, warm
    const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    const wall: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, c] of Object.entries(cases)) {
        const r = run(c.argv, c.env());
        cpu[name]!.push(r.cpu);
        if (name === 'help') wall.push(r.wall);
      }
    }
    const m = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)])) as Record<string, number>;
    const base = { name: 'bare pass', value: m.bare! };
    const note = `${t.dir.split('/').slice(-2).join('/')}, --through the last day's end; CPU, median of ${ROUNDS}`;
    return [
      { name: 'cli: bare pass (read, JSON.parse, htmlparser2 every body)', value: m.bare!, unit: 'ms', note },
      { name: 'cli: state, no parse cache', value: m.state!, unit: 'ms', baseline: base },
      {
        name: "cli: state, no parse cache and no code cache (a command's first call)",
        value: m.stateNoCodeCache!,
        unit: 'ms',
        baseline: base,
      },
      { name: 'cli: state, first call (cold parse cache)', value: m.stateCold!, unit: 'ms', baseline: base },
      {
        name: 'cli: state, warm caches (the same call again: its kept output)',
        value: m.stateWarm!,
        unit: 'ms',
        baseline: base,
      },
      {
        name: "cli: state, warm parse cache, resumed from the day's last count's fold point",
        value: m.stateResumed!,
        unit: 'ms',
        baseline: base,
      },
      { name: 'cli: count, no parse cache', value: m.count!, unit: 'ms', baseline: base },
      { name: 'cli: count, warm parse cache', value: m.countWarm!, unit: 'ms', baseline: base },
      { name: 'cli: parse --platform file (the dump again)', value: m.parse!, unit: 'ms', baseline: base },
      {
        name: 'cli: --help, CPU',
        value: m.help!,
        unit: 'ms',
        baseline: { name: 'node -e 0', value: m.node! },
      },
      { name: 'cli: --help, wall', value: median(wall), unit: 'ms', note: 'start to exit, as a shell sees it' },
      ...(m.helpNoExtraCerts === undefined
        ? []
        : [
            {
              name: 'cli: --help, CPU, NODE_EXTRA_CA_CERTS unset',
              value: m.helpNoExtraCerts,
              unit: 'ms',
              baseline: { name: 'node -e 0 without it', value: m.nodeNoExtraCerts! },
            },
          ]),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
