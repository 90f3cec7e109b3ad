import { describe, expect, it } from 'vitest';
import { advancePlan, initialPlan } from '../../src/app/drafts/plan.js';
import { gameFileSchema } from '../../src/domain/game-file.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { roleWords } from '../../src/reporter/flip.js';

// Issue 15: a night kill recorded as a game-file event inside the night is counted, and the day-start draft says
// who died (it said "Nobody died in the night").
const game = gameFileSchema().parse({
  ruleset: 'vanilla',
  moderator: 'Mod',
  players: ['Ava', 'Bea', 'Cid', 'Dot', 'Eve'].map((name) => ({ name, faction: name === 'Bea' ? 'mafia' : 'town' })),
  phases: [
    { name: 'D1', start: '2026-03-02T00:00:00Z', deadline: '2026-03-03T00:00:00Z' },
    { name: 'N1', start: '2026-03-03T00:00:00Z', deadline: '2026-03-04T00:00:00Z' },
    { name: 'D2', start: '2026-03-04T00:00:00Z', deadline: '2026-03-05T00:00:00Z' },
  ],
  events: [{ at: '2026-03-03T12:00:00Z', kill: 'Cid', cause: 'nightkill' }],
});
const input = { game, posts: [], parse: extractActions, format: 'text' as const, debounceMs: 600_000 };

describe('night kill as a game-file event: the day-start draft names the death', () => {
  it('planned in one go', () => {
    const r = advancePlan(input, initialPlan(Date.parse('2026-03-01T23:59:59Z')), Date.parse('2026-03-04T01:00:00Z'));
    const start = r.drafts.find((d) => d.kind === 'day-start' && d.phase === 'D2')!;
    expect(start.text).toMatch(/Cid.* died \(nightkill\)/);
    expect(start.text).not.toMatch(/Nobody died in the night/);
  });
  it('planned across polls, one of them inside the night after the kill', () => {
    let state = initialPlan(Date.parse('2026-03-01T23:59:59Z'));
    const drafts = [];
    for (const to of ['2026-03-03T13:00:00Z', '2026-03-04T01:00:00Z']) {
      const r = advancePlan(input, state, Date.parse(to));
      drafts.push(...r.drafts);
      state = r.state;
    }
    const start = drafts.find((d) => d.kind === 'day-start' && d.phase === 'D2')!;
    expect(start.text).toMatch(/Cid.* died \(nightkill\)/);
    expect(start.text).not.toMatch(/Nobody died in the night/);
  });
});

describe('"unknown faction unknown role" and "town no role" wording', () => {
  it('a flip without a role reads as the forums say it; what the file does not give is said so', () => {
    expect(roleWords('town', null)).toBe('Vanilla Townie');
    expect(roleWords('mafia', null)).toBe('Mafia Goon');
    expect(roleWords('sk', null)).toBe('sk, no power role');
    expect(roleWords(null, null)).toBe('[flip: ?]');
    expect(roleWords('town', 'Cop')).toBe('town Cop');
    const r = advancePlan(input, initialPlan(Date.parse('2026-03-01T23:59:59Z')), Date.parse('2026-03-04T01:00:00Z'));
    expect(r.drafts.find((d) => d.kind === 'day-start' && d.phase === 'D2')!.text).toMatch(
      /They were Vanilla Townie\./,
    );
  });
});
