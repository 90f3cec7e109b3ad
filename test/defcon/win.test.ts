import { describe, expect, it } from 'vitest';
import { CAST, dayStart, defconGame, flagCodes, nightStart, player, pm, say, stateAt } from './helpers.js';

const D1 = dayStart(1);
const D3 = dayStart(3);

describe('factions and the end (R-F1, R-W1..R-W6)', () => {
  it('R-F1 a role never implies a faction: a mafia Fighter both scans and kills', () => {
    const g = defconGame([
      { name: 'Ann', faction: 'mafia', role: 'Fighter' },
      { name: 'Ben', faction: 'town', role: 'Missile Silo', mode: 'launch' },
      { name: 'Cal', faction: 'town', role: 'Radar' },
      { name: 'Dee', faction: 'town', role: 'Battleship' },
    ]);
    const N2 = nightStart(2);
    const s = stateAt(g, [pm('Ann', N2 + 1, 'Target: Ben'), pm('Ann', N2 + 2, 'Kill: Cal')], D3);
    expect(s.nightResults.map((r) => [r.action, r.result])).toEqual([
      ['kill', 'killed'],
      ['fighter', 'Missile Silo'],
    ]);
    expect(player(s, 'Ann').faction).toBe('mafia');
  });

  const trio = defconGame([
    { name: 'Ann', faction: 'town', role: 'Missile Silo', mode: 'launch' },
    { name: 'Ben', faction: 'mafia', role: 'Missile Silo', mode: 'launch' },
    { name: 'Cal', faction: 'town', role: 'Fighter' },
  ]);

  it('R-W1 town wins when mafia and sk are all dead and a townie lives', () => {
    const s = stateAt(trio, [say('Ann', D1 + 1, 'Vote: Ben'), say('Cal', D1 + 2, 'Vote: Ben')], D1 + 3);
    expect(s.result).toEqual({ status: 'over', winner: 'town', at: '2026-03-03T02:00:00Z' });
  });

  it('R-W2 mafia wins only when town and sk are all dead: no parity win', () => {
    const parity = stateAt(trio, [say('Ann', D1 + 1, 'Vote: Cal'), say('Ben', D1 + 2, 'Vote: Cal')], D1 + 3);
    expect(player(parity, 'Cal').alive).toBe(false);
    expect(parity.result.status).toBe('ongoing');
    const posts = [say('Ann', D1 + 1, 'Vote: Cal'), say('Ben', D1 + 2, 'Vote: Cal'), say('Ben', D3 + 1, 'Nuke: Ann')];
    expect(stateAt(trio, posts, D3 + 49).result).toEqual({
      status: 'over',
      winner: 'mafia',
      at: '2026-03-11T01:00:00Z',
    });
  });

  it('R-W3 the sk wins when every non-sk player is dead', () => {
    const g = defconGame([
      { name: 'Sam', faction: 'sk', role: 'Missile Silo', mode: 'launch' },
      { name: 'Tom', faction: 'town', role: 'Fighter' },
      { name: 'Mo', faction: 'mafia', role: 'Radar' },
    ]);
    const posts = [say('Sam', D1 + 1, 'Vote: Tom'), say('Mo', D1 + 2, 'Vote: Tom'), say('Sam', D3 + 1, 'Nuke: Mo')];
    expect(stateAt(g, posts, D3 + 49).result).toMatchObject({ status: 'over', winner: 'sk' });
  });

  it('R-W4 R-W5 nobody alive at game over: the sk wins even without an sk, and the mod is told', () => {
    const duo = defconGame([
      { name: 'Ann', faction: 'town', role: 'Missile Silo', mode: 'launch' },
      { name: 'Ben', faction: 'mafia', role: 'Missile Silo', mode: 'launch' },
    ]);
    const posts = [say('Ann', D3 + 1, 'Nuke: Ben'), say('Ben', D3 + 2, 'Nuke: Ann')];
    const between = stateAt(duo, posts, D3 + 49.5);
    expect(player(between, 'Ben').alive).toBe(false);
    expect(between.result).toEqual({ status: 'pending', winner: null, at: null });
    const end = stateAt(duo, posts, D3 + 50);
    expect(end.result).toEqual({ status: 'over', winner: 'sk', at: '2026-03-11T02:00:00Z' });
    expect(flagCodes(end)).toEqual(['everyone-dead']);
  });

  it('R-W5 a win waits while a Doomsday window is open, and is decided when it closes', () => {
    const g = defconGame([
      { name: 'Ann', faction: 'town', role: 'Missile Silo', mode: 'launch' },
      { name: 'Max', faction: 'mafia', role: 'Doomsday Mechanism' },
      { name: 'Cal', faction: 'town', role: 'Fighter' },
    ]);
    const lynch = [say('Ann', D1 + 1, 'Vote: Max'), say('Cal', D1 + 2, 'Vote: Max')];
    expect(stateAt(g, lynch, D1 + 3).result.status).toBe('pending');
    expect(stateAt(g, lynch, D1 + 2 + 36).result).toEqual({
      status: 'over',
      winner: 'town',
      at: '2026-03-04T14:00:00Z',
    });
    const revenge = [...lynch, pm('Max', D1 + 10, 'Doomsday: Ann')];
    expect(stateAt(g, revenge, D1 + 40).result.status).toBe('pending');
    expect(stateAt(g, revenge, D1 + 58).result).toEqual({ status: 'over', winner: 'town', at: '2026-03-05T10:00:00Z' });
    expect(player(stateAt(g, revenge, D1 + 58), 'Ann').alive).toBe(false);
  });

  it('R-W6 stalemate-suspected when nobody can kill any more and the vote cannot reach its threshold', () => {
    const stuck = defconGame(
      [
        { name: 'Ann', faction: 'cult', role: 'Fighter' },
        { name: 'Ben', faction: 'survivor', role: 'Radar' },
      ],
      { options: { threshold: 3 } },
    );
    const s = stateAt(stuck, [], dayStart(2) + 1);
    expect(flagCodes(s)).toEqual(['stalemate-suspected']);
    expect(s.result.status).toBe('ongoing');
    expect(flagCodes(stateAt(defconGame(CAST), [], dayStart(2) + 1))).toEqual([]);
    const canVote = defconGame(stuck.players, { options: { threshold: 2 } });
    expect(flagCodes(stateAt(canVote, [], dayStart(2) + 1))).toEqual([]);
  });
});
