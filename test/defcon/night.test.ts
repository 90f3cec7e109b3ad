import { describe, expect, it } from 'vitest';
import type { StateJson } from '../../src/domain/state.js';
import { CAST, dayStart, defconGame, flagCodes, nightStart, player, pm, say, stateAt } from './helpers.js';

const game = defconGame(CAST);
const N1 = nightStart(1);
const N2 = nightStart(2);
const result = (s: StateJson, actor: string) => s.nightResults.filter((r) => r.actor === actor).map((r) => r.result);

describe('night roles (R-R1..R-R8)', () => {
  it('R-R1 the Fighter learns the role name only: no faction, no silo mode; a Submarine shows as Submarine on N3', () => {
    const s = stateAt(game, [pm('Cid', N1 + 1, 'Target: Fay')], dayStart(2));
    expect(s.nightResults).toEqual([
      { phase: 'N1', actor: 'Cid', action: 'fighter', target: 'Fay', result: 'Missile Silo' },
    ]);
    const n3 = stateAt(game, [pm('Cid', nightStart(3) + 1, 'Target: Kit')], dayStart(4));
    expect(result(n3, 'Cid')).toEqual(['Submarine']);
  });

  it('R-R2 Espionage names a player and a faction and learns yes or no', () => {
    const posts = [
      pm('Ivy', N1 + 1, 'Guess: Bea mafia'),
      pm('Ivy', N2 + 1, 'Guess: Gus town'),
      pm('Ivy', nightStart(3) + 1, 'Guess: Gus'),
    ];
    const s = stateAt(game, posts, dayStart(4));
    expect(result(s, 'Ivy')).toEqual(['yes', 'no']);
    expect(flagCodes(s)).toEqual(['guess-invalid']);
  });

  it('R-R3 Special Ops on a non-ABM target reveals itself to the target; an ABM silo is sabotaged and not told', () => {
    const s = stateAt(game, [pm('Gus', N1 + 1, 'Target: Cid')], dayStart(2));
    expect(s.nightResults).toEqual([
      { phase: 'N1', actor: 'Gus', action: 'special-ops', target: 'Cid', result: 'revealed' },
      { phase: 'N1', actor: 'Cid', action: 'special-ops-reveal', target: 'Gus', result: 'Gus (Special Ops)' },
    ]);
    const abm = stateAt(game, [pm('Gus', N1 + 1, 'Target: Fay')], dayStart(2));
    expect(abm.nightResults.map((r) => r.actor)).toEqual(['Gus']);
  });

  it('R-R4 the Carrier makes the target’s night actions fail and blocks its launches the next day', () => {
    const N3 = nightStart(3);
    const posts = [
      pm('Hal', N2 + 1, 'Target: Ava'),
      pm('Hal', N3 + 1, 'Target: Cid'),
      pm('Cid', N3 + 2, 'Target: Bea'),
      say('Ava', dayStart(3) + 1, 'Nuke: Bea'),
      say('Ava', dayStart(4) + 1, 'Nuke: Bea'),
    ];
    const s = stateAt(game, posts, dayStart(4) + 2);
    expect(flagCodes(s)).toEqual(['nuke-blocked']);
    expect(s.missiles.map((m) => m.launchedAt)).toEqual(['2026-03-12T01:00:00Z']);
    expect(result(s, 'Cid')).toEqual(['no result']);
    expect(result(s, 'Hal')).toEqual(['blocked', 'blocked']);
  });

  it('R-R4 a blocked Carrier’s block fails; two Carriers blocking each other both fail', () => {
    const two = defconGame([...CAST, { name: 'Ned', faction: 'mafia', role: 'Aircraft Carrier' }]);
    const chain = stateAt(
      two,
      [pm('Ned', N1 + 1, 'Target: Hal'), pm('Hal', N1 + 2, 'Target: Cid'), pm('Cid', N1 + 3, 'Target: Ava')],
      dayStart(2),
    );
    expect([result(chain, 'Ned'), result(chain, 'Hal'), result(chain, 'Cid')]).toEqual([
      ['blocked'],
      ['no result'],
      ['Missile Silo'],
    ]);
    const mutual = stateAt(two, [pm('Ned', N1 + 1, 'Target: Hal'), pm('Hal', N1 + 2, 'Target: Ned')], dayStart(2));
    expect([result(mutual, 'Ned'), result(mutual, 'Hal')]).toEqual([['no result'], ['no result']]);
  });

  it('R-R5 the Battleship stops one night kill, not two, and not missiles', () => {
    const saved = stateAt(game, [pm('Dot', N2 + 1, 'Target: Ava'), pm('Bea', N2 + 2, 'Kill: Ava')], dayStart(3));
    expect(player(saved, 'Ava').alive).toBe(true);
    expect(result(saved, 'Bea')).toEqual(['no result']);
    const both = stateAt(
      game,
      [pm('Dot', N2 + 1, 'Target: Ava'), pm('Bea', N2 + 2, 'Kill: Ava'), pm('Gus', N2 + 3, 'Kill: Ava')],
      dayStart(3),
    );
    expect(player(both, 'Ava')).toMatchObject({ alive: false, cause: 'nightkill' });
    const missile = stateAt(
      game,
      [say('Bea', dayStart(3) + 30, 'Nuke: Ava'), pm('Dot', nightStart(3) + 1, 'Target: Ava')],
      dayStart(4) + 10,
    );
    expect(player(missile, 'Ava')).toMatchObject({ alive: false, cause: 'missile' });
  });

  it('R-R6 the Radar sees whom the target targeted and who targeted it, but not night kills', () => {
    const posts = [
      pm('Eve', N2 + 1, 'Target: Cid'),
      pm('Cid', N2 + 2, 'Target: Ava'),
      pm('Ivy', N2 + 3, 'Guess: Cid town'),
      pm('Bea', N2 + 4, 'Kill: Cid'),
      pm('Dot', N2 + 5, 'Target: Cid'),
    ];
    const s = stateAt(game, posts, dayStart(3));
    expect(result(s, 'Eve')).toEqual(['targeted Ava; targeted by Ivy, Dot']);
  });

  it('R-R7 the Air Base is immune to every night action but the kill; that also turns away protection', () => {
    const posts = [
      pm('Cid', N2 + 1, 'Target: Jon'),
      pm('Dot', N2 + 2, 'Target: Jon'),
      pm('Ivy', N2 + 3, 'Guess: Jon town'),
      pm('Bea', N2 + 4, 'Kill: Jon'),
      pm('Hal', N2 + 5, 'Target: Jon'),
    ];
    const s = stateAt(game, posts, dayStart(3));
    expect(result(s, 'Cid')).toEqual(['no result']);
    expect(result(s, 'Ivy')).toEqual(['no result']);
    expect(result(s, 'Dot')).toEqual(['no result']);
    expect(result(s, 'Hal')).toEqual(['no result']);
    expect(player(s, 'Jon')).toMatchObject({ alive: false, cause: 'nightkill', diedAt: '2026-03-09T00:00:00Z' });
  });

  it('R-R8 night kills from N2: kill-too-early on N1; only mafia and sk kill; the last Kill of a faction counts', () => {
    const posts = [
      pm('Bea', N1 + 1, 'Kill: Ava'),
      pm('Cid', N2 + 1, 'Kill: Ava'),
      pm('Bea', N2 + 2, 'Kill: Ava'),
      pm('Eve', N2 + 3, 'Kill: Dot'),
    ];
    const s = stateAt(game, posts, dayStart(3));
    expect(flagCodes(s)).toEqual(['kill-too-early', 'action-not-allowed']);
    expect(s.eliminations.map((e) => [e.name, e.cause, e.phase])).toEqual([['Dot', 'nightkill', 'N2']]);
    expect(player(s, 'Ava').alive).toBe(true);
  });

  it('R-R8 the kill is its sender’s action: blocking that player stops it', () => {
    const s = stateAt(game, [pm('Bea', N2 + 1, 'Kill: Ava'), pm('Hal', N2 + 2, 'Target: Bea')], dayStart(3));
    expect(player(s, 'Ava').alive).toBe(true);
    expect(result(s, 'Bea')).toEqual(['no result']);
  });

  it('R-R8 an action by a role that has none, or of another kind, is action-not-allowed; a day-time PM is action-wrong-phase', () => {
    const posts = [
      pm('Ava', N1 + 1, 'Target: Bea'),
      pm('Cid', N1 + 2, 'Guess: Bea mafia'),
      pm('Ivy', N1 + 3, 'Target: Bea'),
      pm('Cid', dayStart(2) + 1, 'Target: Bea'),
    ];
    const s = stateAt(game, posts, dayStart(2) + 2);
    expect(flagCodes(s)).toEqual([
      'action-not-allowed',
      'action-not-allowed',
      'action-not-allowed',
      'action-wrong-phase',
    ]);
    expect(s.nightResults).toEqual([]);
  });
});

