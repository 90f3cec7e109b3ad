import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDump } from '../../src/app/load-dump.js';
import type { Post } from '../../src/domain/post.js';

/**
 * The two games the whole-game suites play: the recorded DEFCON game (test/games/defcon-sample: role requests,
 * launches, a Submarine and night actions, all by PM) through D4 into D5, and a small vanilla game written here
 * (a mafia kill by PM, two hammers, the town's win). Each as its game file for a forum and its posts in order.
 */
export interface WholeGame {
  name: 'defcon' | 'vanilla';
  /** The game file for a thread on `platform` at `url`, moderated by `moderator`, roster and lock kept. */
  gameText(platform: string, url: string, moderator: string): string;
  posts: Post[];
  players: string[];
  /** The player who never answers their role PM (nor sends any PM): the one nudged. */
  silent: string;
  /** When the first phase starts, and the instant the game is played to. */
  start: number;
  end: number;
}

const H = 3_600_000;
const SAMPLE = join(import.meta.dirname, '..', 'games', 'defcon-sample');

function defcon(): Omit<WholeGame, 'silent'> {
  const text = readFileSync(join(SAMPLE, 'game.yaml'), 'utf8');
  const end = Date.parse('2026-03-15T12:00:00Z');
  const seen = new Set<string>();
  // First versions only: a forum fake holds a post's present text (edits are test/desk's).
  const posts = loadDump(join(SAMPLE, 'posts.jsonl')).filter(
    (p) => !seen.has(p.id) && seen.add(p.id) && Date.parse(p.createdAt) <= end,
  );
  return {
    name: 'defcon',
    gameText: (platform, url, moderator) =>
      text
        .replace(/thread: \{[^}]*\}/, `thread: { platform: ${platform}, url: "${url}", roster: true, lock: true }`)
        .replace(/^moderator: .*$/m, `moderator: "${moderator}"`)
        .replace(/options: \{ seed: "petrov-1983" \}/, 'options: { seed: "petrov-1983", confirmHours: 24 }'),
    posts,
    players: [...text.matchAll(/- \{ name: (\w+), faction/g)].map((m) => m[1]!),
    start: Date.parse('2026-03-02T00:00:00Z'),
    end,
  };
}

const VANILLA_PLAYERS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus'];
const MAFIA = new Set(['Eve', 'Finn']);

function vanilla(): Omit<WholeGame, 'silent'> {
  const t0 = Date.parse('2026-05-04T18:00:00Z');
  const iso = (t: number) => new Date(t).toISOString();
  let n = 0;
  const at = (hours: number, author: string, html: string, channel: 'thread' | 'pm' = 'thread'): Post => {
    n += 1;
    return {
      id: String(9000 + n),
      author,
      createdAt: iso(t0 + hours * H),
      editedAt: null,
      html: `<p>${html}</p>`,
      channel,
      ...(channel === 'pm' ? { to: 'Mod' } : { number: n }),
    } as Post;
  };
  const vote = (hours: number, author: string, target: string) => at(hours, author, `<strong>Vote: ${target}</strong>`);
  const posts = [
    at(1, 'Alice', 'Morning all. Who looks scummy to you?'),
    // Bob's first vote: the moderator later rules it void (after the day's first count), and Bob votes again.
    vote(2, 'Bob', 'Alice'),
    vote(3, 'Cleo', 'Eve'),
    vote(4, 'Dan', 'Eve'),
    vote(5, 'Eve', 'Cleo'),
    at(9, 'Gus', 'Still reading the thread.'),
    vote(14, 'Bob', 'Eve'),
    vote(16, 'Finn', 'Cleo'),
    // The hammer: four of seven on Eve.
    vote(20, 'Gus', 'Eve'),
    at(50, 'Finn', '<strong>Kill: Cleo</strong>', 'pm'),
    at(62, 'Alice', 'Cleo, gone. Finn voted Cleo yesterday with Eve.'),
    vote(63, 'Alice', 'Finn'),
    vote(64, 'Finn', 'Alice'),
    vote(66, 'Dan', 'Finn'),
    // The hammer: three of five on Finn, the last mafia.
    vote(70, 'Gus', 'Finn'),
  ];
  const phases = [
    ['D1', 0, 48],
    ['N1', 48, 60],
    ['D2', 60, 108],
    ['N2', 108, 120],
  ] as const;
  return {
    name: 'vanilla',
    gameText: (platform, url, moderator) =>
      [
        'ruleset: vanilla',
        'title: "Whole Game Vanilla"',
        `moderator: "${moderator}"`,
        'timezone: UTC',
        `thread: { platform: ${platform}, url: "${url}", roster: true, lock: true }`,
        'players:',
        ...VANILLA_PLAYERS.map((p) => `  - { name: "${p}", faction: ${MAFIA.has(p) ? 'mafia' : 'town'} }`),
        'phases:',
        ...phases.map(
          ([name, from, to]) =>
            `  - { name: ${name}, start: "${iso(t0 + from * H)}", deadline: "${iso(t0 + to * H)}" }`,
        ),
        'options: { confirmHours: 24 }',
        '',
      ].join('\n'),
    posts,
    players: VANILLA_PLAYERS,
    start: t0,
    end: t0 + 80 * H,
  };
}

/** The last player who sends no PM in the game. */
const silentOf = (players: string[], posts: Post[]) =>
  [...players].reverse().find((p) => !posts.some((q) => q.channel === 'pm' && q.author === p))!;

const withSilent = (g: Omit<WholeGame, 'silent'>): WholeGame => ({ ...g, silent: silentOf(g.players, g.posts) });

export const GAMES = { defcon: () => withSilent(defcon()), vanilla: () => withSilent(vanilla()) };
