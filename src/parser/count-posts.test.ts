import { describe, expect, it } from 'vitest';
import { asksForCount, countNumberOf, readsAsVoteCount } from './count-posts.js';

// H-CR1 and the count heading (docs/rules/house-rules.md): the forms are those found in the real threads.
const bold = (s: string) => `<p>Hm. <strong>${s}</strong></p>`;
const ASKS = [
  'VC',
  'VC please',
  'vote count please',
  'votecount?',
  'votecount please.',
  'Votecount mod?',
  '@mod: vote count please?',
  'Mod: vote count plz',
  '@mod VC please?',
  'Can we get a vote count?',
  'Can I get a vote count please',
  'Mod, could we have a vote count?',
  'How about a votecount mod?',
  'Hey mod.....votecount?',
  '@boon can we get a votecount please',
  'mod can we get a vc please ?',
];
const NOT_ASKS = [
  'Vote Count',
  'Vote count 1.1',
  'vote count 2',
  'VC stuff take notice',
  'Unofficial VC 2.02',
  'Vote: VC',
];

describe('a player asking for a count', () => {
  it.each(ASKS)('%s', (s) => expect(asksForCount(bold(s))).toBe(s));
  it.each(NOT_ASKS)('not %s', (s) => expect(asksForCount(bold(s))).toBeNull());
  it('not in a quote, a spoiler or plain text', () => {
    expect(asksForCount('<blockquote><strong>VC please</strong></blockquote>')).toBeNull();
    expect(asksForCount('<p>VC please</p>')).toBeNull();
    expect(asksForCount('<div style="display:inline;font-weight:bold">VC please</div>')).toBe('VC please');
  });
});

describe('a moderator post that is a vote count', () => {
  it.each([
    '<b>Vote Count 2.3</b><br>Ava (1): Bea',
    'Hello.<br><br><b>Day 1 Vote Count (#6)</b><br>Ava - 1 (Bea)',
    '<legend>Votecount 4.01</legend>Ava (1)',
    'Official Vote Count 1.05 Tiger quoll<br>…',
    'A warning first.<br>Vote Count #1.3: Day One<br>Ava (1): Bea',
  ])('%s', (html) => expect(readsAsVoteCount(html)).toBe(true));
  it.each([
    'Role PMs are going out now. I will announce the start with a votecount.',
    'Votecount coming when I get my internet back.',
    '<b>Unofficial vote count</b><br>Ava (1)',
    'Day 1 has begun!',
  ])('not %s', (html) => expect(readsAsVoteCount(html)).toBe(false));
});

describe('countNumberOf: the number a moderator gave their count (issue 32, M2)', () => {
  it('reads day and number from the heading, in its width', () => {
    expect(countNumberOf('<p><strong>Votecount 1.01</strong></p>')).toEqual({ day: 1, n: 1, width: 2 });
    expect(countNumberOf('[b]Vote Count 2.13[/b] (through post #412)')).toEqual({ day: 2, n: 13, width: 2 });
    expect(countNumberOf('<b>VC 3.5</b>')).toEqual({ day: 3, n: 5, width: 1 });
    expect(countNumberOf('<b>Vote Count</b> after the reset')).toBeNull();
    expect(countNumberOf('I voted 1.5 times')).toBeNull();
  });
});