describe('night phases (R-P4, R-P6, resolution order)', () => {
  it('R-P4 every other night action exists from N1 on', () => {
    const s = stateAt(game, [pm('Cid', N1 + 1, 'Target: Bea'), pm('Eve', N1 + 2, 'Target: Cid')], dayStart(2));
    expect(s.nightResults.map((r) => [r.actor, r.result])).toEqual([
      ['Cid', 'Missile Silo'],
      ['Eve', 'targeted Bea; targeted by nobody'],
    ]);
  });

  it('R-P6 a night ends at its deadline, or earlier when the mod closes it', () => {
    const early = defconGame(CAST, { events: [{ at: '2026-03-05T10:00:00Z', end: 'N1' }] });
    const s = stateAt(early, [pm('Cid', N1 + 1, 'Target: Bea'), pm('Dot', N1 + 11, 'Target: Cid')], N1 + 12);
    expect(s.phase).toMatchObject({ name: 'N1', endedAt: '2026-03-05T10:00:00Z', endReason: 'mod' });
    expect(s.nightResults.map((r) => r.actor)).toEqual(['Cid']);
    expect(flagCodes(s)).toEqual(['action-wrong-phase']);
  });

  it('night order: carrier before Special Ops and Battleship, kills before the information roles, deaths at the night end', () => {
    const posts = [
      pm('Hal', N2 + 1, 'Target: Dot'), // the Battleship is blocked, so its protection fails
      pm('Dot', N2 + 2, 'Target: Cid'),
      pm('Bea', N2 + 3, 'Kill: Cid'),
      pm('Gus', N2 + 4, 'Kill: Cid'), // two kills on one target kill once
      pm('Cid', N2 + 5, 'Target: Gus'),
      pm('Eve', N2 + 6, 'Target: Dot'),
    ];
    const s = stateAt(game, posts, dayStart(3));
    expect(s.nightResults.map((r) => `${r.actor}:${r.action}:${r.result}`)).toEqual([
      'Hal:carrier:blocked',
      'Dot:battleship:no result',
      'Bea:kill:killed',
      'Gus:kill:killed',
      'Cid:fighter:Special Ops',
      'Eve:radar:targeted nobody; targeted by Hal',
    ]);
    expect(s.eliminations).toEqual([
      expect.objectContaining({ name: 'Cid', cause: 'nightkill', at: '2026-03-09T00:00:00Z', phase: 'N2' }),
    ]);
  });
});
