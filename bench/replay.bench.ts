import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { parseDump } from '../src/app/load-dump.js';
import { parseGameFile } from '../src/app/load-game-file.js';
import { replay } from '../src/reporter/replay.js';
import type { BenchFigure } from './run.js';

// Issue 2: the full replay of the largest real thread (71047, ~3,000 posts) in-process, as posts per second and
// as a ratio against a bare htmlparser2 parse of the same post bodies, measured in the same run.
const gameDir = fileURLToPath(new URL('../../shared/eval-data/mafiascum-donbot/games/71047/', import.meta.url));

function best(runs: number, fn: () => void): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const t0 = process.hrtime.bigint();
    fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return min;
}

export default async function (): Promise<BenchFigure[]> {
  const posts = parseDump(readFileSync(`${gameDir}posts.jsonl`, 'utf8'), 'posts.jsonl');
  const days = [1, 2, 3, 4, 5, 6].map((d) =>
    parseGameFile(readFileSync(`${gameDir}day-${d}.game.yaml`, 'utf8'), `day-${d}`),
  );
  const game = days[0]!;
  // Interleaved rounds, so both sides see the same machine load; the best round of each.
  let bare = Number.POSITIVE_INFINITY;
  let full = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 9; round += 1) {
    bare = Math.min(
      bare,
      best(1, () => {
        for (const p of posts) parseDocument(p.html);
      }),
    );
    full = Math.min(
      full,
      best(1, () => {
        replay(game, posts, null);
      }),
    );
  }
  const perSecond = posts.length / (full / 1000);
  return [
    { name: 'bare htmlparser2 parse of 71047 bodies', value: bare, unit: 'ms' },
    {
      name: 'full replay of 71047 (parse + statechart)',
      value: full,
      unit: 'ms',
      baseline: { name: 'bare parse', value: bare },
    },
    { name: 'replay throughput', value: perSecond, unit: 'posts/s', note: `${posts.length} posts` },
  ];
}
