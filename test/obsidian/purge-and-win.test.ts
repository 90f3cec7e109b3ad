import { describe, expect, it } from 'vitest';
import { text } from '../../src/reporter/markup.js';
import { purgeOutcome, renderPurgeAnnouncement } from '../../src/reporter/obsidian/purge-announcement.js';
import { afterNight, endOf, flagCodes, inPhase, obsidianGame, pm, run, vote } from './helpers.js';

const game = obsidianGame();
const atEnd = (phase: string) => new Date(Date.parse(endOf(phase)) + 60_000).toISOString();

describe('O-V1..O-V3 the Purge', () => {
  it('O-V1 each living node votes; a removed node’s vote is flagged', () => {
    const posts = [pm('Ink', 'N1', 'Kill: Max'), vote('Max', 'D1', 'Ink'), vote('Jet', 'D1', 'Pip')];
    const { state } = run(game, posts, inPhase('D1', 3));
    expect(flagCodes(state)).toEqual(['actor-dead']);
    expect(state.votes.wagons).toMatchObject([{ target: 'Pip', count: 1, voters: ['Jet'] }]);
  });

  it('O-V2 reaching a majority does not end the day early; the most votes at the deadline is purged', () => {
    const voters = ['Jet', 'Kit', 'Sol', 'Ren', 'Lux'];
    const posts = [...voters.map((v, i) => vote(v, 'D1', 'Pip', i + 1)), vote('Pip', 'D1', 'Jet', 8)];
    const during = run(game, posts, inPhase('D1', 10)).state;
    expect(during.phase).toMatchObject({ name: 'D1', endedAt: null });
    expect(during.votes.threshold).toBeNull();
    const after = run(game, posts, atEnd('D1')).state;
    expect(after.eliminations).toEqual([
      { name: 'Pip', at: endOf('D1'), cause: 'purge', phase: 'D1', flip: { faction: 'obsidian', role: 'Infiltrator' } },
    ]);
  });

  it('O-V2 purge tie → nobody purged', () => {
    const posts = [
      vote('Jet', 'D1', 'Pip'),
      vote('Kit', 'D1', 'Pip'),
      vote('Ink', 'D1', 'Jet'),
      vote('Oak', 'D1', 'Jet'),
    ];
    const { state, ctx } = run(game, posts, atEnd('D1'));
    expect(state.eliminations).toEqual([]);
    expect(state.phase?.name).toBe('N2');
    expect(renderPurgeAnnouncement(purgeOutcome(ctx, 'D1')!, text)).toBe('The vote is a tie. No purge initiated.\n');
  });

  it('O-V2 [config] threshold: majority ends the day as soon as one node has more than half the votes', () => {
    const g = obsidianGame({ options: { threshold: 'majority' } });
    const voters = ['Jet', 'Kit', 'Sol', 'Ren', 'Lux'];
    const posts = voters.map((v, i) => vote(v, 'D1', 'Oak', i + 1));
    const { state } = run(g, posts, inPhase('D1', 12));
    expect(state.phase).toMatchObject({ name: 'D1', endReason: 'threshold', endedAt: inPhase('D1', 5) });
    expect(state.eliminations).toMatchObject([{ name: 'Oak', cause: 'purge', at: inPhase('D1', 5) }]);
  });

  it('O-V3 the announcement names the purged node, worded as the rules file', () => {
    const posts = [vote('Jet', 'D1', 'Pip'), vote('Kit', 'D1', 'Pip'), vote('Ink', 'D1', 'Jet')];
    const { ctx } = run(game, posts, atEnd('D1'));
    expect(renderPurgeAnnouncement(purgeOutcome(ctx, 'D1')!, text)).toBe('The network has purged Pip.\n');
  });

  it('O-V3 no draft while the day runs; a day without votes is a tie at zero', () => {
    expect(purgeOutcome(run(game, [], inPhase('D1', 3)).ctx, 'D1')).toBeNull();
    expect(purgeOutcome(run(game, [], atEnd('D1')).ctx, 'D1')).toEqual({ day: 'D1', kind: 'tie' });
  });
});

describe('O-T1 / O-T4 wins', () => {
  const small = obsidianGame({}, [
    { name: 'Ink', faction: 'obsidian', role: 'Leader' },
    { name: 'Jet', faction: 'network', role: 'Analyst' },
    { name: 'Kit', faction: 'network', role: 'Stabilizer' },
    { name: 'Lux', faction: 'network', role: 'Citizen' },
  ]);

  it('O-T4 network wins when no Obsidian node remains (checked after the purge)', () => {
    const posts = [vote('Jet', 'D1', 'Ink'), vote('Kit', 'D1', 'Ink')];
    const { state } = run(small, posts, atEnd('D1'));
    expect(state.result).toEqual({ status: 'over', winner: 'network', at: endOf('D1') });
  });

  it('O-T4 Obsidian wins when its nodes are at least as many as the others (checked after the compromise)', () => {
    const posts = [vote('Jet', 'D1', 'Lux'), vote('Kit', 'D1', 'Lux'), pm('Ink', 'N2', 'Kill: Jet')];
    expect(run(small, posts, atEnd('D1')).state.result.status).toBe('ongoing');
    const { state } = afterNight(small, posts, 'N2');
    expect(state.result).toEqual({ status: 'over', winner: 'obsidian', at: endOf('N2') });
  });

  it('O-T4 no win check without factions', () => {
    const g = obsidianGame({}, [{ name: 'Ink', role: 'Leader' }, { name: 'Jet' }]);
    expect(run(g, [], inPhase('D1')).state.result.status).toBe('ongoing');
  });
});
