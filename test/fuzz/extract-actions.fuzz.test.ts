import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionForm } from '../../src/domain/action.js';
import { deepMarkupNote, MAX_MARKUP_DEPTH, ShallowParser } from '../../src/domain/shallow-markup.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { walkPlainMarkup } from '../../src/parser/plain-markup.js';
import { FUZZ_RUNS as RUNS, FUZZ_SEED as SEED } from './budget.js';
import { mutatedBody } from './mutations.js';
import { realBodies } from './real-bodies.js';

// Issue 14 item 7: the parser over mutated real posts. Seeded and bounded (budget.ts).
const FORMS: ActionForm[] = ['bold', 'tag', 'hash'];

describe('extractActions over mutated real posts', () => {
  const bodies = realBodies();

  it(`${RUNS} bodies: never throws, never gives up on a post, returns well-formed actions`, () => {
    fc.assert(
      fc.property(
        mutatedBody(bodies),
        fc.subarray(FORMS, { minLength: 1 }),
        fc.constantFrom('thread' as const, 'pm' as const),
        (html, syntax, channel) => {
          const read = extractActions(html, { syntax, channel });
          // The parser catches its own failures as an html-malformed diagnostic; one here is a bug it hid.
          const gaveUp = read.diagnostics.find((d) => d.message.startsWith('the post could not be read'));
          expect(gaveUp?.message).toBeUndefined();
          for (const a of read.actions) {
            expect(syntax).toContain(a.form);
            expect(typeof a.text).toBe('string');
            expect(a.argument === null || typeof a.argument === 'string').toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});

// Issue 33 M1: a player's long line of votes, and deep nesting. Each body is read once in well under a second now
// (a 240 KB line of votes took 4.7 s and held 250 MB when each vote quoted its own copy of the line); sizes stay
// within what a forum takes (phpBB's default limit is 60 KB) up to a few times more.
const VOTE_UNITS = [
  '<strong class="text-strong">Vote: Ava</strong> ',
  '<b>Vote: Bob</b>',
  '<b>unvote </b>',
  '<b>Vote:</b> Cy ',
  '<span class="bbvote" title="This is an official vote.">VOTE: Dee</span>',
  '<b>Vote: Eve, vote Fay; unvote</b> ',
  '##Vote: Gil ',
  '<b>\u200bVote: Hal\u00a0</b>',
];

describe('extractActions over long one-line vote posts and deep nesting', () => {
  it('a line of up to 240 KB of votes: every vote read, each quote at most 300 characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VOTE_UNITS), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 10_000, max: 240_000 }),
        fc.subarray(FORMS, { minLength: 1 }),
        (units, chars, syntax) => {
          const unit = units.join('');
          const html = unit.repeat(Math.ceil(chars / unit.length));
          const read = extractActions(html, { syntax, channel: 'thread' });
          expect(read.diagnostics.find((d) => d.message.startsWith('the post could not be read'))).toBeUndefined();
          if (syntax.includes('bold') && units.every((u) => u.startsWith('<b>Vote: Bob'))) {
            expect(read.actions).toHaveLength(html.length / unit.length);
          }
          for (const a of read.actions) expect(a.text.length).toBeLessThanOrEqual(300);
        },
      ),
      { seed: SEED, numRuns: 12 },
    );
  }, 60_000);

  it('m2: 100,000 nested elements, closed or not, with votes inside: read, the votes found, the cut said', () => {
    for (const tag of ['div', 'b', 'blockquote', 'span']) {
      for (const closed of [true, false]) {
        const depth = 100_000;
        const html = `<b>Vote: Ava</b>${`<${tag}>`.repeat(depth)}<b>Vote: Bob</b>${closed ? `</${tag}>`.repeat(depth) : ''}`;
        const read = extractActions(html, { syntax: ['bold'], channel: 'thread' });
        expect(read.diagnostics.find((d) => d.message.startsWith('the post could not be read'))).toBeUndefined();
        if (tag !== 'blockquote') expect(read.actions.map((a) => a.argument)).toContain('Ava');
        const cut = read.diagnostics.find((d) => d.code === 'html-malformed' && d.message.startsWith('markup nested'));
        expect(cut?.message).toBe(deepMarkupNote(depth + 1));
      }
    }
    // A vote after the deep markup closes is read: the cut holds only what was nested past the limit.
    const after = `${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}<b>Vote: Cy</b>`;
    expect(extractActions(after, { syntax: ['bold'], channel: 'thread' }).actions.map((a) => a.argument)).toEqual([
      'Cy',
    ]);
  }, 60_000);

  it('m2: the HTML parser never holds more than MAX_MARKUP_DEPTH elements open; its work per tag (what it holds) stays flat from 10,000 levels to 100,000', () => {
    // htmlparser2 shifts, unshifts and searches its open elements at each tag: its work is what it holds, tag by tag.
    const work = (depth: number) => {
      const html = `<!-- not plain -->${'<div><b>'.repeat(depth / 2)}Vote: Ava${'</b></div>'.repeat(depth / 2)}`;
      let open = 0;
      let most = 0;
      let held = 0;
      let tags = 0;
      const counter = {
        onopentagname: () => {
          open += 1;
          most = Math.max(most, open);
          held += open;
          tags += 1;
        },
        onclosetag: () => {
          open -= 1;
        },
      };
      new ShallowParser(counter, html, () => open).end(html);
      // The plain reader hands such markup to it rather than walk it itself.
      const plain = html.slice('<!-- not plain -->'.length);
      expect(walkPlainMarkup(plain, { open: () => true, text: () => true, close: () => {}, end: () => true })).toBe(
        false,
      );
      return { most, perTag: held / tags, tags };
    };
    const small = work(10_000);
    const large = work(100_000);
    expect(small.most).toBeLessThanOrEqual(MAX_MARKUP_DEPTH);
    expect(large.most).toBeLessThanOrEqual(MAX_MARKUP_DEPTH);
    expect(large.perTag).toBeLessThanOrEqual(small.perTag * 1.5);
  }, 60_000);
});
