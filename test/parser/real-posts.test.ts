import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedPost } from '../../src/domain/action.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { buildNameIndex, resolveName } from '../../src/parser/resolve-name.js';

/** The MafiaScum corpus beside the repository (../shared), read at run time, never copied. */
const DONBOT = new URL('../../../shared/eval-data/mafiascum-donbot/', import.meta.url);
const GAMES = ['15787', '15783', '58383', '17143', '71047', '16214'];

interface GamePost {
  id: string;
  author: string;
  html: string;
  number: number;
}

const lines = (path: URL) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const gamePosts = (thread: string): GamePost[] =>
  lines(new URL(`games/${thread}/posts.jsonl`, DONBOT)) as unknown as GamePost[];

function gamePost(thread: string, id: string): GamePost {
  const post = gamePosts(thread).find((p) => p.id === id);
  if (!post) throw new Error(`post ${id} not in games/${thread}/posts.jsonl`);
  return post;
}

/** `posts/<thread>.jsonl` holds the scrape as donbot stored it: the HTML is in `content`. */
function rawContent(thread: string, id: string): string {
  const post = lines(new URL(`posts/${thread}.jsonl`, DONBOT)).find((p) => p.id === id);
  if (!post || typeof post.content !== 'string') throw new Error(`post ${id} not in posts/${thread}.jsonl`);
  return post.content;
}

const read = (html: string): ParsedPost => extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });
const brief = (p: ParsedPost) => p.actions.map((a) => [a.kind, a.argument, a.form]);

function rosterOf(thread: string) {
  const expected = JSON.parse(readFileSync(new URL(`games/${thread}/expected.json`, DONBOT), 'utf8')) as {
    slots: { key: string; names: string[] }[];
  };
  const roster = expected.slots.flatMap((s, slot) => s.names.map((name) => ({ slot, name, isAlias: false })));
  return { index: buildNameIndex(roster), keys: expected.slots.map((s) => s.key) };
}

describe('real MafiaScum posts (donbot posts/*.jsonl, field content)', () => {
  it('15783 #81: Thor665 quotes his own `Unvote: AGar / Vote: Powerrox93`; the quote is no vote', () => {
    const html = rawContent('15783', '2663333');
    expect(html).toContain('Vote: Powerrox93');
    expect(read(html).actions).toEqual([]);
  });

  it('15783 #10: a bold `Vote Dramonerx` without colon is read as a vote', () => {
    expect(brief(read(rawContent('15783', '2660828')))).toEqual([['vote', 'Dramonerx', 'bold']]);
  });

  it('15787 #72: the mod’s bold `Votecount 1.01` block holds no action', () => {
    const r = read(rawContent('15787', '2664041'));
    expect(r.actions).toEqual([]);
  });

  it('15787 #494: `unvote (If I had to) vote AntB` ends on a vote for AntB', () => {
    expect(brief(read(rawContent('15787', '2701082'))).at(-1)).toEqual(['vote', 'AntB', 'bold']);
  });
});

describe('real MafiaScum posts (games/*/posts.jsonl, field html)', () => {
  it('15787 #484: `vote beefster` resolves to the dead Beefster, not a living look-alike (archive note)', () => {
    const r = read(gamePost('15787', '2700193').html);
    expect(brief(r)).toEqual([['vote', 'beefster', 'bold']]);
    const { index, keys } = rosterOf('15787');
    const match = resolveName(r.actions[0]?.argument ?? '', index);
    expect(match.kind === 'player' && keys[match.slot]).toBe('Beefster');
  });

  it('15783 #10: `Dramonerx` is given to nobody (the old tool gave it to someone else)', () => {
    const { index } = rosterOf('15783');
    expect(resolveName('Dramonerx', index)).toEqual({ kind: 'unknown' });
  });

  it('15783 #364: `/vote seraphim` (a slash before the keyword) counts, as the mod counted it', () => {
    const r = read(gamePost('15783', '2686470').html);
    expect(brief(r)).toEqual([['vote', 'seraphim', 'bold']]);
  });

  it('71047 #93: the vote tag `VOTE: unvote` is an unvote', () => {
    expect(brief(read(gamePost('71047', '8981149').html))).toEqual([['unvote', null, 'tag']]);
  });

  it('71047 #2495: a bold `Unvote<br>` with the line break inside the run', () => {
    expect(brief(read(gamePost('71047', '9121554').html))).toEqual([['unvote', null, 'bold']]);
  });

  it('15787 #634: `Unovte; Vote: Substrike` votes after the `;`, as the mod counted it (it decided D2)', () => {
    const r = read(gamePost('15787', '2716601').html);
    expect(brief(r).at(-1)).toEqual(['vote', 'Substrike', 'bold']);
    expect(r.diagnostics).toEqual([]);
  });

  it('16214 #432: `OMGUS Vote: NavyCherub` is a near-miss, not a vote', () => {
    const r = read(gamePost('16214', '2770678').html);
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });

  it('16214 #141: a vote after a quote, with a misspelt name (`EL SIMIO` → el simo)', () => {
    const r = read(gamePost('16214', '2754975').html);
    expect(brief(r)).toEqual([['vote', 'EL SIMIO', 'bold']]);
    const { index, keys } = rosterOf('16214');
    const match = resolveName('EL SIMIO', index);
    expect(match.kind === 'player' && keys[match.slot]).toBe('el simo');
  });

  it('15783 #0: the opening post (fieldset, bold flavour text) holds no action', () => {
    const r = read(gamePost('15783', '2659916').html);
    expect(r.actions).toEqual([]);
  });
});

describe('the whole corpus (≈7,650 posts of games/*/posts.jsonl)', () => {
  const all = GAMES.flatMap((thread) => gamePosts(thread).map((p) => ({ thread, ...p })));

  it('holds every game thread', () => {
    expect(readdirSync(new URL('games/', DONBOT)).filter((f) => GAMES.includes(f))).toHaveLength(6);
    expect(all.length).toBeGreaterThan(7600);
  });

  it('reads every post without throwing, in every syntax and channel', () => {
    let actions = 0;
    for (const post of all) {
      for (const channel of ['thread', 'pm'] as const) {
        const r = extractActions(post.html, { syntax: ['bold', 'tag', 'hash'], channel });
        expect(Array.isArray(r.actions)).toBe(true);
        if (channel === 'thread') actions += r.actions.length;
      }
    }
    expect(actions).toBeGreaterThan(1500);
  });

  it('every vote tag outside quotes and spoilers is read, and none inside them', async () => {
    const { load } = await import('cheerio');
    const excluded =
      'blockquote, q, pre, code, .quotecontent, .quotetitle, .codebox, .signature, [title^="This text is hidden"]';
    let tags = 0;
    for (const post of all) {
      const $ = load(post.html);
      $(excluded).remove();
      const expected = $('.bbvote').length;
      const got = read(post.html).actions.filter((a) => a.form === 'tag').length;
      expect({ id: post.id, tags: got }).toEqual({ id: post.id, tags: expected });
      tags += expected;
    }
    expect(tags).toBeGreaterThan(800);
  });
});
