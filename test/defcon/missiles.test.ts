import { describe, expect, it } from 'vitest';
import { CAST, dayStart, defconGame, flagCodes, nightStart, player, pm, say, stateAt } from './helpers.js';

const game = defconGame(CAST);
const D3 = dayStart(3);
const D4 = dayStart(4);

describe('launches (R-M1..R-M3)', () => {
  it('R-M1 a launch silo nukes in the thread from D3: launch time is the post, announced with its launcher', () => {
    const s = stateAt(game, [say('Ava', D3 + 2, 'Nuke: Bea')], D3 + 3);
    expect(s.missiles).toEqual([
      expect.objectContaining({
        kind: 'launch',
        launcher: 'Ava',
        actualLauncher: 'Ava',
        target: 'Bea',
        launchedAt: '2026-03-09T02:00:00Z',
        abortableUntil: '2026-03-10T02:00:00Z',
        landsAt: '2026-03-11T02:00:00Z',
        status: 'in-flight',
      }),
    ]);
  });

  it('R-M1 no launches before D3, at night, on an ended day, or by a role that cannot launch', () => {
    const s = stateAt(
      game,
      [
        say('Ava', dayStart(2) + 1, 'Nuke: Bea'),
        pm('Ava', nightStart(3) + 1, 'Nuke: Bea'),
        say('Cid', D3 + 1, 'Nuke: Bea'),
        say('Fay', D3 + 1, 'Nuke: Bea'),
      ],
      nightStart(3) + 2,
    );
    expect(s.missiles).toEqual([]);
    expect(flagCodes(s)).toEqual(['nuke-too-early', 'nuke-no-capability', 'nuke-no-capability', 'nuke-wrong-channel']);
    const night = stateAt(game, [say('Ava', nightStart(3) + 1, 'Nuke: Bea')], nightStart(3) + 2);
    expect(flagCodes(night)).toEqual(['nuke-at-night']);
  });

  it('R-M1 a day ended by threshold takes no more launches (nuke-at-night)', () => {
    const small = defconGame(CAST.slice(0, 3));
    const posts = [say('Ava', D3 + 1, 'Vote: Cid'), say('Bea', D3 + 2, 'Vote: Cid'), say('Bea', D3 + 3, 'Nuke: Ava')];
    const s = stateAt(small, posts, D3 + 4);
    expect(s.phase?.endReason).toBe('threshold');
    expect(flagCodes(s)).toContain('nuke-at-night');
    expect(s.missiles).toEqual([]);
  });

  it('R-M2 one launch per launcher per day; aborting does not give it back', () => {
    const posts = [
      say('Ava', D3 + 1, 'Nuke: Bea'),
      say('Ava', D3 + 2, 'Abort: Bea'),
      say('Ava', D3 + 3, 'Nuke: Cid'),
      say('Ava', D4 + 1, 'Nuke: Cid'),
    ];
    const s = stateAt(game, posts, D4 + 2);
    expect(flagCodes(s)).toEqual(['nuke-second-today']);
    expect(s.missiles.map((m) => [m.target, m.status])).toEqual([
      ['Bea', 'aborted'],
      ['Cid', 'in-flight'],
    ]);
  });

  it('R-M3 no second missile at a player while the launcher already has one flying at them', () => {
    const posts = [
      say('Ava', D3 + 40, 'Nuke: Bea'),
      say('Ava', D4 + 1, 'Nuke: Bea'),
      say('Ava', dayStart(5) + 1, 'Nuke: Cid'),
    ];
    const s = stateAt(game, posts, dayStart(5) + 2);
    expect(flagCodes(s)).toEqual(['nuke-duplicate-target']);
    expect(s.missiles.map((m) => m.target)).toEqual(['Bea', 'Cid']);
  });
});

