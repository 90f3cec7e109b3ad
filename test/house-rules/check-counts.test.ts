import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseGameFile } from '../../src/app/load-game-file.js';
import type { Post } from '../../src/domain/post.js';
import { readWrittenCount } from '../../src/parser/moderator-count.js';
import { ageWords, checkGameCounts, checkLines } from '../../src/reporter/count-checks.js';
import { runMain } from '../helpers/run-main.js';
import { tempDir } from '../temp-dir.js';

// H-VC6 (docs/rules/house-rules.md): the moderator's own counts, read and checked against moddesk's.

const GAME = `ruleset: vanilla
moderator: Host
players:
  - { name: Ann }
  - { name: Bob }
  - { name: Carl }
  - { name: Dee Dee }
  - { name: Eve }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-09T00:00:00Z" }
`;

let n = 0;
beforeEach(() => {
  n = 0;
});
function post(author: string, at: string, html: string): Post {
  n += 1;
  return {
    id: `p${n}`,
    author,
    createdAt: `2026-03-02T${at}:00Z`,
    editedAt: null,
    html,
    channel: 'thread',
    number: n,
  };
}
const vote = (name: string) => `<span class="bbvote" title="This is an official vote.">VOTE: ${name}</span>`;
const UNVOTE = '<span class="bbvote" title="This is an official unvote.">UNVOTE: </span>';
const label = (posts: Post[]) => (id: string) => `#${posts.find((p) => p.id === id)?.number ?? id}`;

function check(posts: Post[], marginMs?: number): string[] {
  const game = parseGameFile(GAME, 'g.yaml');
  return checkGameCounts(game, posts, marginMs).flatMap(({ context, check }) =>
    checkLines(context, check, label(posts)),
  );
}

describe('H-VC6 reading a hand-written count', () => {
  it('H-VC6 reads the layouts real counts use: (N):, [N] -, - N (…), (L-n):, a table, [L~n] first, numbered lines', () => {
    const html = [
      'Vote Count 1.3',
      'Bob (2): Ann, Carl',
      'Eve [1] - Dee Dee',
      'Carl - 1 (Eve)',
      'Ann (L-4): Bob',
      'Dee Dee            2  Ann, Bob',
      '[L~4] Eve - [Carl]',
      '3. Bob -2 (Ann, Carl)',
      'Not voting (2): Dee Dee, Eve',
      'With 5 alive, it takes 3 to lynch.',
    ].join('<br>\n');
    const c = readWrittenCount(html);
    expect(c.wagons.map((w) => [w.target, w.voters, w.stated])).toEqual([
      ['Bob', ['Ann', 'Carl'], 2],
      ['Eve', ['Dee Dee'], 1],
      ['Carl', ['Eve'], 1],
      ['Ann', ['Bob'], null],
      ['Dee Dee', ['Ann', 'Bob'], 2],
      ['Eve', ['Carl'], null],
      ['Bob', ['Ann', 'Carl'], 2],
    ]);
    expect(c.notVoting).toEqual(['Dee Dee', 'Eve']);
  });

  it('H-VC6 leaves out struck-through voters (a history) and quoted text; splits two wagons run together', () => {
    const html =
      '<blockquote>Bob (5): Ann, Carl, Dee, Eve</blockquote>Votecount<br>Bob (1): <s>Ann</s> Carl<br>' +
      'Ann (1) Eve, Carl (1) Bob';
    const c = readWrittenCount(html);
    expect(c.wagons.map((w) => [w.target, w.voters])).toEqual([
      ['Bob', ['Carl']],
      ['Ann', ['Eve']],
      ['Carl', ['Bob']],
    ]);
  });
});

