import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameFile } from '../../src/domain/game-file.js';
import type { StateJson } from '../../src/domain/state.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { foldOf } from '../../src/reporter/replay.js';
import { type Case, lastInstant, realDayCases, root, scenarioCases, shared } from '../helpers/game-cases.js';

// Issue 13: with all weights 1 and no modifiers nothing changes. Two checks at sampled instants of every
// scenario and of sampled real-game days: (1) a game without house rules counts one vote per voter (count =
// voters, weights 1, needed = threshold, publicCount = count); (2) spelling the neutral house rules out
// (voteWeight 1, no modifiers, no lock, self-votes allowed, no tie-break, votes carried, majority from day 0)
// gives exactly the same state JSON as leaving them out.

/** The game with every house rule it does not set spelled out at its neutral value. */
function neutral(g: GameFile): GameFile {
  const o = g.options;
  return {
    ...g,
    players: g.players.map((p) => ({ ...p, voteWeight: p.voteWeight ?? 1, modifiers: p.modifiers ?? [] })),
    options: {
      ...o,
      hideVoteWeights: o.hideVoteWeights ?? false,
      voteLock: o.voteLock ?? false,
      selfVote: o.selfVote ?? true,
      tieBreak: o.tieBreak ?? 'none',
      replacementVotes: o.replacementVotes ?? 'carry',
      majorityFromDay: o.majorityFromDay ?? 0,
    },
  };
}

const hasHouseRules = (g: GameFile) =>
  g.players.some((p) => (p.voteWeight ?? 1) !== 1 || (p.modifiers?.length ?? 0) > 0) ||
  g.options.hideVoteWeights !== undefined;

function oneVotePerVoter(s: StateJson): void {
  for (const w of s.votes.wagons) {
    expect(w.count).toBe(w.voters.length);
    expect(w.weights).toEqual(w.voters.map(() => 1));
    expect(w.publicCount).toBe(w.count);
    expect(w.needed).toBe(s.votes.threshold);
  }
  expect(s.votes.noLynch.count).toBe(s.votes.noLynch.voters.length);
  expect(s.players.every((p) => p.voteWeight === 1 && p.modifiers.length === 0)).toBe(true);
}

function checkAt(c: Case, us: number[]): void {
  const start = Date.parse(c.game.phases[0]?.start as string) - 1;
  const end = lastInstant(c);
  const plain = foldOf(c.game, c.posts, c.parse);
  const spelled = foldOf(neutral(c.game), c.posts, c.parse);
  for (const u of [...us].sort()) {
    const at = Math.floor(start + u * (end - start));
    const a = plain.advanceTo(at);
    const b = spelled.advanceTo(at);
    const sa = toStateJson(a.context, a.at, a.machine);
    if (!hasHouseRules(c.game)) oneVotePerVoter(sa);
    expect(toStateJson(b.context, b.at, b.machine)).toEqual(sa);
  }
}

const instants = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 });

describe('house rules change nothing by default', () => {
  const scenarios = [
    ...scenarioCases(join(root, 'test', 'scenarios')),
    ...scenarioCases(join(shared, 'spec', 'examples')),
  ];

  it('every scenario, at sampled instants and at its end', () => {
    expect(scenarios.length).toBeGreaterThan(30);
    for (const c of scenarios) {
      checkAt(c, [1]);
      fc.assert(
        fc.property(instants, (us) => checkAt(c, us)),
        { numRuns: 3, seed: 13 },
      );
    }
  }, 300_000);

  it('sampled real-game days (../shared/eval-data)', () => {
    const cases = realDayCases();
    expect(cases.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...cases), instants, (c, us) => checkAt(c, us)),
      { numRuns: 25, seed: 13 },
    );
  }, 600_000);
});
