import { describe, expect, it } from 'vitest';
import { shownRole } from '../../src/machine/rulesets/defcon/state.js';
import { CAST, contextAt, dayStart, defconGame, flagCodes, nightStart, player, pm, say, stateAt } from './helpers.js';

const game = defconGame(CAST);
const D3 = dayStart(3);
const D4 = dayStart(4);

describe('R-S1 Submarine', () => {
  it('R-S1 launches anonymously by PM on D3; a second PM is nuke-second-today; the thread is the wrong channel', () => {
    const posts = [say('Kit', D3 + 1, 'Nuke: Ava'), pm('Kit', D3 + 2, 'Nuke: Bea'), pm('Kit', D3 + 3, 'Nuke: Cid')];
    const s = stateAt(game, posts, D3 + 4);
    expect(s.missiles).toEqual([
      expect.objectContaining({
        kind: 'submarine',
        launcher: null,
        actualLauncher: 'Kit',
        target: 'Bea',
        abortableUntil: '2026-03-10T02:00:00Z',
      }),
    ]);
    expect(flagCodes(s)).toEqual(['nuke-wrong-channel', 'nuke-second-today']);
  });

  it('R-S1 aborting needs an Abort: in the thread, which reveals the Submarine', () => {
    const s = stateAt(game, [pm('Kit', D3 + 1, 'Nuke: Bea'), say('Kit', D3 + 5, 'Abort: Bea')], D3 + 6);
    expect(s.missiles[0]).toMatchObject({ status: 'aborted', launcher: 'Kit' });
  });

  it('R-S1 from D4 on it is a launch silo in the thread (PM is the wrong channel); the role name stays Submarine', () => {
    const posts = [pm('Kit', D4 + 1, 'Nuke: Bea'), say('Kit', D4 + 2, 'Nuke: Bea')];
    const s = stateAt(game, posts, D4 + 3);
    expect(flagCodes(s)).toEqual(['nuke-wrong-channel']);
    expect(s.missiles[0]).toMatchObject({ kind: 'launch', launcher: 'Kit' });
    expect(player(s, 'Kit').role).toBe('Submarine');
  });

  it('R-S1 a Submarine PM before D3 is too early', () => {
    expect(flagCodes(stateAt(game, [pm('Kit', dayStart(2) + 1, 'Nuke: Bea')], dayStart(2) + 2))).toEqual([
      'nuke-too-early',
    ]);
  });
});

describe('R-S2 Failsafe', () => {
  it('R-S2 a launch at the Failsafe answers at the launcher with the same impact; no abort; flies after the trigger is aborted', () => {
    const posts = [say('Ava', D3 + 1, 'Nuke: Lou'), say('Ava', D3 + 2, 'Abort: Lou')];
    const s = stateAt(game, posts, D3 + 50);
    expect(s.missiles).toEqual([
      expect.objectContaining({ kind: 'launch', launcher: 'Ava', target: 'Lou', status: 'aborted' }),
      expect.objectContaining({
        kind: 'failsafe',
        launcher: 'Lou',
        target: 'Ava',
        abortableUntil: null,
        launchedAt: '2026-03-09T01:00:00Z',
        landsAt: '2026-03-11T01:00:00Z',
        status: 'landed',
      }),
    ]);
    expect(player(s, 'Ava')).toMatchObject({ alive: false, cause: 'missile' });
  });

  it('R-S2 once per day phase: the second launcher at the Failsafe that day gets no answer', () => {
    const s = stateAt(game, [say('Ava', D3 + 1, 'Nuke: Lou'), say('Bea', D3 + 2, 'Nuke: Lou')], D3 + 3);
    expect(s.missiles.map((m) => `${m.kind}:${m.actualLauncher}>${m.target}`)).toEqual([
      'launch:Ava>Lou',
      'failsafe:Lou>Ava',
      'launch:Bea>Lou',
    ]);
  });

  it('R-S2 answers an anonymous Submarine launch; drafts show the target as unknown until impact', () => {
    const ctx = contextAt(game, [pm('Kit', D3 + 1, 'Nuke: Lou')], D3 + 2);
    const fs = ctx.missiles.find((m) => m.kind === 'failsafe');
    expect(fs).toMatchObject({ target: 10, targetHidden: true, landsAt: ctx.missiles[0]?.landsAt });
    const s = stateAt(game, [pm('Kit', D3 + 1, 'Nuke: Lou')], D3 + 2);
    expect(s.missiles[1]).toMatchObject({ kind: 'failsafe', launcher: 'Lou', target: 'Kit' });
  });

  it('R-S2 R-R4 a Failsafe blocked by a Carrier does not answer the next day (carrierBlocksAutomatic), unless configured off', () => {
    const posts = [pm('Hal', nightStart(2) + 1, 'Target: Lou'), say('Ava', D3 + 1, 'Nuke: Lou')];
    expect(stateAt(game, posts, D3 + 2).missiles.map((m) => m.kind)).toEqual(['launch']);
    const lenient = defconGame(CAST, { options: { carrierBlocksAutomatic: false } });
    expect(stateAt(lenient, posts, D3 + 2).missiles.map((m) => m.kind)).toEqual(['launch', 'failsafe']);
  });
});

