import { describe, expect, it } from 'vitest';
import { OBSIDIAN_NIGHT_TABLE } from '../../src/machine/rulesets/obsidian/night-table.js';
import { promptsByPriority } from '../../src/machine/rulesets/obsidian/night-table-types.js';
import { afterNight, alive, obsidianGame, pm, resultOf } from './helpers.js';

const game = obsidianGame();

describe('the priority table, one row at a time', () => {
  it('lists the six rows in the rules file order, as data', () => {
    const rows = promptsByPriority(OBSIDIAN_NIGHT_TABLE, { scanner: 'lone' }).map((p) => [p.priority, p.id]);
    expect(rows).toEqual([
      [1, 'enforce'],
      [2, 'stabilize'],
      [3, 'shield'],
      [4, 'analyze'],
      [5, 'scan'],
      [6, 'compromise'],
    ]);
  });

  it('#1 Enforcer: the target’s action does not resolve this night', () => {
    const posts = [pm('Ren', 'N1', 'Target: Jet'), pm('Jet', 'N1', 'Target: Pip')];
    const { state } = afterNight(game, posts, 'N1');
    expect(resultOf(state, 'N1', 'Ren', 'enforce')).toMatchObject({ target: 'Jet', result: 'enforced' });
    expect(resultOf(state, 'N1', 'Jet', 'analyze')).toMatchObject({ target: 'Pip', result: 'no result' });
  });

  it('#2 Stabilizer: the target is immune to the compromise tonight', () => {
    const posts = [pm('Kit', 'N1', 'Target: Lux'), pm('Ink', 'N1', 'Kill: Lux')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Lux')).toBe(true);
    expect(resultOf(state, 'N1', 'Ink', 'compromise')).toMatchObject({ target: 'Lux', result: 'stabilized' });
    expect(state.eliminations).toEqual([]);
  });

  it('#3 Shield: if the target is compromised, the Shield node is removed instead', () => {
    const posts = [pm('Sol', 'N1', 'Target: Lux'), pm('Ink', 'N1', 'Kill: Lux')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Lux')).toBe(true);
    expect(state.players.find((p) => p.name === 'Sol')).toMatchObject({
      alive: false,
      cause: 'compromise',
      diedAt: '2026-03-03T00:00:00Z',
    });
    expect(resultOf(state, 'N1', 'Sol', 'shield')).toMatchObject({ result: 'absorbed' });
  });

  it('#4 Analyst: learns obsidian / network, and the Leader reads network', () => {
    const posts = [pm('Jet', 'N1', 'Target: Pip'), pm('Jet', 'N2', 'Target: Ink'), pm('Jet', 'N3', 'Target: Lux')];
    const { state } = afterNight(game, posts, 'N3');
    expect(resultOf(state, 'N1', 'Jet', 'analyze')?.result).toBe('obsidian');
    expect(resultOf(state, 'N2', 'Jet', 'analyze')?.result).toBe('network');
    expect(resultOf(state, 'N3', 'Jet', 'analyze')?.result).toBe('network');
  });

  it('#5 Scanner: learns the exact role; the Leader’s mask does not apply', () => {
    const posts = [pm('Oak', 'N1', 'Target: Ink'), pm('Oak', 'N2', 'Target: Kit')];
    const { state } = afterNight(game, posts, 'N2');
    expect(resultOf(state, 'N1', 'Oak', 'scan')?.result).toBe('Leader');
    expect(resultOf(state, 'N2', 'Oak', 'scan')?.result).toBe('Stabilizer');
  });

  it('#6 Obsidian: the compromise removes an unprotected target at the night’s end', () => {
    const { state } = afterNight(game, [pm('Ink', 'N1', 'Kill: Max')], 'N1');
    expect(state.eliminations).toEqual([
      {
        name: 'Max',
        at: '2026-03-03T00:00:00Z',
        cause: 'compromise',
        phase: 'N1',
        flip: { faction: 'network', role: 'Citizen' },
      },
    ]);
    expect(resultOf(state, 'N1', 'Ink', 'compromise')?.result).toBe('removed');
  });

  it('#6 Obsidian: the compromise fails if the Leader is enforced', () => {
    const posts = [pm('Ren', 'N1', 'Target: Ink'), pm('Ink', 'N1', 'Kill: Max')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Max')).toBe(true);
    expect(resultOf(state, 'N1', 'Ink', 'compromise')).toMatchObject({ target: 'Max', result: 'no result' });
  });

  it('results are listed in priority order, whatever order the PMs came in', () => {
    const posts = [
      pm('Ink', 'N1', 'Kill: Max', 1),
      pm('Oak', 'N1', 'Target: Jet', 2),
      pm('Jet', 'N1', 'Target: Oak', 3),
      pm('Kit', 'N1', 'Target: Kit', 4),
    ];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.nightResults.map((r) => r.action)).toEqual(['stabilize', 'analyze', 'scan', 'compromise']);
  });
});
