import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { Post } from '../domain/post.js';
import { replay } from '../reporter/replay.js';
import { toStateJson } from './to-state-json.js';

// Never end a day on a doubt (issue 28 item 2): the shape of a real Day 1 that a counter ended on a one-edit guess
// (`VOTE: <name less one letter>` read as the 7th, hammering vote) while the real moderator did not count it and
// the day went on. Invented names; R-V3 (majority), R-P5 (a day ends when an option reaches it), R-V5 (a vote not
// counted), docs/readings.md N8 (a near spelling is doubtful).
const PLAYERS = ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou', 'Pre77er'];

function game(events = '') {
  return parseGameFile(
    `ruleset: vanilla
moderator: Mod
players:
${PLAYERS.map((p) => `  - { name: ${p} }`).join('\n')}
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-09T00:00:00Z" }
  - { name: N1, start: "2026-03-09T00:00:00Z" }
${events ? `events:\n${events}` : ''}`,
    'held-hammer.yaml',
  );
}

const post = (id: string, author: string, html: string, minute: number): Post => ({
  id,
  author,
  createdAt: new Date(Date.parse('2026-03-02T01:00:00Z') + minute * 60_000).toISOString().replace('.000Z', 'Z'),
  editedAt: null,
  html,
  channel: 'thread',
});

/** Six sure votes on Pre77er (L-1 of 7 with 13 alive), then Kit's one-edit guess `Pr77er` as the seventh. */
const SIX = ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay'].map((a, i) => post(`p${i + 1}`, a, '<b>VOTE: Pre77er</b>', i));
const GUESS = post('p7', 'Kit', '<b>VOTE: Pr77er</b>', 10);

const state = (g: ReturnType<typeof game>, posts: Post[]) => {
  const r = replay(g, posts);
  return toStateJson(r.context, r.at, r.machineState);
};
const at = (minute: number) => post('x', 'x', '', minute).createdAt;