describe('R-S3 Doomsday Mechanism', () => {
  const small = defconGame([
    { name: 'Max', faction: 'town', role: 'Doomsday Mechanism' },
    { name: 'Bea', faction: 'mafia', role: 'Missile Silo', mode: 'launch' },
    { name: 'Cid', faction: 'town', role: 'Fighter' },
    { name: 'Dot', faction: 'mafia', role: 'Battleship' },
    { name: 'Eve', faction: 'town', role: 'Radar' },
  ]);
  const D1 = dayStart(1);
  const lynchMax = [say('Bea', D1 + 1, 'Vote: Max'), say('Cid', D1 + 2, 'Vote: Max'), say('Dot', D1 + 3, 'Vote: Max')];

  it('R-S3 lynched: 36 h from the deciding vote to PM one living target; the launch cannot be aborted and lands 48 h later, even before D3', () => {
    const posts = [...lynchMax, pm('Max', D1 + 3 + 35, 'Doomsday: Bea')];
    const s = stateAt(small, posts, D1 + 3 + 36);
    expect(s.missiles).toEqual([
      expect.objectContaining({
        kind: 'doomsday',
        launcher: 'Max',
        target: 'Bea',
        abortableUntil: null,
        launchedAt: '2026-03-04T14:00:00Z',
        landsAt: '2026-03-06T14:00:00Z',
      }),
    ]);
    expect(player(stateAt(small, posts, D1 + 3 + 35 + 48), 'Bea')).toMatchObject({ alive: false, cause: 'missile' });
  });

  it('R-S3 outside the window: doomsday-not-open; a second one: doomsday-used; a dead target: target-dead', () => {
    const late = stateAt(small, [...lynchMax, pm('Max', D1 + 3 + 36, 'Doomsday: Bea')], D1 + 40);
    expect(flagCodes(late)).toEqual(['doomsday-not-open']);
    const twice = stateAt(
      small,
      [...lynchMax, pm('Max', D1 + 5, 'Doomsday: Bea'), pm('Max', D1 + 6, 'Doomsday: Cid')],
      D1 + 7,
    );
    expect(flagCodes(twice)).toEqual(['doomsday-used']);
    const dead = stateAt(small, [...lynchMax, pm('Max', D1 + 5, 'Doomsday: Max')], D1 + 6);
    expect(flagCodes(dead)).toEqual(['target-dead']);
    expect(flagCodes(stateAt(small, [pm('Max', D1 + 1, 'Doomsday: Bea')], D1 + 2))).toEqual(['doomsday-not-open']);
  });

  it('R-S3 killed by a missile or a modkill: no window', () => {
    const modkill = defconGame(small.players, {
      events: [{ at: '2026-03-03T05:00:00Z', kill: 'Max', cause: 'modkill' }],
    });
    expect(flagCodes(stateAt(modkill, [pm('Max', D1 + 6, 'Doomsday: Bea')], D1 + 7))).toEqual(['doomsday-not-open']);
    const nuked = stateAt(small, [say('Bea', D3 + 1, 'Nuke: Max'), pm('Max', D3 + 50, 'Doomsday: Bea')], D3 + 51);
    expect(player(nuked, 'Max').cause).toBe('missile');
    expect(flagCodes(nuked)).toEqual(['doomsday-not-open']);
  });

  it('R-S3 night-killed: the window opens at the next day start and doomsdayHours sets its length', () => {
    const g = defconGame(small.players, { options: { doomsdayHours: 10 } });
    const N2 = nightStart(2);
    const early = stateAt(g, [pm('Dot', N2 + 1, 'Kill: Max'), pm('Max', N2 + 23, 'Doomsday: Bea')], D3 + 1);
    expect(flagCodes(early)).toEqual(['doomsday-not-open']);
    expect(player(early, 'Max')).toMatchObject({ cause: 'nightkill', diedAt: '2026-03-09T00:00:00Z' });
    const inTime = stateAt(g, [pm('Dot', N2 + 1, 'Kill: Max'), pm('Max', D3 + 9, 'Doomsday: Bea')], D3 + 10);
    expect(inTime.missiles).toHaveLength(1);
    const late = stateAt(g, [pm('Dot', N2 + 1, 'Kill: Max'), pm('Max', D3 + 10, 'Doomsday: Bea')], D3 + 11);
    expect(flagCodes(late)).toEqual(['doomsday-not-open']);
  });

  it('R-S3 listed as Missile Silo (flips, Fighter) until it activates', () => {
    const before = contextAt(small, lynchMax, D1 + 4);
    expect(shownRole(before, 0)).toBe('Missile Silo');
    const after = contextAt(small, [...lynchMax, pm('Max', D1 + 5, 'Doomsday: Bea')], D1 + 6);
    expect(shownRole(after, 0)).toBe('Doomsday Mechanism');
    const fighter = stateAt(game, [pm('Cid', nightStart(1) + 1, 'Target: Max')], dayStart(2));
    expect(fighter.nightResults).toEqual([
      expect.objectContaining({ actor: 'Cid', target: 'Max', result: 'Missile Silo' }),
    ]);
  });
});
