import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advancePlan, initialPlan } from '../../src/app/drafts/plan.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';
import { root, scenarioCases } from '../helpers/game-cases.js';

// The planner's vote-count drafts use the one weighted count (H-VM1 double voter, H-VM7 split votes, H-VM2 hidden
// weights): every wagon line of every drafted count says what the state's wagon says at the draft's instant.
const cases = scenarioCases(join(root, 'test', 'scenarios')).filter((c) =>
  ['house-h-vm1-double-voter', 'house-h-vm2-hidden-weight', 'house-h-vm7-split-vote', 'house-h-vm3-loved'].includes(
    c.name,
  ),
);

describe('drafted counts are the weighted count', () => {
  it('finds its scenarios', () => expect(cases).toHaveLength(4));

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const start = Date.parse(c.game.phases[0]!.start) - 1;
    const end = Date.parse(c.game.phases[0]!.deadline!) - 1;
    const input = { game: c.game, posts: c.posts, parse: c.parse, format: 'text' as const, debounceMs: 60_000 };
    const counts = advancePlan(input, initialPlan(start), end).drafts.filter((d) => d.kind === 'vote-count');
    expect(counts.length).toBeGreaterThan(1);
    for (const d of counts) {
      const r = replay(c.game, c.posts, { at: d.at });
      const s = toStateJson(r.context, r.at);
      const lines = d.text.split('\n').filter((l) => /^\S.* \(\d+\): /.test(l) && !/^(No lynch|Not voting) /.test(l));
      const want = s.votes.wagons.map((w) => {
        const voters = w.voters.map((v, i) =>
          w.weights[i] === 1 || c.game.options.hideVoteWeights ? v : `${v} (x${w.weights[i]})`,
        );
        return `${w.target} (${w.publicCount}): ${voters.join(', ')}`;
      });
      expect(lines.map((l) => l.replace(/ {2}— .*$/, ''))).toEqual(want);
    }
  });
});
