import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { Post } from '../domain/post.js';
import { replay } from '../reporter/replay.js';
import { toStateJson } from './to-state-json.js';

// options.voteReading's form keys (docs/readings.md "Strictness"): voteFor, ownLine, unbolded, each with its
// default (what most corpus moderators did) and its other value, and zod's line-numbered refusal of bad values.
const game = (voteReading = '') =>
  parseGameFile(
    `ruleset: vanilla
moderator: Mod
players:
  - { name: Alice }
  - { name: Bob }
  - { name: Cid }
  - { name: Dan }
  - { name: Eve }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
${voteReading ? `options:\n  voteReading: ${voteReading}\n` : ''}`,
    'profile.yaml',
  );
let n = 0;
const post = (author: string, html: string): Post => {
  n += 1;
  return { id: `p${n}`, author, createdAt: `2026-03-02T0${n % 9}:00:00Z`, editedAt: null, html, channel: 'thread' };
};
const wagons = (g: ReturnType<typeof game>, posts: Post[]) => {
  const r = replay(g, posts);
  const s = toStateJson(r.context, r.at);
  return { votes: s.votes.wagons.map((w) => [w.target, w.voters]), codes: s.flags.map((f) => f.code) };
};

describe('options.voteReading form keys', () => {
  it('voteFor: `vote for X` counts by default; false refuses it, flagged vote-form-refused', () => {
    const posts = () => [post('Bob', '<b>vote for Alice</b>')];
    expect(wagons(game(), posts()).votes).toEqual([['Alice', ['Bob']]]);
    const refused = wagons(game('{ voteFor: false }'), posts());
    expect(refused.votes).toEqual([]);
    expect(refused.codes).toContain('vote-form-refused');
    expect(wagons(game('{ voteFor: false }'), [post('Bob', '<b>Vote: Alice</b>')]).votes).toEqual([['Alice', ['Bob']]]);
  });

  it('ownLine: a vote after other text on its line counts by default; true refuses it', () => {
    const posts = () => [post('Bob', 'Cross fingers, <b>vote Alice</b>'), post('Cid', '<b>Unvote, Vote: Alice</b>')];
    expect(wagons(game(), posts()).votes).toEqual([['Alice', ['Bob', 'Cid']]]);
    const strict = wagons(game('{ ownLine: true }'), posts());
    expect(strict.votes).toEqual([['Alice', ['Cid']]]);
    expect(strict.codes).toContain('vote-form-refused');
  });

  it('unbolded: a plain-text line starting with a keyword is not read by default; true counts it', () => {
    const posts = () => [post('Bob', 'Thinking.<br>vote Alice<br>I would vote Cid too')];
    expect(wagons(game(), posts()).votes).toEqual([]);
    expect(wagons(game('{ unbolded: true }'), posts()).votes).toEqual([['Alice', ['Bob']]]);
  });

  it('replacedNames: a vote naming a replaced player counts for the slot by default; refuse flags target-replaced', () => {
    const replaced = (voteReading = '') =>
      parseGameFile(
        `ruleset: vanilla
moderator: Mod
players: [{ name: Alice }, { name: Bob }, { name: Cid }, { name: Dan }, { name: Eve }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
events:
  - { at: "2026-03-02T00:30:00Z", replace: Alice, by: Zoe }
${voteReading ? `options:\n  voteReading: ${voteReading}\n` : ''}`,
        'profile.yaml',
      );
    n = 0;
    const posts = () => [post('Bob', '<b>Vote: Alice</b>'), post('Cid', '<b>Vote: Zoe</b>')];
    expect(wagons(replaced(), posts()).votes).toEqual([['Zoe', ['Bob', 'Cid']]]);
    const refused = wagons(replaced('{ replacedNames: refuse }'), posts());
    expect(refused.votes).toEqual([['Zoe', ['Cid']]]);
    expect(refused.codes).toContain('target-replaced');
    expect(wagons(replaced('{ replacedNames: refuse }'), [post('Dan', '<b>Vote: Bob</b>')]).votes).toEqual([
      ['Bob', ['Dan']],
    ]);
  });

  it('a bad value is refused with the file, the key and the line', () => {
    for (const bad of [
      '{ voteFor: sometimes }',
      '{ ownLine: 1 }',
      '{ unbolded: yes please }',
      '{ replacedNames: no }',
    ]) {
      let err: unknown;
      try {
        game(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toMatchObject({ file: 'profile.yaml', message: expect.stringContaining('options.voteReading.') });
      expect(String((err as { place?: unknown }).place)).toMatch(/\d/);
    }
  });
});
