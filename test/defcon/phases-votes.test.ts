import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { CAST, dayStart, defconGame, flagCodes, h, nightStart, player, say, stateAt } from './helpers.js';

const six = defconGame(CAST.slice(0, 6));
const D1 = dayStart(1);
const D4 = dayStart(4);

describe('phases (R-P1, R-P5, R-P7)', () => {
  it('R-P1 D0, D1, N1, D2, …: D0 is the setup phase; a game file with N0 is an error', () => {
    expect(stateAt(six, [], 1).phase).toMatchObject({ name: 'D0', kind: 'setup', number: 0 });
    expect(stateAt(six, [], D1).phase).toMatchObject({ name: 'D1', kind: 'day' });
    expect(stateAt(six, [], nightStart(1)).phase).toMatchObject({ name: 'N1', kind: 'night' });
    const n0 = defconGame(CAST.slice(0, 3), {
      phases: [
        { name: 'D0', start: h(0) },
        { name: 'N0', start: h(10) },
      ],
    });
    expect(() => stateAt(n0, [], 11)).toThrow(/no N0/);
  });

  it('R-P5 a day ends at the threshold at once, or at its deadline with no lynch by default (plurality when configured)', () => {
    const posts = [say('Ava', D1 + 1, 'Vote: Cid'), say('Bea', D1 + 2, 'Vote: Cid'), say('Dot', D1 + 3, 'Vote: Eve')];
    const s = stateAt(six, posts, D1 + 48);
    expect(s.phase).toMatchObject({ name: 'N1' });
    expect(s.eliminations).toEqual([]);
    const plural = defconGame(CAST.slice(0, 6), { options: { deadlineOutcome: 'plurality' } });
    const p = stateAt(plural, posts, D1 + 48);
    expect(p.eliminations).toEqual([
      expect.objectContaining({ name: 'Cid', cause: 'lynch', at: '2026-03-05T00:00:00Z' }),
    ]);
    const hammer = stateAt(six, [...posts, say('Eve', D1 + 4, 'Vote: Cid'), say('Fay', D1 + 5, 'Vote: Cid')], D1 + 6);
    expect(hammer.phase).toMatchObject({ name: 'D1', endReason: 'threshold', endedAt: '2026-03-03T05:00:00Z' });
  });

  it('R-P7 a mod post matching the phase-post pattern is shown to the mod, never applied', () => {
    const g = defconGame(CAST.slice(0, 6), { options: { phasePost: '^\\s*Night \\d+ has begun' } });
    const mod: Post = {
      id: 'm1',
      author: 'Mod',
      createdAt: h(D1 + 5),
      editedAt: null,
      html: '<p>Night 1 has begun</p>',
      channel: 'thread',
    };
    const s = stateAt(g, [mod], D1 + 6);
    expect(flagCodes(s)).toEqual(['phase-post']);
    expect(s.phase).toMatchObject({ name: 'D1', endedAt: null });
  });
});

describe('votes (R-V1..R-V5)', () => {
  it('R-V1 bold votes by living players on days; unvote withdraws; no lynch is a vote, abstaining is not', () => {
    const posts = [
      say('Ava', D1 + 1, 'Vote: Cid'),
      say('Bea', D1 + 2, 'Vote: no lynch'),
      say('Ava', D1 + 3, 'Unvote'),
      say('Dot', D1 + 4, 'Vote: Bea'),
    ];
    const s = stateAt(six, posts, D1 + 5);
    expect(s.votes.wagons).toEqual([expect.objectContaining({ target: 'Bea', voters: ['Dot'] })]);
    expect(s.votes.noLynch).toMatchObject({ count: 1, voters: ['Bea'] });
    expect(s.votes.notVoting).toEqual(['Ava', 'Cid', 'Eve', 'Fay']);
  });

  it('R-V2 votes inside quotes do not count; a vote added by an edit is flagged edited-action', () => {
    const quoted: Post = {
      id: 'q1',
      author: 'Ava',
      createdAt: h(D1 + 1),
      editedAt: null,
      html: '<blockquote><b>Vote: Cid</b></blockquote><p>no</p>',
      channel: 'thread',
    };
    const first: Post = {
      id: 'e1',
      author: 'Bea',
      createdAt: h(D1 + 2),
      editedAt: null,
      html: '<p>thinking</p>',
      channel: 'thread',
    };
    const edit: Post = { ...first, editedAt: h(D1 + 3), html: '<p>thinking <b>Vote: Cid</b></p>' };
    const s = stateAt(six, [quoted, first, edit], D1 + 4);
    expect(s.votes.wagons).toEqual([]);
    expect(flagCodes(s)).toEqual(['edited-action']);
  });

  it('R-V3 the threshold is a strict majority of the living; a re-vote changes nothing', () => {
    const posts = [say('Ava', D1 + 1, 'Vote: Cid'), say('Bea', D1 + 2, 'Vote: Cid'), say('Ava', D1 + 3, 'Vote: Cid')];
    const s = stateAt(six, posts, D1 + 4);
    expect(s.votes.threshold).toBe(4);
    expect(s.votes.wagons[0]).toMatchObject({ voters: ['Ava', 'Bea'], posts: [posts[0]!.id, posts[1]!.id] });
  });

  it('R-V4 a missile death mid-day removes votes (target-died), recomputes the threshold and can end the day at that instant', () => {
    const posts = [
      say('Ava', dayStart(3) + 30, 'Nuke: Dot'), // lands D4 + 6
      say('Bea', D4 + 1, 'Vote: Cid'),
      say('Eve', D4 + 2, 'Vote: Cid'),
      say('Fay', D4 + 3, 'Vote: Cid'),
      say('Cid', D4 + 4, 'Vote: Dot'),
    ];
    const before = stateAt(six, posts, D4 + 5);
    expect(before.votes.threshold).toBe(4);
    const s = stateAt(six, posts, D4 + 6);
    expect(player(s, 'Dot')).toMatchObject({ alive: false, cause: 'missile' });
    expect(s.phase).toMatchObject({ name: 'D4', endReason: 'threshold', endedAt: '2026-03-12T06:00:00Z' });
    expect(s.votes.threshold).toBe(3);
    expect(player(s, 'Cid')).toMatchObject({ alive: false, cause: 'lynch', diedAt: '2026-03-12T06:00:00Z' });
    expect(flagCodes(s)).toEqual(['target-died']);
  });

  it('R-V5 invalid votes get one flag each, the first code that applies', () => {
    const posts = [
      say('Ava', 2, 'Vote: Cid'), // D0
      say('Zed', D1 + 1, 'Vote: Cid'),
      say('Bea', D1 + 2, 'Vote: Qqqqqqq'),
      say('Dot', nightStart(1) + 1, 'Vote: Cid'),
    ];
    const s = stateAt(six, posts, nightStart(1) + 2);
    expect(flagCodes(s)).toEqual(['vote-wrong-phase', 'vote-not-player', 'target-unknown', 'vote-after-day-end']);
    const dead = stateAt(
      six,
      [say('Ava', dayStart(3) + 1, 'Nuke: Bea'), say('Bea', D4 + 1, 'Vote: Cid'), say('Cid', D4 + 2, 'Vote: Bea')],
      D4 + 3,
    );
    expect(flagCodes(dead)).toEqual(['actor-dead', 'target-dead']);
  });
});