describe('flight (R-M4..R-M6)', () => {
  it('R-M4 an abort inside the first 24 h stops the missile; at the window end it is too late', () => {
    const inside = stateAt(game, [say('Ava', D3, 'Nuke: Bea'), say('Ava', D3 + 23, 'Abort: Bea')], D3 + 60);
    expect(inside.missiles[0]).toMatchObject({ status: 'aborted', endedAt: '2026-03-09T23:00:00Z' });
    expect(player(inside, 'Bea').alive).toBe(true);
    const late = stateAt(game, [say('Ava', D3, 'Nuke: Bea'), say('Ava', D3 + 24, 'Abort: Bea')], D3 + 49);
    expect(flagCodes(late)).toEqual(['abort-too-late']);
    expect(late.missiles[0]?.status).toBe('landed');
    expect(player(late, 'Bea')).toMatchObject({ alive: false, cause: 'missile', diedAt: '2026-03-11T00:00:00Z' });
  });

  it('R-M4 an abort needs no day phase, but needs a missile of the actor at that player', () => {
    const posts = [
      say('Ava', D3 + 40, 'Nuke: Bea'),
      say('Ava', nightStart(3) + 2, 'Abort: Bea'),
      say('Bea', D3 + 41, 'Abort: Ava'),
      say('Cid', D3 + 41, 'Abort: Bea'),
    ];
    const s = stateAt(game, posts, nightStart(3) + 3);
    expect(s.missiles[0]?.status).toBe('aborted');
    expect(flagCodes(s)).toEqual(['abort-no-missile', 'abort-no-missile']);
  });

  it('R-M4 flightHours and abortHours change every duration', () => {
    const quick = defconGame(CAST, { options: { flightHours: 10, abortHours: 2 } });
    const s = stateAt(
      quick,
      [say('Ava', D3, 'Nuke: Bea'), say('Bea', D3 + 1, 'Nuke: Cid'), say('Bea', D3 + 3, 'Abort: Cid')],
      D3 + 10,
    );
    expect(s.missiles[0]).toMatchObject({
      abortableUntil: '2026-03-09T02:00:00Z',
      landsAt: '2026-03-09T10:00:00Z',
      status: 'landed',
    });
    expect(flagCodes(s)).toEqual(['abort-too-late']);
    expect(player(s, 'Cid').alive).toBe(true);
    expect(player(s, 'Bea').alive).toBe(false);
  });

  it('R-M5 a missile flies through phase changes and lands although its launcher died', () => {
    const posts = [say('Ava', D3 + 30, 'Nuke: Cid'), say('Bea', D3 + 1, 'Nuke: Ava')];
    const s = stateAt(game, posts, D3 + 80);
    expect(player(s, 'Ava')).toMatchObject({ alive: false, cause: 'missile' });
    expect(player(s, 'Cid')).toMatchObject({ alive: false, cause: 'missile', diedAt: '2026-03-12T06:00:00Z' });
    expect(s.eliminations.find((e) => e.name === 'Cid')?.phase).toBe('D4');
  });

  it('R-M6 a landing kills its target at landsAt, at night too; landing on the dead does nothing', () => {
    const posts = [say('Ava', D3 + 20, 'Nuke: Cid'), say('Bea', D3 + 21, 'Nuke: Cid')];
    const s = stateAt(game, posts, D4 + 1);
    expect(s.missiles.map((m) => m.status)).toEqual(['landed', 'landed']);
    expect(s.eliminations.filter((e) => e.name === 'Cid')).toEqual([
      expect.objectContaining({ at: '2026-03-11T20:00:00Z', cause: 'missile', phase: 'N3' }),
    ]);
  });
});

describe('ABM (R-M7)', () => {
  it('R-M7 an ABM silo intercepts the first missile reaching its 24-hour mark in each cycle', () => {
    const posts = [say('Ava', D3 + 1, 'Nuke: Fay'), say('Bea', D3 + 2, 'Nuke: Fay')];
    const s = stateAt(game, posts, D3 + 60);
    expect(s.missiles.map((m) => [m.actualLauncher, m.status, m.endedAt])).toEqual([
      ['Ava', 'intercepted', '2026-03-10T01:00:00Z'],
      ['Bea', 'landed', '2026-03-11T02:00:00Z'],
    ]);
    expect(player(s, 'Fay').alive).toBe(false);
  });

  it('R-M7 the interception comes back with the next day/night cycle', () => {
    const posts = [say('Ava', D3 + 1, 'Nuke: Fay'), say('Bea', D4 + 1, 'Nuke: Fay')];
    const s = stateAt(game, posts, D4 + 60);
    expect(s.missiles.map((m) => m.status)).toEqual(['intercepted', 'intercepted']);
    expect(player(s, 'Fay').alive).toBe(true);
  });

  it('R-M7 a sabotaged ABM silo intercepts nothing (R-R3)', () => {
    const posts = [pm('Gus', nightStart(2) + 1, 'Target: Fay'), say('Ava', D3 + 1, 'Nuke: Fay')];
    const s = stateAt(game, posts, D3 + 60);
    expect(s.missiles[0]?.status).toBe('landed');
    expect(player(s, 'Fay').alive).toBe(false);
  });

  it('R-M7 missiles that cannot be aborted have the mark too (a Failsafe retaliation at an ABM)', () => {
    const abmFailsafe = defconGame([
      { name: 'Ava', faction: 'town', role: 'Missile Silo', mode: 'abm' },
      { name: 'Bea', faction: 'mafia', role: 'Missile Silo', mode: 'launch' },
      { name: 'Lou', faction: 'town', role: 'Failsafe' },
      { name: 'Cid', faction: 'town', role: 'Fighter' },
    ]);
    // Ava cannot launch; make Bea the ABM's attacker via Lou's failsafe: Bea nukes Lou, Lou answers Bea (not ABM).
    const s = stateAt(abmFailsafe, [say('Bea', D3 + 1, 'Nuke: Ava')], D3 + 30);
    expect(s.missiles[0]?.status).toBe('intercepted');
  });
});

