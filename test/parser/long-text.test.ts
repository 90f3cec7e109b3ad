import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpace, LONG_TEXT, oneSpaced, replaceLong, TextBuilder } from '../../src/domain/long-text.js';
import { cleanText } from '../../src/parser/html-scan.js';
import { decodeEntities } from '../../src/parser/plain-markup.js';

// Issue 33 M1: a long text is rewritten by hand or piece by piece (one global replace over it was not linear), and
// must read exactly as the one replace did, long or short, cut anywhere.
const PIECES = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u200b',
  '\u00ad',
  'a',
  'Vote: Ava',
  '&amp;',
  '&bogus;',
  '&',
  '\\_',
  '\\\\',
  '\\',
  '.',
  'é',
  '\ud83d\ude00',
];
const text = (min: number, max: number) =>
  fc.array(fc.constantFrom(...PIECES), { minLength: min, maxLength: max }).map((parts) => parts.join(''));
/** Short texts, and texts long enough to be rewritten by hand or in pieces. */
const anyText = fc.oneof(text(0, 40), text(LONG_TEXT / 4, LONG_TEXT * 2));

describe('long texts rewritten in linear time read as one replace does (issue 33 M1)', () => {
  it('oneSpaced is `replace(/\\s+/g, " ")`; isSpace is `\\s`', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        expect(oneSpaced(t)).toBe(t.replace(/\s+/g, ' '));
      }),
      { numRuns: 60 },
    );
    for (let code = 0; code < 0x10000; code += 1) expect(isSpace(code)).toBe(/\s/.test(String.fromCharCode(code)));
  });

  it('replaceLong cut where no match runs across: the same string as one replace', () => {
    const escaped = /\\([\\`*_{}[\]()#+\-.!~>|])/g;
    fc.assert(
      fc.property(anyText, (t) => {
        const by = (_: string, c: string) => c;
        expect(replaceLong(t, escaped, by, (s, at) => s[at - 1] !== '\\')).toBe(t.replace(escaped, '$1'));
      }),
      { numRuns: 60 },
    );
  });

  it('cleanText and decodeEntities over long texts: as their one-replace forms', () => {
    const clean = (t: string) =>
      t.replace(/[\r\n\t\f\v\u00a0\u2028\u2029]/g, ' ').replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '');
    fc.assert(
      fc.property(anyText, (t) => {
        expect(cleanText(t)).toBe(clean(t));
        const known = t.replace(/&bogus;/g, '').replace(/&(?![a-z]+;)/g, '&amp;');
        expect(decodeEntities(known)).toBe(known.replace(/&amp;/g, '&'));
        if (t.includes('&bogus;')) expect(decodeEntities(t)).toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it('TextBuilder joins its parts in order, past a thousand of them, and starts again empty', () => {
    const b = new TextBuilder();
    const parts = Array.from({ length: 5000 }, (_, i) => String(i % 10));
    for (const p of parts) b.add(p);
    expect(b.length).toBe(5000);
    expect(b.take()).toBe(parts.join(''));
    b.add('x');
    expect(b.take()).toBe('x');
  });
});