describe('H-VC6 checking the moderator’s counts', () => {
  it('H-VC6 a count that leaves out a bold vote older than the margin: one line naming the vote’s post and its age', () => {
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '11:00', '<b>Vote: Bob</b>'),
      post('Host', '14:30', 'Vote Count 1.1<br>Bob (1): Carl<br>Not voting: Ann, Bob, Dee Dee, Eve'),
    ];
    expect(check(posts)).toEqual(["count #3 leaves out Ann's vote for Bob in #1, posted 4½ h earlier"]);
  });

  it('H-VC6 a count that keeps a voter on a wagon they left: the unvote, or the later vote, explains it', () => {
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '10:05', vote('Bob')),
      post('Ann', '11:00', UNVOTE),
      post('Carl', '11:30', vote('Eve')),
      post('Host', '14:00', 'Vote Count 1.1<br>Bob (2): Ann, Carl'),
    ];
    expect(check(posts)).toEqual([
      'count #5 has Ann on Bob, but Ann unvoted in #3, 3 h earlier',
      'count #5 has Carl on Bob, but Carl voted Eve in #4, 2½ h earlier',
    ]);
  });

  it('H-VC6 a count matching moddesk’s says nothing; a vote younger than the margin crossed the count and is not reported', () => {
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '13:50', vote('Bob')),
      post('Host', '14:00', 'Vote Count 1.1<br>Bob (1): Ann<br>Not voting: Bob, Carl, Dee Dee, Eve'),
    ];
    expect(check(posts)).toEqual([]);
    expect(check(posts, 5 * 60_000)).toEqual(["count #3 leaves out Carl's vote for Bob in #2, posted 10 min earlier"]);
  });

  it('H-VC6 a name in the count that reads nobody makes it a partial read: votes it seems to leave out are not reported', () => {
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '10:00', vote('Bob')),
      post('Host', '14:00', 'Vote Count 1.1<br>Bob (2): Ann, Zorro'),
    ];
    const game = parseGameFile(GAME, 'g.yaml');
    const [checked] = checkGameCounts(game, posts);
    expect(checked?.check.read).toBe('partial');
    expect(checked?.check.unreadNames).toEqual(['Zorro']);
    expect(checkLines(checked!.context, checked!.check, label(posts))).toEqual([]);
  });

  it('H-VC6 a post’s age at the count in words: minutes, half hours, days', () => {
    expect(ageWords(3.6 * 3_600_000)).toBe('3½ h');
    expect(ageWords(25 * 60_000)).toBe('25 min');
    expect(ageWords(50 * 3_600_000)).toBe('2 days');
  });
});

describe('H-VC6 moddesk check-counts', () => {
  it('H-VC6 prints one line per difference on stdout and exits 0; what it could not read goes to stderr', async () => {
    const dir = tempDir('check-counts');
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '10:00', vote('Eve')),
      post('Carl', '11:00', UNVOTE),
      post('Host', '14:30', 'Vote Count 1.1<br>Eve (1): Zorro<br>Not voting: Ann, Bob, Carl, Dee Dee'),
      post('Host', '15:00', 'Vote Count 1.2<br>Bob (1): Ann<br>Eve (1): Carl'),
    ];
    writeFileSync(join(dir, 'g.yaml'), GAME);
    writeFileSync(join(dir, 'p.jsonl'), `${posts.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const r = await runMain(['check-counts', '--game', join(dir, 'g.yaml'), '--posts', join(dir, 'p.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual([
      `count #${posts[4]?.number} has Carl on Eve, but Carl unvoted in #${posts[2]?.number}, 4 h earlier`,
    ]);
    expect(r.err).toContain('read in part ("Zorro" reads as nobody)');
    expect(r.err).toContain('checked 2 moderator count(s)');
  });
});

describe('H-VC6 names a count runs together', () => {
  it('H-VC6 voters written with spaces only are split into the exact names they hold', () => {
    const posts = [
      post('Ann', '10:00', vote('Bob')),
      post('Carl', '10:00', vote('Bob')),
      post('Dee Dee', '10:00', vote('Bob')),
      post('Host', '14:00', 'Vote Count 1.1<br>Bob (3): Ann Dee Dee Carl'),
    ];
    const game = parseGameFile(GAME, 'g.yaml');
    const [checked] = checkGameCounts(game, posts);
    expect(checked?.check.read).toBe('full');
    expect(checkLines(checked!.context, checked!.check, label(posts))).toEqual([]);
  });
});
