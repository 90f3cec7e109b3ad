import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { Post } from '../domain/post.js';
import { replay } from '../reporter/replay.js';
import { toStateJson } from './to-state-json.js';

// Rows N30+ of docs/readings.md that need the game's state (who is alive), one test each, named after its id.
const game = (events: string) =>
  parseGameFile(
    `ruleset: vanilla
moderator: Mod
players:
  - { name: PeaceBuilder }
  - { name: Prickly Bear }
  - { name: Cid }
  - { name: Dan }
  - { name: Eve }
phases:
  - { name: D2, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
${events}`,
    'readings.yaml',
  );
const post = (id: string, author: string, html: string): Post => ({
  id,
  author,
  createdAt: '2026-03-02T02:00:00Z',
  editedAt: null,
  html,
  channel: 'thread',
});
const state = (g: ReturnType<typeof game>, posts: Post[]) => {
  const r = replay(g, posts);
  return toStateJson(r.context, r.at);
};

describe('name readings from N30 that need the roster', () => {
  it('N31: a form that fits several players, only one of them alive, is the living one, flagged', () => {
    const dead = game('events:\n  - { at: "2026-03-01T00:00:00Z", kill: "Prickly Bear", cause: lynch }\n');
    const s = state(dead, [post('p1', 'Cid', '<b>vote: PB</b>')]);
    expect(s.votes.wagons).toMatchObject([
      { target: 'PeaceBuilder', voters: ['Cid'], readings: [{ confidence: 'doubtful' }] },
    ]);
    expect(s.flags.map((f) => f.code)).toContain('target-guessed');
    // Both alive: still two players it could be, not counted.
    const both = state(game(''), [post('p1', 'Cid', '<b>vote: PB</b>')]);
    expect(both.votes.wagons).toEqual([]);
    expect(both.flags.map((f) => f.code)).toContain('target-ambiguous');
  });
});

describe('N32: a nickname with the real name in brackets', () => {
  it('N32: `Nickname (RealName)` counts for the player in the brackets when the nickname names nobody, flagged', () => {
    const s = state(game(''), [post('p1', 'Cid', '<b>vote: The Quiet One (Dan)</b>')]);
    expect(s.votes.wagons).toMatchObject([
      { target: 'Dan', voters: ['Cid'], readings: [{ via: 'bracketed', confidence: 'doubtful' }] },
    ]);
    expect(s.flags.map((f) => f.code)).toContain('target-guessed');
  });
  it('N32: the name before the brackets wins when it reads a player, and brackets naming nobody change nothing', () => {
    const named = state(game(''), [post('p1', 'Cid', '<b>vote: Eve (Dan)</b>')]);
    expect(named.votes.wagons).toMatchObject([{ target: 'Eve', voters: ['Cid'] }]);
    const neither = state(game(''), [post('p1', 'Cid', '<b>vote: The Quiet One (scum)</b>')]);
    expect(neither.votes.wagons).toEqual([]);
    expect(neither.flags.map((f) => f.code)).toContain('target-unknown');
  });
});
