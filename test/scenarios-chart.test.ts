import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../src/app/load-game-file.js';
import type { StateJson } from '../src/domain/state.js';
import { toStateJson } from '../src/machine/to-state-json.js';
import { foldOf } from '../src/reporter/replay.js';
import { type Case, lastInstant, realDayCases, root, scenarioCases, shared } from './helpers/game-cases.js';

// Issue 16 item 2: the chart owns the phases, so its state never disagrees with phase.endedAt / endReason /
// result: over every scenario and every real-game day, at every instant where something can happen.

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

/** Every step is checked; `json` says whether through the whole state JSON or the context fields it copies. */
function walkAll(c: Case, json = true): { steps: number; problems: string[] } {
  const fold = foldOf(c.game, c.posts, c.parse);
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
    const fold = foldOf(game, []);
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
          const fold = foldOf(c.game, c.posts, c.parse);
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