describe('a doubtful reading never ends a day by itself (hammer-needs-ruling)', () => {
  it('R-V3/R-P5 + N8: a one-edit guess as the majority vote holds the day open and asks the mod, in words', () => {
    const s = state(game(), [...SIX, GUESS]);
    expect(s.phase?.name).toBe('D1');
    expect(s.phase?.endedAt).toBeNull();
    expect(s.machine).toBe('day.open');
    expect(s.eliminations).toEqual([]);
    const wagon = s.votes.wagons[0]!;
    expect(wagon).toMatchObject({ target: 'Pre77er', count: 7 });
    expect(wagon.readings.at(-1)).toMatchObject({ argument: 'Pr77er', confidence: 'doubtful', held: true });
    const flag = s.flags.find((f) => f.code === 'hammer-needs-ruling');
    expect(flag).toMatchObject({ postId: 'p7', actor: 'Kit', argument: 'Pr77er', reading: 'Pre77er' });
    expect(flag?.message).toContain('Kit wrote "VOTE: Pr77er"');
    expect(flag?.message).toContain('read as a vote for Pre77er');
    expect(flag?.message).toMatch(/came second|no other player came close/);
    expect(flag?.message).toContain('would end D1 with 7 of 7 votes');
    // The guess itself is still flagged as a guess (N8), beside the hold.
    expect(s.flags.map((f) => f.code)).toContain('target-guessed');
  });

  it('R-V5: later votes still count while the day waits (no vote-after-day-end)', () => {
    const s = state(game(), [...SIX, GUESS, post('p8', 'Gus', '<b>VOTE: Ann</b>', 20)]);
    expect(s.flags.map((f) => f.code)).not.toContain('vote-after-day-end');
    expect(s.votes.wagons.map((w) => [w.target, w.count])).toEqual([
      ['Pre77er', 7],
      ['Ann', 1],
    ]);
  });

  it('a "count it" ruling ({post, vote}) ends the day at that post, replayably from the game file alone', () => {
    const s = state(game('  - { post: p7, vote: Pre77er, note: "count it" }'), [
      ...SIX,
      GUESS,
      post('p8', 'Gus', '<b>VOTE: Ann</b>', 20),
    ]);
    expect(s.phase?.endedAt).toBe(GUESS.createdAt);
    expect(s.phase?.endReason).toBe('threshold');
    expect(s.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch', at: at(10) }]);
    expect(s.flags.map((f) => f.code)).not.toContain('hammer-needs-ruling');
    expect(s.flags.map((f) => f.code)).toContain('vote-after-day-end');
  });

  it('a "not" ruling ({post, ignore}) leaves the vote uncounted and the day open', () => {
    const s = state(game('  - { post: p7, ignore: true }'), [...SIX, GUESS]);
    expect(s.phase?.endedAt).toBeNull();
    expect(s.votes.wagons).toMatchObject([{ target: 'Pre77er', count: 6 }]);
    expect(s.flags.map((f) => f.code)).not.toContain('hammer-needs-ruling');
  });

  it('R-V3: a later sure vote that reaches majority without the held one ends the day at that later post', () => {
    const s = state(game(), [...SIX, GUESS, post('p8', 'Gus', '<b>VOTE: Pre77er</b>', 30)]);
    expect(s.phase?.endedAt).toBe(at(30));
    expect(s.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch' }]);
  });

  it('R-V3: the voter re-voting the name spelt right lifts the hold: the day ends at the re-vote', () => {
    const s = state(game(), [...SIX, GUESS, post('p8', 'Kit', '<b>VOTE: Pre77er</b>', 30)]);
    expect(s.phase?.endedAt).toBe(at(30));
    expect(s.votes.wagons[0]?.readings.at(-1)).not.toHaveProperty('held');
  });

  it('R-V3: a sure seventh vote still ends the day at once, and a doubtful vote that decides nothing is not held', () => {
    const sure = state(game(), [...SIX, post('p7', 'Kit', '<b>VOTE: Pre77er</b>', 10)]);
    expect(sure.phase?.endedAt).toBe(at(10));
    const early = state(game(), [post('p1', 'Kit', '<b>VOTE: Pr77er</b>', 1)]);
    expect(early.flags.map((f) => f.code)).not.toContain('hammer-needs-ruling');
    expect(early.votes.wagons[0]?.readings[0]).not.toHaveProperty('held');
  });

  it("interfaces §3 (a replaced player's name reads as the slot): as the hammer it is held too, with that reason", () => {
    const g = game('  - { at: "2026-03-02T00:30:00Z", replace: Pre77er, by: Zed }');
    const six = ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay'].map((a, i) => post(`p${i + 1}`, a, '<b>VOTE: Zed</b>', i));
    const s = state(g, [...six, post('p7', 'Kit', '<b>VOTE: Pre77er</b>', 10)]);
    expect(s.phase?.endedAt).toBeNull();
    const flag = s.flags.find((f) => f.code === 'hammer-needs-ruling');
    expect(flag?.message).toContain("a replaced player's name (now Zed)");
    const ruled = game(`  - { at: "2026-03-02T00:30:00Z", replace: Pre77er, by: Zed }\n  - { post: p7, vote: Zed }`);
    const counted = state(ruled, [...six, post('p7', 'Kit', '<b>VOTE: Pre77er</b>', 10)]);
    expect(counted.phase?.endedAt).toBe(at(10));
  });

  it('A55–A57 (broken markup): a vote read through it is doubtful, so as the hammer it is held, the markup named', () => {
    for (const html of [
      '[vote[Pre77er[/vote]',
      '<span class="bbvote" title="This is an official vote.">VOTE: Pre77er[/b]</span>',
      'Pre77er <span class="bbvote" title="This is an official vote.">VOTE: </span>',
    ]) {
      const s = state(game(), [...SIX, post('p7', 'Kit', html, 10)]);
      expect(s.phase?.endedAt).toBeNull();
      const reading = s.votes.wagons[0]?.readings.at(-1);
      expect(reading).toMatchObject({
        confidence: 'doubtful',
        held: true,
        reason: expect.stringMatching(/broken markup/),
      });
      expect(s.flags.map((f) => f.code)).toEqual(expect.arrayContaining(['html-malformed', 'hammer-needs-ruling']));
    }
  });

  it('R-V1: a post whose earlier vote would hammer before its later vote replaces it is flagged, not read silently', () => {
    const both = post('p7', 'Kit', '<b>VOTE: Pre77er</b><br>wait, no<br><b>VOTE: Ann</b>', 10);
    const s = state(game(), [...SIX, both]);
    expect(s.phase?.endedAt).toBeNull();
    expect(s.votes.wagons.map((w) => [w.target, w.count])).toEqual([
      ['Pre77er', 6],
      ['Ann', 1],
    ]);
    const flag = s.flags.find((f) => f.code === 'hammer-earlier-vote');
    expect(flag).toMatchObject({ postId: 'p7', actor: 'Kit', reading: 'Pre77er' });
    expect(flag?.message).toContain('would have ended D1 on Pre77er');
    const counted = state(game('  - { post: p7, vote: Pre77er }'), [...SIX, both]);
    expect(counted.phase?.endedAt).toBe(at(10));
    expect(counted.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch' }]);
  });
});
