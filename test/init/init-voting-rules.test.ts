import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseGameFile } from '../../src/app/load-game-file.js';
import { gameFileText } from '../../src/cli/init/game-file-text.js';
import { readRoster } from '../../src/cli/init/opening-post.js';
import { readVotingRules } from '../../src/cli/init/voting-rules.js';

// docs/game-file.md "Voting rules read by init" (rows I1..I6) and the roster's `X (replaces Y)` (docs/guide.md §2).
const rules = (html: string) => Object.fromEntries(readVotingRules(html).map((r) => [r.key, r.value]));

describe('init: the voting rules of the opening post', () => {
  it('I1 "unbolded votes will not count" and "votes must be bolded … to count" read as voteReading.unbolded false', () => {
    expect(rules('Rule 6: Please bold your votes or use tags, as unbolded votes will not count.')).toEqual({
      'voteReading.unbolded': false,
    });
    expect(rules('Votes must be bolded or in VOTE: tags to count.')).toEqual({ 'voteReading.unbolded': false });
    expect(rules("If your vote isn't bolded, it will not count.")).toEqual({ 'voteReading.unbolded': false });
  });

  it('I2 "bold tags will not be counted" and "votes that do not use the vote tags will not count" read as syntax [tag]; broken bold tags do not', () => {
    expect(rules('Please use vote tags to place your votes. Bold tags will not be counted.')).toEqual({
      syntax: ['tag'],
    });
    expect(rules('Votes that do not use the vote tags will not count.')).toEqual({ syntax: ['tag'] });
    expect(rules("5a) Broken bold tags won't count.")).toEqual({});
  });

  it('I3 "you must unvote before voting" reads unvoteRequired true; "unvotes are not required" and "you don\'t need to unvote" false', () => {
    expect(rules('You must unvote before you vote again, otherwise your vote will not be altered.')).toEqual({
      unvoteRequired: true,
    });
    expect(rules('Unvotes are recommended but not mandatory.')).toEqual({ unvoteRequired: false });
    expect(rules("You don't need to unvote, but I'd like it.")).toEqual({ unvoteRequired: false });
    expect(rules('It is not necessary to name the player you are unvoting.')).toEqual({});
  });

  it('I4 a vote at the start of its own line, required, reads voteReading.ownLine; "helpful, but not required" does not', () => {
    expect(rules('Votes should be in bold AND AT THE START OF A NEW LINE in order for them to count.')).toEqual({
      'voteReading.unbolded': false,
      'voteReading.ownLine': true,
    });
    expect(rules('Voting at the beginning of a line is also helpful, but not required.')).toEqual({});
  });

  it('I5 "votes for replaced players do not count" reads voteReading.replacedNames refuse', () => {
    expect(rules('Votes for replaced players do not count.')).toEqual({ 'voteReading.replacedNames': 'refuse' });
  });

  it('I6 the deadline outcome: the most votes is plurality, no majority at deadline is no lynch; a day that ends before its deadline says nothing', () => {
    expect(
      rules('If there is no majority at deadline, the player with the highest number of votes will be lynched.'),
    ).toEqual({ deadlineOutcome: 'plurality' });
    expect(rules('If a majority is not reached by deadline no lynch occurs.')).toEqual({
      deadlineOutcome: 'no-lynch',
    });
    expect(
      rules(
        'Days will last a maximum of 2 weeks, but can be shorter if a lynch or no lynch is reached before the deadline.',
      ),
    ).toEqual({});
  });

  it('I1..I6 the written game file holds each option with its sentence quoted beside it, and loads', () => {
    const html =
      'Rules<br>You must unvote before you vote again.<br>Votes must be bolded to count.<br>If no majority is reached at deadline, the day will end in a no lynch.<br>Players<br>1. Ann<br>2. Bob<br>3. Cy';
    const text = gameFileText({
      title: 'Rules Mafia',
      moderator: 'Host',
      platform: 'phpbb',
      url: 'https://forum.example/viewtopic.php?t=1',
      timezone: 'UTC',
      ruleset: 'vanilla',
      start: '2026-03-02T00:00:00Z',
      deadline: null,
      slots: readRoster(html),
      rules: readVotingRules(html),
    });
    expect(text).toContain(
      '  unvoteRequired: true  # guessed from the opening post: "You must unvote before you vote again."',
    );
    expect(text).toContain('    unbolded: false  # guessed from the opening post: "Votes must be bolded to count."');
    const game = parseGameFile(text, 'rules.yaml');
    expect(game.options).toMatchObject({
      unvoteRequired: true,
      deadlineOutcome: 'no-lynch',
      voteReading: { unbolded: false },
    });
  });
});

