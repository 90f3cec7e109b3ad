import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parsePhpbbPage } from '../src/adapters/phpbb/parse-page.js';
import { loadDump } from '../src/app/load-dump.js';
import { loadGameFile } from '../src/app/load-game-file.js';
import { runReplay } from '../src/cli/replay-options.js';
import { toStateJson } from '../src/machine/to-state-json.js';
import { extractActions } from '../src/parser/extract-actions.js';
import { realBodies } from '../test/fuzz/real-bodies.js';
import type { BenchFigure } from './run.js';

// Issue 14: reading stays linear in a post's length, whatever a player writes. The cost of reading a body of real
// posts at 1×, 2×, 4× and 8× its size; a 100 KB bold run against a 10 KB one; and `state` over a real dump with
// one 100 KB post against the same dump without it. Interleaved rounds, the best of each, all in this run.
const ROUNDS = Number(process.env.MODDESK_BENCH_ROUNDS ?? 5);
const HUGE = Number(process.env.MODDESK_BENCH_HUGE_KB ?? 100) * 1000;
const thread = fileURLToPath(new URL('../../shared/eval-data/mafiascum-donbot/games/71047/', import.meta.url));
const read = (html: string) => extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });

/** The best time of each job over interleaved rounds, so every job sees the same machine load. */
function best(jobs: Record<string, () => void>, rounds = ROUNDS, before = () => {}): Record<string, number> {
  const min: Record<string, number> = {};
  for (let r = 0; r < rounds; r += 1)
    for (const [name, job] of Object.entries(jobs)) {
      before();
      const t0 = performance.now();
      job();
      min[name] = Math.min(min[name] ?? Number.POSITIVE_INFINITY, performance.now() - t0);
    }
  return min;
}

function lengthFigures(): BenchFigure[] {
  const parts: string[] = [];
  for (const b of realBodies()) {
    parts.push(b);
    if (parts.join('<br>').length >= 20_000) break;
  }
  const base = parts.join('<br>');
  const scales = [1, 2, 4, 8];
  // The bodies are built before the clock starts (building them was timed with them).
  const t = perCall(new Map(scales.map((k) => [k, Array(k).fill(base).join('<br>')])), read, Math.max(3, ROUNDS));
  const cpu = (k: number) => (t.get(k) as { cpu: number }).cpu;
  const kb = Math.round(base.length / 1000);
  return scales.slice(1).map((k) => ({
    name: `read ${k}× a ${kb} KB body of real posts`,
    value: cpu(k),
    unit: 'ms CPU',
    baseline: { name: '1×', value: cpu(1) },
    note: `linear: ${k}.00`,
  }));
}

function boldFigures(): BenchFigure[] {
  const run = (chars: number) => `<p>Look at this:</p><b>${'a'.repeat(chars)}</b><p>Vote: nobody</p>`;
  const small = HUGE / 10;
  const t = perCall(
    new Map([
      ['small', run(small)],
      ['huge', run(HUGE)],
    ]),
    read,
    Math.max(3, ROUNDS),
  );
  const cpu = (k: string) => (t.get(k) as { cpu: number }).cpu;
  const perKb = cpu('huge') / HUGE / (cpu('small') / small);
  return [
    { name: `read a ${small / 1000} KB bold run`, value: cpu('small'), unit: 'ms CPU' },
    {
      name: `read a ${HUGE / 1000} KB bold run`,
      value: cpu('huge'),
      unit: 'ms CPU',
      baseline: { name: `${small / 1000} KB`, value: cpu('small') },
      note: `linear: 10; per KB ${perKb.toFixed(2)}× the small run's`,
    },
  ];
}

