import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { foldOf, replay } from '../reporter/replay.js';
import type { GameFold } from './fold.js';
import { toStateJson } from './to-state-json.js';

// Issue 16 item 5: one incremental fold. Walking forward, continuing after new posts (late ones too) and asking
// for a past instant all give exactly the state a fresh replay gives.
const games = ['defcon-sample', 'obsidian-sample'].map((name) => {
  const dir = fileURLToPath(new URL(`../../test/games/${name}/`, import.meta.url));
  return { name, game: loadGameFile(`${dir}game.yaml`), posts: loadDump(`${dir}posts.jsonl`) };
});

const span = (game: GameFile, posts: Post[]) => {
  const start = Date.parse(game.phases[0]?.start as string) - 1;
  const ends = posts.map((p) => Date.parse(p.editedAt ?? p.createdAt));
  for (const p of game.phases) ends.push(Date.parse(p.deadline ?? p.start));
  return { start, end: Math.max(...ends) + 1 };
};

const fresh = (game: GameFile, posts: Post[], at: number) => {
  const r = replay(game, posts, { at });
  return toStateJson(r.context, r.at, r.machineState);
};
const json = (s: ReturnType<GameFold['advanceTo']>) => toStateJson(s.context, s.at, s.machine);

describe.each(games)('GameFold on $name', ({ game, posts }) => {
  const { start, end } = span(game, posts);
  const at = (u: number) => Math.floor(start + u * (end - start));
  const instants = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 });

  it('steps yields a state at every instant where something happens, each the state a replay gives', () => {
    const fold = foldOf(game, posts);
    const steps = [...fold.steps(end)];
    expect(steps.length).toBeGreaterThan(20);
    for (const s of steps.filter((_, i) => i % 15 === 0)) expect(json(s)).toEqual(fresh(game, posts, s.at));
  });

  it('advancing forward equals a fresh replay at every instant', () => {
    fc.assert(
      fc.property(instants, (us) => {
        const fold = foldOf(game, posts);
        for (const u of [...us].sort((a, b) => a - b))
          expect(json(fold.advanceTo(at(u)))).toEqual(fresh(game, posts, at(u)));
      }),
      { numRuns: 8, seed: 5 },
    );
  });

  it('continues after new posts arrive, late ones included, as if it had had them all along', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 20 }),
        (u1, u2, late) => {
          const [t1, t2] = [at(Math.min(u1, u2)), at(Math.max(u1, u2))];
          // What a poll at t1 had read, less a few posts that arrive only later (with an earlier createdAt).
          const seen = posts.filter((p) => Date.parse(p.createdAt) <= t1);
          const held = new Set(seen.slice(Math.max(0, seen.length - late)).map((p) => p.id));
          const first = seen.filter((p) => !held.has(p.id));
          const fold = foldOf(game, first);
          fold.advanceTo(t1);
          fold.addPosts(posts.filter((p) => !first.includes(p)));
          const want = fresh(game, [...first, ...posts.filter((p) => !first.includes(p))], t2);
          expect(json(fold.advanceTo(t2))).toEqual(want);
        },
      ),
      { numRuns: 8, seed: 7 },
    );
  });

  it('a post arriving at exactly the instant the fold is at still counts, later and now', () => {
    const last = posts.filter((p) => p.channel === 'pm').at(-1) as Post;
    const t = Date.parse(last.createdAt);
    const fold = foldOf(
      game,
      posts.filter((p) => p.id !== last.id),
    );
    fold.advanceTo(t);
    fold.addPosts(posts.filter((p) => p.id === last.id));
    expect(json(fold.stateAt(end))).toEqual(fresh(game, posts, end));
    expect(json(fold.advanceTo(t))).toEqual(fresh(game, posts, t));
    expect(json(fold.advanceTo(end))).toEqual(fresh(game, posts, end));
  });

  it('tells the earliest action among new lines at or before its instant (a late post), and nothing for a later one', () => {
    const votes = posts.filter((p) => p.channel === 'thread' && /vote/i.test(p.html));
    const late = votes[Math.floor(votes.length / 2)] as Post;
    const t = Date.parse(late.createdAt);
    const fold = foldOf(
      game,
      posts.filter((p) => p.id !== late.id),
    );
    fold.advanceTo(t + 3_600_000);
    expect(fold.addPosts([late])).toBe(t);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
    expect(fold.addPosts([{ ...late, id: `${late.id}-after`, createdAt: iso(t + 7_200_000) }])).toBeNull();
    // A post read first as edited (its first version unseen), then its next version after the fold's instant: the
    // old post is no longer an unverified edit, but it is no news the planner missed.
    const edited = { ...late, editedAt: iso(t + 60_000) };
    const again = foldOf(game, [...posts.filter((p) => p.id !== late.id), edited]);
    again.advanceTo(t + 3_600_000);
    expect(again.addPosts([{ ...late, editedAt: iso(t + 10_800_000) }])).toBeNull();
  });

  it('answers a past or later instant without moving', () => {
    const fold = foldOf(game, posts);
    const here = fold.advanceTo(at(0.6));
    for (const u of [0.1, 0.35, 0.6, 0.9]) expect(json(fold.stateAt(at(u)))).toEqual(fresh(game, posts, at(u)));
    expect(fold.at).toBe(here.at);
    expect(json(fold.state())).toEqual(json(here));
  });
});
