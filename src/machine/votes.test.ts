import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { GameContext } from './context.js';
import { deadlineChoice } from './house-rules/no-majority.js';
import { initialContext } from './initial-context.js';
import { vanillaRuleset } from './rulesets/vanilla/index.js';
import {
  decidedOption,
  emptyDay,
  majorityOf,
  noLynchThresholdOf,
  setVote,
  thresholdOf,
  weightedTally,
} from './votes.js';

function game(options = '{}', players = 5): GameContext {
  const names = ['Ava', 'Bea', 'Cid', 'Dot', 'Eli', 'Fay', 'Gil'].slice(0, players);
  const yaml = `ruleset: vanilla
players:
${names.map((n) => `  - { name: ${n} }`).join('\n')}
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
options: ${options}
`;
  const ctx = initialContext(parseGameFile(yaml, 'test.yaml'), vanillaRuleset);
  return {
    ...ctx,
    day: emptyDay('D1', ctx.slots.length),
    phase: {
      index: 0,
      name: 'D1',
      kind: 'day',
      number: 1,
      startedAt: 0,
      deadline: null,
      endedAt: null,
      endReason: null,
    },
  };
}

function vote(ctx: GameContext, voter: number, target: number | 'no-lynch', seq: number): GameContext {
  return { ...ctx, day: setVote(ctx.day!, voter, { target, postId: `p${seq}`, at: seq, seq }) };
}

describe('R-V3 thresholds', () => {
  it('majority is ⌊alive/2⌋+1', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(majorityOf)).toEqual([1, 2, 2, 3, 3, 4, 4, 7]);
    expect(thresholdOf(game())).toBe(3);
  });
  it('a numeric threshold is also the default no-lynch threshold', () => {
    const ctx = game('{ threshold: 2 }');
    expect([thresholdOf(ctx), noLynchThresholdOf(ctx)]).toEqual([2, 2]);
  });
  it('majority-minus-one no-lynch threshold', () => {
    expect(noLynchThresholdOf(game('{ noLynchThreshold: majority-minus-one }', 6))).toBe(3);
  });
  it("threshold none never ends a day early (obsidian's default)", () => {
    let ctx = game('{ threshold: none }');
    for (const v of [0, 1, 2, 3, 4]) ctx = vote(ctx, v, 4, v + 1);
    expect(thresholdOf(ctx)).toBeNull();
    expect(decidedOption(ctx)).toBeNull();
  });
});

describe('hasReachedThreshold guard (decidedOption)', () => {
  it('decides the wagon that reaches the threshold, and not before', () => {
    let ctx = vote(vote(game(), 0, 4, 1), 1, 4, 2);
    expect(decidedOption(ctx)).toBeNull();
    ctx = vote(ctx, 2, 4, 3);
    expect(decidedOption(ctx)).toBe(4);
  });
  it('decides no lynch at its own threshold', () => {
    const ctx = vote(vote(game('{ noLynchThreshold: majority-minus-one }'), 0, 'no-lynch', 1), 1, 'no-lynch', 2);
    expect(decidedOption(ctx)).toBe('no-lynch');
  });
  it('ignores votes of dead players (R-V4)', () => {
    let ctx = vote(vote(vote(game(), 0, 4, 1), 1, 4, 2), 2, 4, 3);
    ctx = { ...ctx, slots: ctx.slots.map((s) => (s.index === 2 ? { ...s, alive: false } : s)) };
    expect(decidedOption(ctx)).toBeNull();
  });
});

describe('deadline outcomes', () => {
  it('no-lynch by default', () => {
    expect(deadlineChoice(vote(game(), 0, 1, 1))).toBeNull();
  });
  it('plurality: most votes; a tie for the most is no lynch', () => {
    let ctx = vote(vote(game('{ deadlineOutcome: plurality }'), 0, 1, 1), 2, 3, 2);
    expect(deadlineChoice(ctx)).toBeNull();
    ctx = vote(ctx, 4, 3, 3);
    expect(deadlineChoice(ctx)).toBe(3);
  });
  it('plurality with no lynch in the lead is no lynch', () => {
    const ctx = vote(vote(vote(game('{ deadlineOutcome: plurality }'), 0, 'no-lynch', 1), 1, 'no-lynch', 2), 2, 3, 3);
    expect(deadlineChoice(ctx)).toBe('no-lynch');
  });
});

describe('tally order (interfaces §5)', () => {
  it('count descending; equal counts: the wagon whose latest vote is older first; voters in voting order', () => {
    let ctx = game();
    ctx = vote(ctx, 0, 2, 1);
    ctx = vote(ctx, 1, 3, 2);
    ctx = vote(ctx, 2, 3, 3);
    ctx = vote(ctx, 3, 2, 4);
    ctx = vote(ctx, 4, 0, 5);
    const t = weightedTally(ctx, ctx.day!);
    expect(t.wagons.map((w) => [w.target, w.voters])).toEqual([
      [3, [1, 2]],
      [2, [0, 3]],
      [0, [4]],
    ]);
    expect(t.notVoting).toEqual([]);
  });
});