/** A full GC, in a run started without `--expose-gc`: the flag set now reaches a fresh context's `gc`. */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Process CPU time in ms (user and system, the collector's helper threads included): what a reading costs. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The cost of one call of `job` on each input, as the best of interleaved rounds, each round starting after a full
 * GC. A small input is read again and again, so that every sample reads about as many characters as the largest
 * input does once: each sample is as long as the others, the timer's grain and the machine's load weigh alike on all,
 * and the garbage a small reading leaves is collected (and paid) inside its own sample. Both CPU and wall time.
 */
function perCall<K>(
  inputs: ReadonlyMap<K, string>,
  job: (input: string) => unknown,
  rounds: number,
): Map<K, { cpu: number; wall: number }> {
  const largest = Math.max(...[...inputs.values()].map((s) => s.length));
  const smallest = [...inputs.values()].reduce((a, b) => (b.length < a.length ? b : a));
  // Warm-up: the JIT's tiers settle on the small input, and every size is read once.
  for (let i = 0; i < 50; i += 1) job(smallest);
  for (const input of inputs.values()) job(input);
  const best = new Map<K, { cpu: number; wall: number }>();
  for (let r = 0; r < rounds; r += 1) {
    for (const [key, input] of inputs) {
      const calls = Math.max(1, Math.round(largest / input.length));
      collect();
      const c0 = cpuMs();
      const t0 = performance.now();
      for (let i = 0; i < calls; i += 1) job(input);
      const wall = (performance.now() - t0) / calls;
      const cpu = (cpuMs() - c0) / calls;
      const was = best.get(key);
      best.set(key, { cpu: Math.min(was?.cpu ?? cpu, cpu), wall: Math.min(was?.wall ?? wall, wall) });
    }
  }
  return best;
}

/**
 * The heap `copies` results of `job` hold together after a full GC, per result, and what is still held per result
 * once they are dropped (what the parser itself keeps: its one Collector used to keep the last post's scan), in bytes.
 * A small post's reading is kept many times over, so that what it holds stands out of the heap's own noise.
 */
function heldBy<T>(
  job: () => T,
  copies: number,
  count: (result: T) => number,
): { kept: number; dropped: number; count: number } {
  collect();
  const before = process.memoryUsage().heapUsed;
  // The results live only inside this call: a frame still running may keep what it made alive.
  const keep = () => {
    const results = Array.from({ length: copies }, job);
    collect();
    return { kept: (process.memoryUsage().heapUsed - before) / copies, count: count(results[0] as T) };
  };
  const { kept, count: n } = keep();
  collect();
  return { kept, dropped: (process.memoryUsage().heapUsed - before) / copies, count: n };
}

/**
 * Issue 33 M1: one line of bold votes (phpBB's `[b]Vote: Ava[/b] ` as rendered) from 10 KB to 5 MB (the most a post
 * is read): the cost per KB against the 10 KB post's (a straight line: within 1.5×, CPU time, in this run), and the
 * heap the result holds after a full GC, and what the parser still holds once the result is dropped.
 */
function voteLineFigures(): BenchFigure[] {
  const vote = '<strong class="text-strong">Vote: Ava</strong> ';
  const sizes = [10_000, 100_000, 1_000_000, 5_000_000];
  const posts = new Map(sizes.map((n) => [n, vote.repeat(Math.floor(n / vote.length))]));
  const t = perCall(posts, read, Math.max(3, ROUNDS));
  const at = (n: number) => t.get(n) as { cpu: number; wall: number };
  const perKb = (n: number, k: 'cpu' | 'wall') => at(n)[k] / n / (at(10_000)[k] / 10_000);
  const figures: BenchFigure[] = sizes.slice(1).map((n) => ({
    name: `read one ${n / 1000} KB line of bold votes`,
    value: at(n).cpu,
    unit: 'ms CPU',
    baseline: { name: '10 KB', value: at(10_000).cpu },
    note: `linear: ${n / 10_000}; per KB ${perKb(n, 'cpu').toFixed(2)}× the 10 KB post's (wall ${perKb(n, 'wall').toFixed(2)}×)`,
  }));
  figures.push({
    name: 'cost per KB of the 5000 KB line against the 10 KB one (CPU)',
    value: perKb(5_000_000, 'cpu'),
    unit: '×',
    note: `acceptance: within 1.5×; wall ${perKb(5_000_000, 'wall').toFixed(2)}×; 10 KB ${((at(10_000).cpu / 10) * 1000).toFixed(0)} µs per KB`,
  });
  for (const n of [sizes[0] as number, sizes[sizes.length - 1] as number]) {
    const { kept, dropped, count } = heldBy(
      () => read(posts.get(n) as string),
      Math.round(5_000_000 / n),
      (r) => r.actions.length,
    );
    const actions = count;
    figures.push({
      name: `heap held by one reading of the ${n / 1000} KB line (${actions} actions), after GC`,
      value: Math.max(0, kept) / 2 ** 20,
      unit: 'MB',
      note: `${(Math.max(0, kept) / actions).toFixed(0)} bytes an action; once the result is dropped ${(dropped / 2 ** 20).toFixed(3)} MB`,
    });
  }
  return figures;
}

/**
 * Issue 33 (probes m2): markup nested 1,000 to 100,000 elements deep, read as a post (`extractActions`) and as a
 * phpBB page holding it (`parse`'s path: parse5 through cheerio). The cost per level against 1,000 levels' (a page's
 * own cost, measured in this run without the post, taken off first). 100,000 nested `div`s took 76.6 s as a page.
 */
function nestingFigures(): BenchFigure[] {
  const depths = [1_000, 10_000, 100_000];
  const nested = (d: number) => `<b>Vote: Ava</b>${'<div>'.repeat(d)}<b>Vote: Bob</b>${'</div>'.repeat(d)}`;
  const page = readFileSync(
    fileURLToPath(new URL('../test/fixtures/pages/phpbb/phpbb3.0-ilovephilosophy.html.txt', import.meta.url)),
    'utf8',
  );
  const at = page.indexOf('<div class="content">') + '<div class="content">'.length;
  const withPost = (body: string) => page.slice(0, at) + body + page.slice(at);
  const ctx = { pageUrl: 'https://forum.example/viewtopic.php?t=1', timeZone: 'UTC', now: Date.UTC(2024, 0, 3) };
  const posts = perCall(new Map(depths.map((d) => [d, nested(d)])), read, Math.max(3, ROUNDS));
  const pages = perCall(
    new Map<number, string>([[0, page], ...depths.map((d) => [d, withPost(nested(d))] as [number, string])]),
    (html) => parsePhpbbPage(html, ctx),
    Math.max(3, ROUNDS),
  );
  const figures: BenchFigure[] = [];
  const levels = (name: string, cost: (d: number) => number) => {
    for (const d of depths.slice(1)) {
      figures.push({
        name: `${name} nested ${d / 1000}k deep`,
        value: cost(d),
        unit: 'ms CPU',
        baseline: { name: '1k deep', value: cost(1_000) },
        note: `linear: ${d / 1_000}; per level ${(cost(d) / d / (cost(1_000) / 1_000)).toFixed(2)}× 1k's`,
      });
    }
    figures.push({
      name: `cost per level of ${name} 100k deep against 1k deep`,
      value: cost(100_000) / 100_000 / (cost(1_000) / 1_000),
      unit: '×',
      note: `1k: ${cost(1_000).toFixed(2)} ms; 10k: ${cost(10_000).toFixed(2)} ms; 100k: ${cost(100_000).toFixed(1)} ms`,
    });
  };
  levels('a post', (d) => (posts.get(d) as { cpu: number }).cpu);
  const bare = (pages.get(0) as { cpu: number }).cpu;
  levels('a phpBB page holding a post', (d) => Math.max(0.001, (pages.get(d) as { cpu: number }).cpu - bare));
  return figures;
}

function stateFigures(): BenchFigure[] {
  const game = join(thread, 'day-1.game.yaml');
  const posts = loadDump(join(thread, 'posts.jsonl'));
  const player = loadGameFile(game).players[0]?.name ?? 'someone';
  const at = posts[Math.min(50, posts.length - 1)]!;
  const huge = { ...at, id: 'bench-huge-post', author: player, html: `<b>${'a'.repeat(HUGE)}</b>` };
  const work = mkdtempSync(join(tmpdir(), 'moddesk-bench-hostile-'));
  try {
    const dump = (ps: typeof posts, name: string) => {
      const file = join(work, name);
      writeFileSync(file, `${ps.map((p) => JSON.stringify(p)).join('\n')}\n`);
      return file;
    };
    const plain = dump(posts, 'plain.jsonl');
    const poisoned = dump([...posts.slice(0, 51), huge, ...posts.slice(51)], 'poisoned.jsonl');
    const state = (file: string) => () => {
      const [result] = runReplay({ game, posts: file }).results;
      JSON.stringify(toStateJson(result!.context, result!.at, result!.machineState));
    };
    const t = best({ plain: state(plain), poisoned: state(poisoned) }, Math.min(ROUNDS, 3));
    return [
      { name: `state over 71047 day 1 (${posts.length} posts)`, value: t.plain as number, unit: 'ms' },
      {
        name: `state over the same dump with one ${HUGE / 1000} KB post`,
        value: t.poisoned as number,
        unit: 'ms',
        baseline: { name: 'without it', value: t.plain as number },
        note: 'acceptance: within 1.5×',
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export default async function (): Promise<BenchFigure[]> {
  return [...lengthFigures(), ...boldFigures(), ...voteLineFigures(), ...nestingFigures(), ...stateFigures()];
}