describe('R-M8 missile board', () => {
  it('R-M8 every in-flight missile is listed with launcher, target, impact and whether it can be aborted', async () => {
    const { buildVoteCountModel } = await import('../../src/reporter/vote-count-model.js');
    const { renderVoteCount } = await import('../../src/reporter/render-vote-count.js');
    const { text } = await import('../../src/reporter/markup.js');
    const { BASE, contextAt } = await import('./helpers.js');
    const posts = [say('Ava', D3 + 1, 'Nuke: Bea'), pm('Kit', D3 + 25.5, 'Nuke: Cid')];
    const ctx = contextAt(game, posts, D3 + 26);
    const out = renderVoteCount(buildVoteCountModel(ctx, BASE + (D3 + 26) * 3_600_000, { posts: new Map() }), text);
    expect(out).toContain('- Ava → Bea, lands Wed 11 Mar 01:00 UTC (in 23 hours; cannot be aborted)');
    expect(out).toContain(
      '- anonymous → Cid, lands Thu 12 Mar 01:30 UTC (in 1 day 23 hours; abortable until Wed 11 Mar 01:30)',
    );
  });
});

describe('R-M9 one flag, the first that applies', () => {
  it('R-M9 launch flags come in the rules order', () => {
    const posts = [
      say('Ava', D3 + 1, 'Nuke: Zed'), // target-unknown
      say('Ava', D3 + 2, 'Nuke: Bea'),
      say('Ava', D3 + 3, 'Nuke: Zed'), // second today beats target-unknown
      say('Cid', nightStart(3) + 1, 'Nuke: Bea'), // no capability beats at-night
      say('Kit', D3 + 1, 'Nuke: Bea'), // submarine in the thread on D3
      pm('Bea', D3 + 4, 'Nuke: Ava'), // PM launch by a silo
      say('Stranger', D3 + 5, 'Nuke: Ava'),
    ];
    const s = stateAt(game, posts, nightStart(3) + 2);
    expect(flagCodes(s)).toEqual([
      'target-unknown',
      'nuke-wrong-channel',
      'nuke-second-today',
      'nuke-wrong-channel',
      'action-not-player',
      'nuke-no-capability',
    ]);
  });

  it('R-M9 a dead player cannot launch or abort (actor-dead), but their missiles still land', () => {
    const posts = [
      say('Ava', D3 + 1, 'Nuke: Cid'),
      say('Bea', D3 + 2, 'Nuke: Ava'),
      say('Ava', D4 + 10, 'Nuke: Dot'),
      say('Ava', D4 + 11, 'Abort: Cid'),
    ];
    const s = stateAt(game, posts, D4 + 12);
    expect(flagCodes(s)).toEqual(['actor-dead', 'actor-dead']);
    expect(player(s, 'Cid').alive).toBe(false);
  });

  it('R-M9 a launch at a dead player is target-dead; duplicate-target comes first', () => {
    const posts = [
      say('Ava', D3 + 1, 'Nuke: Cid'),
      say('Bea', D3 + 2, 'Nuke: Cid'),
      say('Ava', D4 + 5, 'Nuke: Cid'),
      say('Bea', dayStart(5) + 1, 'Nuke: Cid'),
    ];
    const s = stateAt(game, posts, dayStart(5) + 2);
    expect(flagCodes(s)).toEqual(['target-dead', 'target-dead']);
    const dup = stateAt(game, [say('Ava', D3 + 40, 'Nuke: Cid'), say('Ava', D4 + 1, 'Nuke: Cid')], D4 + 2);
    expect(flagCodes(dup)).toEqual(['nuke-duplicate-target']);
  });
});
