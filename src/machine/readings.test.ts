import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { Post } from '../domain/post.js';
import { replay } from '../reporter/replay.js';
import { toStateJson } from './to-state-json.js';

// The voter readings of docs/readings.md (P*), and how a reading shows in the state JSON and the flags.
function game(extra = '', aliases = '') {
  return parseGameFile(
    `ruleset: vanilla
moderator: Mod
players:
  - { name: Alice${aliases} }
  - { name: Bob }
  - { name: Cid }
  - { name: Dan }
  - { name: Eve }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
${extra}`,
    'readings.yaml',
  );
}
let n = 0;
const post = (author: string, html: string, hour: number): Post => {
  n += 1;
  return {
    id: `p${n}`,
    author,
    createdAt: `2026-03-02T${String(hour).padStart(2, '0')}:00:00Z`,
    editedAt: null,
    html,
    channel: 'thread',
  };
};
const state = (g: ReturnType<typeof game>, posts: Post[]) => toStateJson(replay(g, posts).context, replay(g, posts).at);

describe('voter readings and confidence', () => {
  it('P1: a replaced player votes for the slot until the replacement acts, flagged', () => {
    const g = game('events:\n  - { at: "2026-03-02T01:00:00Z", replace: Bob, by: Zed }\n');
    const s = state(g, [post('Bob', '<b>Vote: Alice</b>', 2)]);
    expect(s.votes.wagons).toMatchObject([
      { target: 'Alice', voters: ['Zed'], readings: [{ formerPlayer: true, confidence: 'doubtful' }] },
    ]);
    expect(s.flags.map((f) => f.code)).toContain('vote-by-former-player');
    const later = state(g, [post('Zed', '<b>Vote: Cid</b>', 2), post('Bob', '<b>Vote: Alice</b>', 3)]);
    expect(later.votes.wagons.map((w) => w.target)).toEqual(['Cid']);
    expect(later.flags.map((f) => f.code)).toContain('vote-not-player');
    const strict = game(
      'options: { voteReading: { formerPlayerVotes: refuse } }\nevents:\n  - { at: "2026-03-02T01:00:00Z", replace: Bob, by: Zed }\n',
    );
    expect(state(strict, [post('Bob', '<b>Vote: Alice</b>', 2)]).votes.wagons).toEqual([]);
  });

  it('P2: the last vote that names somebody counts when the last one names nobody', () => {
    const s = state(game(), [post('Bob', '<b>Vote: Alice</b><br><b>vote counters hate this</b>', 2)]);
    expect(s.votes.wagons.map((w) => [w.target, w.voters])).toEqual([['Alice', ['Bob']]]);
    expect(s.flags.map((f) => f.code)).toContain('target-unknown');
  });

  it('P4: the moderator’s post saying the votes are reset now clears them, flagged; an ignore ruling undoes it', () => {
    const posts = (reset: string) => [
      post('Bob', '<b>Vote: Alice</b>', 2),
      post('Cid', '<b>Vote: Alice</b>', 3),
      post('Mod', reset, 4),
      post('Dan', '<b>Vote: Bob</b>', 5),
    ];
    const s = state(game(), posts('Sending out a prod, vote count is reset.<br>Vote Count 3.2.1'));
    expect(s.votes.wagons.map((w) => [w.target, w.voters])).toEqual([['Bob', ['Dan']]]);
    expect(s.flags.filter((f) => f.code === 'votes-reset-by-post')).toMatchObject([
      { actor: 'Mod', message: expect.stringContaining('2 cleared') },
    ]);
    const past = state(game(), posts('As of now, the votes have been all reset to null.'));
    expect(past.votes.wagons.map((w) => w.target)).toEqual(['Bob']);
    for (const rule of [
      "I'll probably reset the vote count too.",
      'Votes will be reset at the start of each day.',
      'Votes are reset at the start of each day.',
      '<blockquote>the votes have been reset</blockquote>',
    ]) {
      const kept = state(game(), posts(rule));
      expect(
        kept.votes.wagons.map((w) => w.target),
        rule,
      ).toEqual(['Alice', 'Bob']);
    }
    const player = [post('Bob', '<b>Vote: Alice</b>', 2), post('Cid', 'the votes are reset', 3)];
    expect(state(game(), player).votes.wagons.map((w) => w.target)).toEqual(['Alice']);
    const mod = post('Mod', 'vote count is reset', 4);
    const ruled = game(`events:\n  - { post: ${mod.id}, ignore: true }\n`);
    expect(state(ruled, [post('Bob', '<b>Vote: Alice</b>', 2), mod]).votes.wagons.map((w) => w.target)).toEqual([
      'Alice',
    ]);
  });

  it('P7: the moderator’s count listing every living player at 0 clears the votes standing, flagged', () => {
    const posts = (count: string, author = 'Mod') => [
      post('Bob', '<b>Vote: Alice</b>', 2),
      post('Cid', '<b>Vote: Alice</b>', 3),
      post(author, count, 4),
      post('Dan', '<b>Vote: Bob</b>', 5),
    ];
    const lines = (f: (name: string) => string) => ['Alice', 'Bob', 'Cid', 'Dan', 'Eve'].map(f).join('<br>');
    const forms = [
      `Day 1 has begun.<br><br>Vote Count 1.1<br><br>${lines((p) => `${p}(0):`)}<br>No Lynch(0):<br><br>Not Voting(5): Alice, Bob, Cid, Dan, Eve<br>With five alive, it takes three to lynch.`,
      `Current Votecount:<br>5/31/11 12:09 pm<br>D 1.1<br>${lines((p) => `${p}        0`)}<br>With 5 alive it takes 3 to lynch!<br>Deadline is at 12:09pm PST, on June 21st.`,
      `Votecount 1.12<br>----------<br>${lines((p) => `${p} - [0]`)}<br>No Lynch - [0]<br>Deadline: (expired on 2014-07-20 22:00:00)`,
    ];
    for (const count of forms) {
      const s = state(game(), posts(count));
      expect(
        s.votes.wagons.map((w) => [w.target, w.voters]),
        count,
      ).toEqual([['Bob', ['Dan']]]);
      expect(s.flags.filter((f) => f.code === 'votes-reset-by-count')).toMatchObject([
        { actor: 'Mod', message: expect.stringContaining('while 2 votes stood') },
      ]);
    }
    for (const kept of [
      `Vote Count 1.2<br>${lines((p) => (p === 'Alice' ? 'Alice (2) Bob, Cid' : `${p} (0)`))}`,
      `Votecount 1.5<br>${lines((p) => (p === 'Alice' ? 'Alice - [0] [Bob, Cid]' : `${p} - [0]`))}`,
      `Vote Count 1.3<br>${lines((p) => (p === 'Alice' ? 'Alice (L-1) - Bob, Cid' : `${p} (0) -`))}`,
      'Vote Count 1.4<br>Bob (0)<br>Cid (0)<br>Dan (0)<br>Eve (0)<br>No Lynch (0)',
      `<blockquote>Vote Count 1.1<br>${lines((p) => `${p}(0):`)}</blockquote>`,
    ]) {
      expect(
        state(game(), posts(kept)).votes.wagons.map((w) => w.target),
        kept,
      ).toEqual(['Alice', 'Bob']);
    }
    expect(state(game(), posts(forms[0] as string, 'Cid')).votes.wagons.map((w) => w.target)).toEqual(['Alice', 'Bob']);
    const mod = post('Mod', forms[2] as string, 4);
    const ruled = game(`events:\n  - { post: ${mod.id}, ignore: true }\n`);
    expect(state(ruled, [post('Bob', '<b>Vote: Alice</b>', 2), mod]).votes.wagons.map((w) => w.target)).toEqual([
      'Alice',
    ]);
  });

  it('P5: the exact name of a later replacement counts for the slot they take, flagged', () => {
    const g = game('events:\n  - { at: "2026-03-02T05:00:00Z", replace: Bob, by: Zed }\n');
    const s = state(g, [post('Cid', '<b>Vote: zed</b>', 2)]);
    expect(s.votes.wagons).toMatchObject([
      { target: 'Bob', voters: ['Cid'], readings: [{ via: 'incoming', confidence: 'doubtful' }] },
    ]);
    expect(s.flags.filter((f) => f.code === 'target-guessed').map((f) => f.message)).toEqual([
      expect.stringContaining('Zed replaces Bob'),
    ]);
    expect(state(game(), [post('Cid', '<b>Vote: zed</b>', 2)]).votes.wagons).toEqual([]);
  });

  it('P6: an author whose name is one player’s with one word changed (same first letter) votes for that slot, flagged', () => {
    const g = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: KissMeQuick }, { name: Bob }, { name: Cid }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
      'p6.yaml',
    );
    const s = state(g, [post('KickMeQuick', '<b>Vote: Bob</b>', 2), post('KickYouQuick', '<b>Vote: Cid</b>', 3)]);
    expect(s.votes.wagons.map((w) => [w.target, w.voters])).toEqual([['Bob', ['KissMeQuick']]]);
    expect(s.flags.filter((f) => f.code === 'author-guessed').map((f) => f.actor)).toEqual(['KickMeQuick']);
    expect(s.flags.filter((f) => f.code === 'vote-not-player').map((f) => f.actor)).toEqual(['KickYouQuick']);
  });

  it('issue 28 item 3 (P8): an account on no slot whose name reads as a living player: vote-not-player names the player', () => {
    const g = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: SunnyDale }, { name: Bob }, { name: Cid }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
      'unlisted.yaml',
    );
    const s = state(g, [post('RainyDale', '<b>Vote: Bob</b>', 2), post('Stranger', '<b>Vote: Cid</b>', 3)]);
    expect(s.votes.wagons).toEqual([]);
    const [head, stranger] = s.flags.filter((f) => f.code === 'vote-not-player');
    expect(head).toMatchObject({ actor: 'RainyDale', argument: 'RainyDale', reading: 'SunnyDale' });
    expect(head?.message).toContain("list it under SunnyDale's accounts in the game file and its votes count");
    expect(stranger).toMatchObject({ actor: 'Stranger' });
    expect(stranger).not.toHaveProperty('reading');
  });

  it('P8: a hydra head posting from their own account acts for the slot when the game file lists the account', () => {
    const g = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: WormKrew, accounts: [SleepKrew] }, { name: Bob }, { name: Cid }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
      'p8.yaml',
    );
    const s = state(g, [post('SleepKrew', '<b>Vote: Bob</b>', 2), post('Cid', '<b>Vote: SleepKrew</b>', 3)]);
    expect(s.votes.wagons.map((w) => [w.target, w.voters])).toEqual([
      ['Bob', ['WormKrew']],
      ['WormKrew', ['Cid']],
    ]);
    expect(s.flags.filter((f) => f.code === 'vote-not-player')).toEqual([]);
    // Without the account listed, the same post is refused, as before.
    const without = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: WormKrew }, { name: Bob }, { name: Cid }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
      'p8-without.yaml',
    );
    const refused = state(without, [post('SleepKrew', '<b>Vote: Bob</b>', 2)]);
    expect(refused.votes.wagons).toEqual([]);
  });

  it('every counted vote carries its reading: sure ones silently, doubtful ones with a flag and the reason', () => {
    const s = state(game(), [post('Bob', '<b>Vote: Alice</b>', 2), post('Cid', '<b>Vote: Alicw</b>', 3)]);
    expect(s.votes.wagons[0]?.readings).toMatchObject([
      { via: 'exact', confidence: 'sure', argument: 'Alice' },
      { via: 'edit-distance', confidence: 'doubtful', argument: 'Alicw', distance: 1 },
    ]);
    expect(s.flags.filter((f) => f.code === 'target-guessed').map((f) => f.actor)).toEqual(['Cid']);
  });

  it('issue 28 item 3: a doubtful target reading’s flag gives its reason and its runner-up, or says there is none', () => {
    const g = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: Quill }, { name: Quell88 }, { name: Marigold }, { name: Dan }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
      'runner-up.yaml',
    );
    const s = state(g, [post('Dan', '<b>Vote: quilll</b>', 2), post('Marigold', '<b>Vote: Qwill</b>', 3)]);
    expect(s.votes.wagons[0]?.readings).toMatchObject([
      { via: 'edit-distance', confidence: 'doubtful', runnerUp: 'Quell88', margin: 1 },
      { via: 'edit-distance', confidence: 'doubtful' },
    ]);
    const messages = s.flags.filter((f) => f.code === 'target-guessed').map((f) => f.message);
    expect(messages[0]).toContain('a near spelling, 1 edit away; runner-up Quell88, 1 more');
    expect(messages[1]).toContain('a near spelling, 1 edit away; no other player reads so');
  });

  it('issue 28 item 3: N31 names the dead player it also fits as the runner-up; P3 an author’s runner-up or none', () => {
    const g = parseGameFile(
      `ruleset: vanilla
moderator: Mod
players: [{ name: PeaceBringer }, { name: Prolapsed Brain }, { name: Cid }, { name: Dan }, { name: sapovirus }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
events:
  - { at: "2026-03-02T01:00:00Z", kill: Prolapsed Brain }
`,
      'n31.yaml',
    );
    const s = state(g, [post('Cid', '<b>Vote: PB</b>', 2), post('saporovirus', '<b>Vote: Dan</b>', 3)]);
    expect(s.votes.wagons.find((w) => w.target === 'PeaceBringer')?.readings[0]).toMatchObject({
      confidence: 'doubtful',
      runnerUp: 'Prolapsed Brain',
    });
    const author = s.flags.find((f) => f.code === 'author-guessed');
    expect(author?.message).toContain('read as sapovirus (a renamed account?; no other player reads so)');
  });

  it('N15: a vote that only resolves after removing invisible characters counts and is flagged target-normalized', () => {
    const s = state(game(), [post('Bob', '<b>Vote: Al\u200bice</b>', 2), post('Cid', '<b>Vote: Ａｌｉｃｅ</b>', 3)]);
    expect(s.votes.wagons.map((w) => [w.target, w.voters])).toEqual([['Alice', ['Bob', 'Cid']]]);
    expect(s.flags.filter((f) => f.code === 'target-normalized').map((f) => f.actor)).toEqual(['Bob', 'Cid']);
  });

  it('N16: the mod’s alias for a doubtful form removes the flag for every later vote of that form', () => {
    const posts = () => [post('Bob', '<b>Vote: Alicw</b>', 2), post('Cid', '<b>Vote: Alicw</b>', 3)];
    expect(state(game(), posts()).flags.filter((f) => f.code === 'target-guessed')).toHaveLength(2);
    const ruled = state(game('', ', aliases: [Alicw]'), posts());
    expect(ruled.flags.filter((f) => f.code === 'target-guessed')).toEqual([]);
    expect(ruled.votes.wagons[0]?.readings.map((r) => r.via)).toEqual(['alias', 'alias']);
  });

  it('A7: a misspelt action word counts, flagged action-misspelt', () => {
    const s = state(game(), [post('Bob', '<b>veot: Alice</b>', 2)]);
    expect(s.votes.wagons[0]?.readings).toMatchObject([
      { confidence: 'doubtful', reason: expect.stringContaining('veot') },
    ]);
    expect(s.flags.map((f) => f.code)).toContain('action-misspelt');
  });

  it('names: strict refuses the doubtful readings, flagged target-doubtful', () => {
    const s = state(game('options: { voteReading: { names: strict } }\n'), [post('Bob', '<b>Vote: Alicw</b>', 2)]);
    expect(s.votes.wagons).toEqual([]);
    expect(s.flags.map((f) => f.code)).toEqual(['target-doubtful']);
  });

  it('an unknown voteReading key is refused with the game file and line named', () => {
    let err: unknown;
    try {
      game('options: { voteReading: { names: sloppy } }\n');
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ file: 'readings.yaml', message: expect.stringContaining('options.voteReading.names') });
    expect(String((err as { place?: unknown }).place)).toMatch(/\d/);
  });
});
