import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ModdeskError } from '../../src/domain/errors.js';
import { drawNumber, runDraw } from '../../src/machine/rulesets/defcon/draw.js';
import { parseRequestList } from '../../src/machine/rulesets/defcon/roles.js';
import { dayStart, defconGame, flagCodes, player, pm, say, stateAt } from './helpers.js';

const list = (text: string) => parseRequestList(text).choices;
const entrant = (player: string, text: string) => ({ player, choices: list(text) });

describe('role requests and the draw (R-Q1..R-Q6)', () => {
  it('R-Q1 a request is an ordered list; Missile Silo entries carry launch or abm mode', () => {
    expect(
      parseRequestList('Radar, Missile Silo (abm), Special Ops Strike Force, Missile Silo (launch), Jester'),
    ).toEqual({
      choices: [
        { role: 'Radar', mode: null },
        { role: 'Missile Silo', mode: 'abm' },
        { role: 'Special Ops', mode: null },
        { role: 'Missile Silo', mode: 'launch' },
      ],
      unknown: ['Jester'],
    });
  });

  it('R-Q2 every role but Missile Silo goes to one player at most; Missile Silo is never contested', () => {
    const entrants = ['A', 'B', 'C', 'D'].map((p) => entrant(p, 'Missile Silo (abm), Fighter'));
    const draw = runDraw(entrants, [], 'seed');
    expect(draw.assignments.map((a) => [a.role, a.mode, a.contested])).toEqual(
      Array(4).fill(['Missile Silo', 'abm', false]),
    );
    const fighters = runDraw(
      ['A', 'B', 'C', 'D'].map((p) => entrant(p, 'Fighter')),
      [],
      'seed',
    );
    expect(fighters.assignments.filter((a) => a.role === 'Fighter')).toHaveLength(1);
    const taken = runDraw([entrant('A', 'Fighter')], ['Fighter'], 'seed');
    expect(taken.assignments[0]).toMatchObject({ role: 'Missile Silo', mode: 'launch' });
  });

  it('R-Q3 rounds: a sole applicant gets the role; losers apply to their next free role in the next round', () => {
    const draw = runDraw(
      [entrant('Ann', 'Radar, Fighter'), entrant('Ben', 'Radar, Fighter'), entrant('Cal', 'Battleship')],
      [],
      's1',
    );
    const byPlayer = Object.fromEntries(draw.assignments.map((a) => [a.player, a]));
    expect(byPlayer.Cal).toMatchObject({ role: 'Battleship', round: 1, contested: false });
    const radar = draw.contests[0]!;
    expect(radar).toMatchObject({ round: 1, role: 'Radar', applicants: ['Ann', 'Ben'] });
    const loser = radar.winner === 'Ann' ? 'Ben' : 'Ann';
    expect(byPlayer[radar.winner]).toMatchObject({ role: 'Radar', round: 1, contested: true });
    expect(byPlayer[loser]).toMatchObject({ role: 'Fighter', round: 2, contested: false });
  });

  it('R-Q4 an exhausted list, or none, gets Missile Silo in launch mode', () => {
    const draw = runDraw([entrant('Ann', 'Radar'), entrant('Ben', 'Radar'), { player: 'Cal', choices: [] }], [], 'x');
    const silos = draw.assignments.filter((a) => a.role === 'Missile Silo');
    expect(silos.map((a) => [a.player === 'Cal' ? 'Cal' : 'loser', a.mode, a.round])).toEqual(
      expect.arrayContaining([
        ['Cal', 'launch', 1],
        ['loser', 'launch', 2],
      ]),
    );
  });

  it('R-Q5 anyone can redo a pick by hand: index u mod n of the sorted applicants, u = first 8 bytes of SHA-256("<seed>:<r>:<role>")', () => {
    const seed = 'Tsar Bomba 1961';
    const applicants = ['dora', 'Ann', 'Cleo', 'bob'];
    const draw = runDraw(
      applicants.map((p) => entrant(p, 'Fighter')),
      [],
      seed,
    );
    const digest = createHash('sha256').update(`${seed}:1:Fighter`, 'utf8').digest();
    const u = digest.readBigUInt64BE(0);
    expect(drawNumber(seed, 1, 'Fighter')).toBe(u);
    const sorted = ['Ann', 'bob', 'Cleo', 'dora'];
    expect(draw.contests[0]).toMatchObject({
      applicants: sorted,
      u: u.toString(),
      index: Number(u % 4n),
      winner: sorted[Number(u % 4n)],
    });
    expect(draw.seedSha256).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
  });

  it('R-Q5 the same seed always gives the same assignments; another seed may not', () => {
    const entrants = ['A', 'B', 'C', 'D', 'E', 'F'].map((p) => entrant(p, 'Radar, Fighter, Battleship, Air Base'));
    expect(runDraw(entrants, [], 'same')).toEqual(runDraw(entrants, [], 'same'));
    const outcomes = new Set(
      Array.from({ length: 20 }, (_, i) => JSON.stringify(runDraw(entrants, [], `s${i}`).assignments)),
    );
    expect(outcomes.size).toBeGreaterThan(1);
  });

  it('R-Q5 contested roles split fairly over many seeds (chi-square, fixed seed list)', () => {
    const players = ['Ann', 'Ben', 'Cal', 'Dee'];
    const wins = new Map(players.map((p) => [p, 0]));
    const runs = 4000;
    for (let i = 0; i < runs; i += 1) {
      const draw = runDraw(
        players.map((p) => entrant(p, 'Radar, Fighter')),
        [],
        `fair-${i}`,
      );
      const radar = draw.assignments.find((a) => a.role === 'Radar')!;
      wins.set(radar.player, (wins.get(radar.player) ?? 0) + 1);
    }
    const expected = runs / players.length;
    const chi2 = [...wins.values()].reduce((sum, w) => sum + (w - expected) ** 2 / expected, 0);
    // 3 degrees of freedom: P(chi2 > 16.27) = 0.001.
    expect(chi2).toBeLessThan(16.27);
    for (const w of wins.values()) expect(Math.abs(w - expected)).toBeLessThan(expected * 0.1);
  });

  it('R-Q6 a silo keeps its drawn mode for the whole game; a request after D0 changes nothing', () => {
    const game = defconGame(
      [
        { name: 'Ann', faction: 'town' },
        { name: 'Ben', faction: 'mafia', requests: ['Missile Silo (abm)'] },
        { name: 'Cal', faction: 'town', role: 'Fighter' },
      ],
      { options: { seed: 'q6' } },
    );
    const posts = [
      pm('Ann', 2, 'Request: Missile Silo (abm)'),
      pm('Ben', dayStart(1) + 1, 'Request: Missile Silo (launch)'),
    ];
    const d0 = stateAt(game, posts, 3);
    expect(player(d0, 'Ann')).toMatchObject({ role: null, mode: null });
    const late = stateAt(game, posts, dayStart(5));
    expect(late.players.map((p) => [p.name, p.role, p.mode])).toEqual([
      ['Ann', 'Missile Silo', 'abm'],
      ['Ben', 'Missile Silo', 'abm'],
      ['Cal', 'Fighter', null],
    ]);
    expect(flagCodes(late)).toEqual(['request-wrong-phase']);
  });
});