describe('init: MafiaScum replacement chains in the roster', () => {
  it('"X (replaces Y)" and "X (replaces Y replaces Z)" and "X (replaces Y (replaces Z))": the first player is the oldest', () => {
    const slots = readRoster(
      'Players<br>01. Umlaut (replaces Boonie)<br>02. Firebird (replaces The Bulge (replaces Chum))<br>03. Vee (replaces Shuffle replaces Play) - Town Cop<br>04. Kay',
    );
    expect(slots.map((s) => [s.name, ...s.replacedBy])).toEqual([
      ['Boonie', 'Umlaut'],
      ['Chum', 'The Bulge', 'Firebird'],
      ['Play', 'Shuffle', 'Vee'],
      ['Kay'],
    ]);
  });
});

describe('init: rosters as moderators leave them at game end', () => {
  it('a spoiler or short heading naming the living or the dead starts a list; the same slot in two lists is one slot, with its longest chain', () => {
    const slots = readRoster(
      "Spoiler: Still Here:<br>Spoiler:<br>4. Faro <s>Pete</s><br>7. Mike<br>Player's alive:<br>3. Reg<br>Players dead:<br>1. Andy - Serial Killer, lynched Day 2<br>4. Faro, Vanilla Town, shot Night 3",
    );
    expect(slots.map((s) => [s.name, ...s.replacedBy])).toEqual([['Pete', 'Faro'], ['Mike'], ['Reg'], ['Andy']]);
  });

  it('a fate or role written straight after the name, with no dash or comma, is not part of it', () => {
    const slots = readRoster(
      'Alive:<br>Matias endgamed D5<br>redFF <s>lane</s> won D5<br>Monkey576 who was a Mafia Goon, was lynched Day 1.',
    );
    expect(slots.map((s) => [s.name, ...s.replacedBy])).toEqual([['Matias'], ['lane', 'redFF'], ['Monkey576']]);
  });
});

// The real opening posts, as their moderators left them at game end (../shared/eval-data, read at test time).
const DONBOT = fileURLToPath(new URL('../../../shared/eval-data/mafiascum-donbot/', import.meta.url));
if (!existsSync(DONBOT)) throw new Error(`the real games are missing: looked for ${DONBOT}`);

describe('init on the 66 real opening posts', () => {
  it('I1..I6 every game file written with the rules read from a real opening post loads; the rules and the exact rosters found are as measured', () => {
    const found: Record<string, number> = {};
    const norm = (n: string) => n.toLowerCase().replace(/[\s_]+/g, '');
    let games = 0;
    let exact = 0;
    let chains = 0;
    for (const part of ['games', 'train'])
      for (const thread of readdirSync(join(DONBOT, part))) {
        const posts = join(DONBOT, part, thread, 'posts.jsonl');
        if (!existsSync(posts)) continue;
        games += 1;
        const first = JSON.parse(readFileSync(posts, 'utf8').split('\n')[0] as string);
        const players = (
          parse(readFileSync(join(DONBOT, part, thread, 'day-1.game.yaml'), 'utf8')) as {
            players: { name: string }[];
          }
        ).players;
        const rules = readVotingRules(first.html);
        const want = (
          JSON.parse(readFileSync(join(DONBOT, part, thread, 'expected.json'), 'utf8')) as {
            slots: { names: string[] }[];
          }
        ).slots.map((slot) => slot.names.map(norm));
        const got = readRoster(first.html).map((slot) => [slot.name, ...slot.replacedBy].map(norm));
        const same = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
        if (
          same(
            want.map((w) => w[0] as string),
            got.map((g) => g[0] as string),
          )
        ) {
          exact += 1;
          if (
            same(
              want.map((w) => w.join('>')),
              got.map((g) => g.join('>')),
            )
          )
            chains += 1;
        }
        for (const r of rules) found[r.key] = (found[r.key] ?? 0) + 1;
        const text = gameFileText({
          title: thread,
          moderator: first.author,
          platform: 'phpbb',
          url: 'https://forum.example/viewtopic.php?t=1',
          timezone: 'UTC',
          ruleset: 'vanilla',
          start: '2026-03-02T00:00:00Z',
          deadline: null,
          slots: players.map((p) => ({ name: p.name, replacedBy: [], line: p.name })),
          rules,
        });
        expect(() => parseGameFile(text, `${thread}.yaml`), thread).not.toThrow();
      }
    expect(games).toBe(66);
    // scripts/init-rosters.mjs prints the same figures: exact first players, and exact with replacement chains.
    expect(exact).toBeGreaterThanOrEqual(25);
    expect(chains).toBeGreaterThanOrEqual(18);
    expect(found).toEqual({
      unvoteRequired: 12,
      'voteReading.unbolded': 14,
      deadlineOutcome: 14,
      'voteReading.ownLine': 1,
      syntax: 1,
    });
  });
});
