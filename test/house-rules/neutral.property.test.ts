import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameFile } from '../../src/domain/game-file.js';
import type { StateJson } from '../../src/domain/state.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { text } from '../../src/reporter/markup.js';
import { renderVoteCount } from '../../src/reporter/render-vote-count.js';
import { foldOf } from '../../src/reporter/replay.js';
import { buildVoteCountModel } from '../../src/reporter/vote-count-model.js';
import { type Case, lastInstant, realDayCases, root, scenarioCases, shared } from '../helpers/game-cases.js';

// Issue 13: with all weights 1 and no modifiers nothing changes. Three checks at sampled instants of every
// scenario and of every real game (each day of each of the 66 threads at its end, and sampled instants of
// sampled days): (1) a game without house rules counts one vote per voter (count = voters, weights 1, needed =
// threshold, publicCount = count); (2) spelling the neutral house rules out (voteWeight 1, no modifiers, no lock,
// self-votes allowed, no tie-break, votes carried, majority from day 0, the full count's defaults) gives exactly
// the same state JSON as leaving them out; (3) and exactly the same vote-count draft, and in a game without
// house rules that draft's wagons are the unweighted ones (each voter once, the count their number).

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
      votesOnReplaced: o.votesOnReplaced ?? 'carry',
      majorityFromDay: o.majorityFromDay ?? 0,
      countActivity: o.countActivity ?? false,
      voteCount: {
        changes: false,
        history: false,
        through: true,
        previousCounts: false,
        lMinus: 'every',
        ...o.voteCount,
      },
      countRequests: o.countRequests ?? true,
      countRequestCooldown: o.countRequestCooldown ?? 60,
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
    const draft = renderVoteCount(buildVoteCountModel(a.context, a.at, { posts: info }), text);
    expect(renderVoteCount(buildVoteCountModel(b.context, b.at, { posts: info }), text)).toBe(draft);
    if (!hasHouseRules(c.game)) expect(wagonLines(draft)).toEqual(unweightedLines(sa));
  }
}

const info = new Map();

/** The draft's wagon lines without their L-n: `Bea (2): Ava, Cid`. */
const wagonLines = (draft: string) =>
  draft
    .split('\n')
    .filter((l) => / \(\d+\): /.test(l) && !/^(No lynch|Not voting) /.test(l))
    .map((l) => l.replace(/ {2}— .*$/, ''));

/** Today's count of the state: each voter once, the wagon's count the number of its voters. */
const unweightedLines = (s: StateJson) =>
  s.votes.wagons.map((w) => `${shownName(s)(w.target)} (${w.voters.length}): ${w.voters.map(shownName(s)).join(', ')}`);

const shownName = (s: StateJson) => (name: string) => {
  const p = s.players.find((x) => x.name === name);
  const former = p?.formerNames.at(-1);
  return former ? `${name} (replaced ${former})` : name;
};

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

  it('every real-game day at its end (../shared/eval-data: all 66 threads)', () => {
    const cases = realDayCases();
    expect(new Set(cases.map((c) => c.name.split('/').slice(0, 2).join('/'))).size).toBe(66);
    for (const c of cases) checkAt(c, [1]);
  }, 900_000);

  it('sampled instants of sampled real-game days (../shared/eval-data)', () => {
    const cases = realDayCases();
    expect(cases.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...cases), instants, (c, us) => checkAt(c, us)),
      { numRuns: 25, seed: 13 },
    );
  }, 600_000);
});