describe('requests in a game (R-P2, R-P3)', () => {
  const players = [
    { name: 'Ann', faction: 'town' },
    { name: 'Ben', faction: 'mafia' },
    { name: 'Cal', faction: 'town', role: 'Radar' },
    { name: 'Dee', faction: 'town', requests: ['Battleship'] },
  ];

  it('R-P2 D0: requests by PM (the last one counts), no votes; R-P3 roles arrive at D1', () => {
    const game = defconGame(players, { options: { seed: 'p2' } });
    const posts = [
      pm('Ann', 1, 'Request: Fighter'),
      pm('Ann', 2, 'Request: Radar, Missile Silo (abm)'), // Radar is Cal's: Ann gets the abm silo
      pm('Ben', 3, 'Request: Fighter, Battleship'),
      pm('Dee', 4, 'Request: Fighter'), // the game file's list wins
      pm('Cal', 5, 'Request: Fighter'),
      say('Ben', 6, 'Vote: Ann'),
    ];
    const d0 = stateAt(game, posts, 23);
    expect(d0.phase).toMatchObject({ name: 'D0', kind: 'setup' });
    expect(d0.players.map((p) => p.role)).toEqual([null, null, 'Radar', null]);
    expect(flagCodes(d0)).toEqual(['request-ignored', 'vote-wrong-phase']);
    const d1 = stateAt(game, posts, 24);
    expect(d1.players.map((p) => [p.role, p.mode])).toEqual([
      ['Missile Silo', 'abm'],
      ['Fighter', null],
      ['Radar', null],
      ['Battleship', null],
    ]);
  });

  it('R-Q5 without a seed the draw cannot run: draw-seed-missing, roles stay unknown', () => {
    const s = stateAt(defconGame(players), [], 25);
    expect(flagCodes(s)).toEqual(['draw-seed-missing']);
    expect(player(s, 'Ann').role).toBeNull();
  });

  it('R-Q1 a game-file request that names no role is an error naming its place', () => {
    const bad = defconGame([{ name: 'Ann', faction: 'town', requests: ['Jester'] }], { options: { seed: 'x' } });
    expect(() => stateAt(bad, [], 1)).toThrow(ModdeskError);
    try {
      stateAt(bad, [], 1);
    } catch (err) {
      expect((err as ModdeskError).place).toBe('players[0].requests[0]');
    }
  });
});
