import { describe, expect, it } from 'vitest';
import { afterNight, alive, flagCodes, inPhase, obsidianGame, pm, resultOf, run } from './helpers.js';

const game = obsidianGame();

describe('O-T2 / O-T3 roles and their night actions', () => {
  it('O-T2 the Leader picks the final compromise target over another node’s Kill', () => {
    const posts = [pm('Pip', 'N1', 'Kill: Lux', 1), pm('Ink', 'N1', 'Kill: Max', 2), pm('Pip', 'N1', 'Kill: Jet', 3)];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations.map((e) => e.name)).toEqual(['Max']);
  });

  it('O-T2 an Infiltrator has no Target action; O-T3 a Citizen has none either', () => {
    const posts = [pm('Pip', 'N1', 'Target: Lux'), pm('Lux', 'N1', 'Target: Ink')];
    const { state } = afterNight(game, posts, 'N1');
    expect(flagCodes(state)).toEqual(['action-not-allowed', 'action-not-allowed']);
    expect(state.nightResults).toEqual([]);
  });

  it('O-T3 a network node cannot send the compromise', () => {
    const { state } = afterNight(game, [pm('Jet', 'N1', 'Kill: Ink')], 'N1');
    expect(flagCodes(state)).toEqual(['action-not-allowed']);
    expect(alive(state, 'Ink')).toBe(true);
  });

  it('the last Target a player sends before the night ends counts; a PM after it is flagged', () => {
    const posts = [
      pm('Jet', 'N1', 'Target: Lux', 1),
      pm('Jet', 'N1', 'Target: Pip', 5),
      pm('Jet', 'N1', 'Target: Max', 24),
    ];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.nightResults).toEqual([
      { phase: 'N1', actor: 'Jet', action: 'analyze', target: 'Pip', result: 'obsidian' },
    ]);
    expect(flagCodes(state)).toEqual(['action-wrong-phase']);
  });

  it('a dead node’s PM and a PM naming a dead node are flagged, not recorded', () => {
    const posts = [pm('Ink', 'N1', 'Kill: Jet'), pm('Jet', 'N2', 'Target: Ink'), pm('Kit', 'N2', 'Target: Jet')];
    const { state } = afterNight(game, posts, 'N2');
    expect(flagCodes(state)).toEqual(['actor-dead', 'target-dead']);
    expect(state.nightResults.filter((r) => r.phase === 'N2')).toEqual([]);
  });
});

describe('O-T5 / O-N0 phases and the registry', () => {
  it('O-T5 N0 is setup, N1 a night, D1 a day', () => {
    expect(run(game, [], inPhase('N0')).state.phase).toMatchObject({ name: 'N0', kind: 'setup', number: 0 });
    expect(run(game, [], inPhase('N1')).state.phase).toMatchObject({ name: 'N1', kind: 'night', number: 1 });
    expect(run(game, [], inPhase('D1')).state.phase).toMatchObject({ name: 'D1', kind: 'day', number: 1 });
  });

  it('O-N0 nothing resolves on the registry night: its PMs are flagged', () => {
    const posts = [pm('Ink', 'N0', 'Kill: Lux'), pm('Jet', 'N0', 'Target: Ink')];
    const { state } = run(game, posts, inPhase('N1', 2));
    expect(flagCodes(state)).toEqual(['action-wrong-phase', 'action-wrong-phase']);
    expect(state.nightResults).toEqual([]);
    expect(state.eliminations).toEqual([]);
  });
});

