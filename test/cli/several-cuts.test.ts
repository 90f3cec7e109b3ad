import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/run-main.js';

// interfaces §4, several cuts in one call: `state` with `--through` and `--at` repeated replays the thread once and
// prints one state a line, in the order given, each byte for byte what a call with that cut alone prints. Checked
// over every day of every real game in ../shared (the shared scorer asks a day's every count in one call).
const games = join(
  fileURLToPath(new URL('../..', import.meta.url)),
  '..',
  'shared',
  'eval-data',
  'mafiascum-donbot',
  'games',
);

interface Expected {
  days: { day: number; start: { id: string }; transition: { id: string }; voteCounts: { through: { id: string } }[] }[];
}

it('the real games are where this test looks for them (../shared/eval-data), never skipped silently', () => {
  expect(
    existsSync(join(games, 'manifest.json')),
    `real games missing: looked for ${join(games, 'manifest.json')}`,
  ).toBe(true);
});

const threads = existsSync(join(games, 'manifest.json'))
  ? (JSON.parse(readFileSync(join(games, 'manifest.json'), 'utf8')) as { games: { thread: string }[] }).games.map(
      (g) => g.thread,
    )
  : [];

describe.each(threads)('thread %s of ../shared games/', (thread) => {
  const dir = join(games, thread);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
  const posts = readFileSync(join(dir, 'posts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; createdAt: string });
  const createdAt = new Map(posts.map((p) => [p.id, p.createdAt]));

  it.each(expected.days.map((d) => [d.day, d] as const))(
    'day %i: the batch equals the single-cut calls',
    async (_, d) => {
      const counts = d.voteCounts.map((vc) => vc.through.id);
      // The scorer's cuts (every count, then the day's end), then ones earlier than the one before: an instant (the
      // day's first post's) and a count again.
      const cuts: string[][] = [
        ...counts.map((id) => ['--through', id]),
        ['--through', d.transition.id],
        ['--at', createdAt.get(d.start.id) as string],
        ...(counts.length ? [['--through', counts[Math.floor(counts.length / 2)] as string]] : []),
      ];
      const base = ['state', '--game', join(dir, `day-${d.day}.game.yaml`), '--posts', join(dir, 'posts.jsonl')];
      const batch = await runMain([...base, ...cuts.flat(), '--json']);
      expect(batch.code, batch.err).toBe(0);
      const lines = batch.out.split(/(?<=\n)/);
      expect(lines).toHaveLength(cuts.length);
      for (const [i, cut] of cuts.entries()) {
        const single = await runMain([...base, ...(cut as string[]), '--json']);
        expect(single.code, single.err).toBe(0);
        expect(lines[i], `${thread} day ${d.day} ${cut.join(' ')}`).toBe(single.out);
      }
    },
  );
});
