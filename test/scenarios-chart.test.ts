import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../src/app/load-dump.js';
import { loadGameFile, parseGameFile } from '../src/app/load-game-file.js';
import type { GameFile } from '../src/domain/game-file.js';
import type { Post } from '../src/domain/post.js';
import type { StateJson } from '../src/domain/state.js';
import { GameFold } from '../src/machine/fold.js';
import type { ParseFn } from '../src/machine/post-versions.js';
import { toStateJson } from '../src/machine/to-state-json.js';
import { extractActions } from '../src/parser/extract-actions.js';

// Issue 16 item 2: the chart owns the phases, so its state never disagrees with phase.endedAt / endReason /
// result: over every scenario and every real-game day, at every instant where something can happen.
const root = fileURLToPath(new URL('..', import.meta.url));
const shared = join(root, '..', 'shared');
const realRoot = join(shared, 'eval-data', 'mafiascum-donbot');

interface Case {
  name: string;
  game: GameFile;
  posts: Post[];
  parse: ParseFn;
  /** Where the walk stops: a real game's day file is walked until the next day starts. */
  until?: number;
}

function memoParse(): ParseFn {
  const memo = new Map<string, ReturnType<ParseFn>>();
  return (html, opts) => {
    const key = `${opts.channel}|${opts.syntax.join()}|${html}`;
    const hit = memo.get(key) ?? extractActions(html, opts);
    memo.set(key, hit);
    return hit;
  };
}

function scenarioCases(dir: string): Case[] {
  if (!existsSync(dir)) throw new Error(`no scenarios at ${dir} (../shared must be beside the checkout)`);
  return readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, 'game.yaml')))
    .map((n) => ({
      name: n,
      game: loadGameFile(join(dir, n, 'game.yaml')),
      posts: existsSync(join(dir, n, 'posts.jsonl')) ? loadDump(join(dir, n, 'posts.jsonl')) : [],
      parse: extractActions,
    }));
}

function realDayCases(): Case[] {
  const cases: Case[] = [];
  for (const set of ['games', 'train']) {
    const dir = join(realRoot, set);
    if (!existsSync(dir)) throw new Error(`no real games at ${dir} (../shared/eval-data must be beside the checkout)`);
    for (const thread of readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)) {
      const days = readdirSync(join(dir, thread)).filter((f) => /^day-\d+\.game\.yaml$/.test(f));
      if (!days.length) continue;
      const posts = loadDump(join(dir, thread, 'posts.jsonl'));
      const parse = memoParse();
      const games = days.map((d) => loadGameFile(join(dir, thread, d)));
      const starts = games.map((g) => Date.parse(g.phases[g.phases.length - 1]?.start as string));
      games.forEach((game, i) => {
        const later = starts.filter((t) => t > (starts[i] as number));
        const until = later.length ? Math.min(...later) : undefined;
        const seen = until === undefined ? posts : posts.filter((p) => Date.parse(p.createdAt) <= until);
        cases.push({ name: `${set}/${thread}/${days[i]}`, game, posts: seen, parse, until });
      });
    }
  }
  return cases;
}

type Said = Pick<StateJson, 'machine'> & {
  result: { status: string };
  phase: { name: string; kind: string; endedAt: unknown; endReason: unknown } | null;
};

/** What the chart's state says, checked against what the state JSON says about the phase and the result. */
function disagreement(s: Said): string | null {
  const over = s.result.status === 'over';
  if ((s.machine === 'over') !== over) return `machine ${s.machine}, result ${s.result.status}`;
  if (over) return null;
  if (!s.phase) return s.machine === 'pregame' ? null : `machine ${s.machine} before any phase`;
  const want = `${s.phase.kind}.${s.phase.endedAt === null ? 'open' : 'ended'}`;
  if (s.machine !== want) return `machine ${s.machine}, phase ${s.phase.name} ended ${s.phase.endedAt}`;
  if ((s.phase.endReason === null) !== (s.phase.endedAt === null)) return `endReason ${s.phase.endReason}`;
  return null;
}

function lastInstant(c: Case): number {
  if (c.until !== undefined) return c.until;
  const times = c.posts.map((p) => Date.parse(p.editedAt ?? p.createdAt));
  for (const p of c.game.phases) times.push(Date.parse(p.deadline ?? p.start));
  return Math.max(...times) + 1;
}

/** Every step is checked; `json` says whether through the whole state JSON or the context fields it copies. */
function walkAll(c: Case, json = true): { steps: number; problems: string[] } {
  const fold = new GameFold(c.game, c.posts, c.parse);
  const problems: string[] = [];
  let steps = 0;
  for (const s of fold.steps(lastInstant(c))) {
    steps += 1;
    const said = json ? toStateJson(s.context, s.at, s.machine) : { ...s.context, machine: s.machine };
    const bad = disagreement(said);
    if (bad) problems.push(`${c.name} at ${new Date(s.at).toISOString()}: ${bad}`);
  }
  return { steps, problems };
}

const scenarios = [
  ...scenarioCases(join(root, 'test', 'scenarios')),
  ...scenarioCases(join(shared, 'spec', 'examples')),
];

describe('the chart and the state JSON never disagree', () => {
  it.each(scenarios.map((c) => [c.name, c] as const))(
    'scenario %s, at every instant where something can happen',
    (_, c) => {
      const r = walkAll(c);
      expect(r.problems).toEqual([]);
      expect(r.steps).toBeGreaterThan(0);
    },
  );

  it('after a deadline the state JSON says the day ended', () => {
    const game = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: Ava }, { name: Bea }, { name: Cid }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-03T00:00:00Z" }
  - { name: N1, start: "2026-03-03T12:00:00Z" }
`,
      'deadline.yaml',
    );
    const fold = new GameFold(game, []);
    const open = fold.advanceTo(Date.parse('2026-03-02T23:59:59Z'));
    expect(toStateJson(open.context, open.at, open.machine).machine).toBe('day.open');
    const s = fold.advanceTo(Date.parse('2026-03-03T00:00:00Z'));
    const json = toStateJson(s.context, s.at, s.machine);
    expect(json.phase).toMatchObject({ name: 'D1', endReason: 'deadline', endedAt: '2026-03-03T00:00:00Z' });
    expect(json.machine).toBe('day.ended');
  });

  it('every real-game day (../shared/eval-data), walked whole and at sampled instants', () => {
    const cases = realDayCases();
    expect(cases.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let steps = 0;
    for (const c of cases) {
      const r = walkAll(c, false);
      steps += r.steps;
      problems.push(...r.problems);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(steps).toBeGreaterThan(cases.length);
    // Random instants, not only the eventful ones: between events the state must agree as well.
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (c, us) => {
          const start = Date.parse(c.game.phases[0]?.start as string) - 1;
          const end = lastInstant(c);
          const fold = new GameFold(c.game, c.posts, c.parse);
          for (const u of [...us].sort((a, b) => a - b)) {
            const s = fold.advanceTo(Math.floor(start + u * (end - start)));
            expect(disagreement(toStateJson(s.context, s.at, s.machine))).toBeNull();
          }
        },
      ),
      { numRuns: 30, seed: 16 },
    );
  }, 600_000);
});