describe('O-R1..O-R7 interactions', () => {
  it('O-R1 an enforced role’s action has no effect and its actor receives "no result"', () => {
    const posts = [pm('Ren', 'N1', 'Target: Kit'), pm('Kit', 'N1', 'Target: Lux'), pm('Ink', 'N1', 'Kill: Lux')];
    const { state } = afterNight(game, posts, 'N1');
    expect(resultOf(state, 'N1', 'Kit', 'stabilize')).toMatchObject({ target: 'Lux', result: 'no result' });
    expect(alive(state, 'Lux')).toBe(false);
  });

  it('O-R1 an enforced actor who sent nothing still receives "no result"', () => {
    const { state } = afterNight(game, [pm('Ren', 'N1', 'Target: Jet')], 'N1');
    expect(resultOf(state, 'N1', 'Jet', 'analyze')).toEqual({
      phase: 'N1',
      actor: 'Jet',
      action: 'analyze',
      target: null,
      result: 'no result',
    });
  });

  it('O-R2 enforced Leader → no compromise, even when another node sent the Kill', () => {
    const posts = [pm('Ren', 'N1', 'Target: Ink'), pm('Pip', 'N1', 'Kill: Lux')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Lux')).toBe(true);
    expect(resultOf(state, 'N1', 'Pip', 'compromise')?.result).toBe('no result');
  });

  it('O-R2 enforcing a non-Leader node that sent the Kill does not stop the compromise', () => {
    const posts = [pm('Ren', 'N1', 'Target: Pip'), pm('Pip', 'N1', 'Kill: Lux')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Lux')).toBe(false);
  });

  it('O-R2 Scanner enforced → no result, and the compromise still happens', () => {
    const posts = [pm('Ren', 'N1', 'Target: Oak'), pm('Oak', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Max')];
    const { state } = afterNight(game, posts, 'N1');
    expect(resultOf(state, 'N1', 'Oak', 'scan')).toMatchObject({ target: 'Jet', result: 'no result' });
    expect(alive(state, 'Max')).toBe(false);
  });

  it('O-R3 bodyguard (default): the Shield node takes the compromise and is removed, the target stays', () => {
    const posts = [pm('Sol', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Jet')];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations.map((e) => [e.name, e.cause])).toEqual([['Sol', 'compromise']]);
    expect(resultOf(state, 'N1', 'Ink', 'compromise')?.result).toBe('shielded');
  });

  it('O-R3 bodyguard: a Shield on itself cannot take its own hit and is removed', () => {
    const posts = [pm('Sol', 'N1', 'Target: Sol'), pm('Ink', 'N1', 'Kill: Sol')];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations.map((e) => e.name)).toEqual(['Sol']);
    expect(resultOf(state, 'N1', 'Ink', 'compromise')?.result).toBe('removed');
  });

  it('O-R3 layer: nobody is removed, and the Shield has no more shields for the rest of the game', () => {
    const layer = obsidianGame({ options: { shield: 'layer' } });
    const posts = [
      pm('Sol', 'N1', 'Target: Jet'),
      pm('Ink', 'N1', 'Kill: Jet'),
      pm('Sol', 'N2', 'Target: Jet'),
      pm('Ink', 'N2', 'Kill: Jet'),
    ];
    const n1 = afterNight(layer, posts, 'N1').state;
    expect(n1.eliminations).toEqual([]);
    expect(resultOf(n1, 'N1', 'Sol', 'shield')?.result).toBe('absorbed');
    const n2 = afterNight(layer, posts, 'N2').state;
    expect(flagCodes(n2)).toEqual(['action-spent']);
    expect(n2.eliminations.map((e) => [e.name, e.phase])).toEqual([['Jet', 'N2']]);
  });

  it('O-R3 Shield enforced → its protection does not apply', () => {
    const posts = [pm('Ren', 'N1', 'Target: Sol'), pm('Sol', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Jet')];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations.map((e) => e.name)).toEqual(['Jet']);
    expect(resultOf(state, 'N1', 'Sol', 'shield')?.result).toBe('no result');
  });

  it('O-R4 stabilized and shielded → nobody removed and the shield kept (bodyguard)', () => {
    const posts = [pm('Kit', 'N1', 'Target: Jet'), pm('Sol', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Jet')];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations).toEqual([]);
    expect(resultOf(state, 'N1', 'Sol', 'shield')?.result).toBe('shielded');
    expect(resultOf(state, 'N1', 'Ink', 'compromise')?.result).toBe('stabilized');
  });

  it('O-R4 stabilized and shielded → the layer shield is not consumed', () => {
    const layer = obsidianGame({ options: { shield: 'layer' } });
    const posts = [
      pm('Kit', 'N1', 'Target: Jet'),
      pm('Sol', 'N1', 'Target: Jet'),
      pm('Ink', 'N1', 'Kill: Jet'),
      pm('Sol', 'N2', 'Target: Lux'),
      pm('Ink', 'N2', 'Kill: Lux'),
    ];
    const { state, ctx } = afterNight(layer, posts, 'N2');
    expect(state.eliminations).toEqual([]);
    expect(resultOf(state, 'N2', 'Sol', 'shield')?.result).toBe('absorbed');
    expect((ctx.ext.obsidian as { shieldsSpent: number[] }).shieldsSpent).toEqual([5]);
  });

  it('O-R5 linked Scanner: the scan result is the same as lone', () => {
    const linked = obsidianGame({ options: { scanner: 'linked' } });
    const posts = [pm('Oak', 'N1', 'Target: Kit'), pm('Ink', 'N1', 'Kill: Max')];
    const lone = afterNight(game, posts, 'N1').state;
    const link = afterNight(linked, posts, 'N1').state;
    expect(link.nightResults).toEqual(lone.nightResults);
    expect(resultOf(link, 'N1', 'Oak', 'scan')?.result).toBe('Stabilizer');
  });

  it('O-R6 self-targeting: allowed for Stabilizer and Shield, not for the Enforcer', () => {
    const posts = [pm('Kit', 'N1', 'Target: Kit'), pm('Ren', 'N1', 'Target: Ren'), pm('Ink', 'N1', 'Kill: Kit')];
    const { state } = afterNight(game, posts, 'N1');
    expect(alive(state, 'Kit')).toBe(true);
    expect(flagCodes(state)).toEqual(['target-self']);
    expect(resultOf(state, 'N1', 'Ren', 'enforce')).toBeUndefined();
  });

  it('O-R6 [config] selfTarget lists the roles that may target themselves', () => {
    const g = obsidianGame({ options: { selfTarget: ['Enforcer'] } });
    const posts = [pm('Kit', 'N1', 'Target: Kit'), pm('Ren', 'N1', 'Target: Ren')];
    const { state } = afterNight(g, posts, 'N1');
    expect(flagCodes(state)).toEqual(['target-self']);
    expect(resultOf(state, 'N1', 'Ren', 'enforce')?.result).toBe('enforced');
  });

  it('O-R7 with no Kill from the Leader, the last Kill of any Obsidian node counts', () => {
    const posts = [pm('Pip', 'N1', 'Kill: Lux', 1), pm('Oak', 'N1', 'Kill: Max', 2)];
    const { state } = afterNight(game, posts, 'N1');
    expect(state.eliminations.map((e) => e.name)).toEqual(['Max']);
    expect(resultOf(state, 'N1', 'Oak', 'compromise')?.result).toBe('removed');
  });

  it('O-R7 a named successor becomes Leader with the mask, and enforcing them stops the compromise', () => {
    const g = obsidianGame({
      successors: ['Pip', 'Oak'],
      events: [{ at: inPhase('D1', 2), kill: 'Ink', cause: 'purge' }],
    });
    const posts = [
      pm('Jet', 'N2', 'Target: Pip'),
      pm('Oak', 'N2', 'Target: Pip'),
      pm('Ren', 'N3', 'Target: Pip'),
      pm('Oak', 'N3', 'Kill: Lux'),
    ];
    const { state, ctx } = afterNight(g, posts, 'N3');
    expect((ctx.ext.obsidian as { leader: number }).leader).toBe(2);
    expect(resultOf(state, 'N2', 'Jet', 'analyze')?.result).toBe('network');
    expect(resultOf(state, 'N2', 'Oak', 'scan')?.result).toBe('Leader');
    expect(alive(state, 'Lux')).toBe(true);
  });

  it('O-R7 successors are skipped when dead; a successor that is not a player is a game-file error', () => {
    const g = obsidianGame({ successors: ['Pip', 'Oak'], events: [{ at: inPhase('D1', 2), kill: 'Ink' }] });
    const posts = [pm('Ink', 'N1', 'Kill: Pip'), pm('Jet', 'N2', 'Target: Oak')];
    const { ctx, state } = afterNight(g, posts, 'N2');
    expect((ctx.ext.obsidian as { leader: number }).leader).toBe(1);
    expect(resultOf(state, 'N2', 'Jet', 'analyze')?.result).toBe('network');
    expect(() => run(obsidianGame({ successors: ['Zed'] }), [], inPhase('N1'))).toThrow(/successors\[0\]|not a player/);
  });
});
