import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionForm, ParsedPost } from '../domain/action.js';
import { isNoLynch } from './argument.js';
import { extractActions } from './extract-actions.js';
import { normalizeName } from './name-words.js';
import { buildNameIndex, resolveName } from './resolve-name.js';

const FORMS: ActionForm[] = ['bold', 'tag', 'hash'];
const KINDS = new Set(['vote', 'unvote', 'nuke', 'abort', 'target', 'guess', 'kill', 'doomsday', 'request']);

function wellFormed(r: ParsedPost): void {
  expect(Array.isArray(r.actions)).toBe(true);
  expect(Array.isArray(r.diagnostics)).toBe(true);
  for (const a of r.actions) {
    expect(KINDS.has(a.kind)).toBe(true);
    expect(FORMS).toContain(a.form);
    expect(typeof a.text).toBe('string');
    expect(a.argument === null || typeof a.argument === 'string').toBe(true);
    if (a.noLynch) expect(a.kind).toBe('vote');
  }
}

const syntax = fc.subarray(FORMS);
const channel = fc.constantFrom('thread' as const, 'pm' as const);

/** HTML-like soup: real tag names, broken tags, entities, keywords, stray closers. */
const piece = fc.oneof(
  fc.constantFrom(
    '<b>',
    '</b>',
    '<strong>',
    '</strong>',
    '<blockquote>',
    '</blockquote>',
    '<div style="display:inline;font-weight:bold">',
    '</div>',
    '<span class="bbvote" title="This is an official vote.">',
    '</span>',
    '<br>',
    '</br>',
    '<p>',
    '</p>',
    '<q>',
    '<pre>',
    '<code',
    '<!--',
    '-->',
    '<![CDATA[',
    '<script>',
    '&nbsp;',
    '&#x200B;',
    '&amp',
    'Vote: ',
    'Unvote',
    '##vote ',
    'Nuke:',
    'Target:',
    ', ',
    '; ',
    '.',
    '|',
    '<',
    '>',
    '"',
    "'",
    '\n',
    'no lynch',
  ),
  fc.string({ maxLength: 12 }),
);
const soup = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

describe('never throws', () => {
  it('on any string, any Unicode included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ maxLength: 400, unit: 'binary' }),
          fc.string({ maxLength: 200, unit: 'grapheme' }),
        ),
        syntax,
        channel,
        (html, s, c) => {
          wellFormed(extractActions(html, { syntax: s, channel: c }));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on malformed HTML soup', () => {
    fc.assert(
      fc.property(soup, syntax, channel, (html, s, c) => {
        wellFormed(extractActions(html, { syntax: s, channel: c }));
      }),
      { numRuns: 800 },
    );
  });

  it('on empty input, and on input that is not a string at all', () => {
    expect(extractActions('', { syntax: ['bold'], channel: 'thread' })).toEqual({ actions: [], diagnostics: [] });
    const bad = extractActions(null as unknown as string, { syntax: ['bold'], channel: 'thread' });
    expect(bad.actions).toEqual([]);
  });

  it('on a 1 MB post, with a post-too-large diagnostic, still reading its actions', () => {
    const filler = '<p>lorem ipsum dolor sit amet</p>'.repeat(33_000);
    const html = `<b>Vote: First</b>${filler}<b>Vote: Last</b>`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const r = extractActions(html, { syntax: ['bold'], channel: 'thread' });
    expect(r.actions.map((a) => a.argument)).toEqual(['First', 'Last']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['post-too-large']);
  });

  it('on 20,000 nested elements', () => {
    const html = `${'<div><b>'.repeat(10_000)}Vote: Deep${'</b></div>'.repeat(10_000)}`;
    expect(extractActions(html, { syntax: ['bold'], channel: 'thread' }).actions.map((a) => a.argument)).toEqual([
      'Deep',
    ]);
  });

  it('reports an unclosed quote that swallowed the rest of the post as html-malformed', () => {
    const r = extractActions('<b>Vote: A</b><blockquote>quoted <b>Vote: B</b>', {
      syntax: ['bold'],
      channel: 'thread',
    });
    expect(r.actions.map((a) => a.argument)).toEqual(['A']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['html-malformed']);
  });

  it('resolveName on any string', () => {
    const index = buildNameIndex([
      { slot: 0, name: 'Alice', isAlias: false },
      { slot: 1, name: 'Bob the Builder', isAlias: false },
      { slot: 1, name: 'BtB', isAlias: true },
    ]);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (arg) => {
        const m = resolveName(arg, index);
        expect(['player', 'no-lynch', 'unknown', 'ambiguous']).toContain(m.kind);
      }),
      { numRuns: 500 },
    );
  });
});

const EXCLUDERS: [string, string][] = [
  ['<blockquote>', '</blockquote>'],
  ['<blockquote class="uncited"><div>', '</div></blockquote>'],
  ['<q>', '</q>'],
  ['<pre>', '</pre>'],
  ['<code>', '</code>'],
  ['<div class="quotecontent">', '</div>'],
  ['<div class="quotetitle">', '</div>'],
  ['<span class="md-spoiler-text">', '</span>'],
  ['<div class="spoiler">', '</div>'],
  ['<div class="bbCodeSpoiler">', '</div>'],
  ['<span class="bbCodeInlineSpoiler">', '</span>'],
  ['<div class="bbCodeBlock bbCodeBlock--quote">', '</div>'],
  ['<blockquote class="ipsQuote">', '</blockquote>'],
  ['<div class="ipsSpoiler">', '</div>'],
  ['<aside class="quote">', '</aside>'],
  ['<div class="bbcode_container">', '</div>'],
  ['<div class="codebox">', '</div>'],
  ['<div class="signature">', '</div>'],
  ['<div id="spoiler_7">', '</div>'],
  ['<span title="This text is hidden to prevent spoilers">', '</span>'],
];

const name = fc.stringMatching(/^[A-Z][a-z]{3,8}$/);
const action = (n: string) =>
  fc.constantFrom(
    `<b>Vote: ${n}</b>`,
    `<strong>vote ${n}</strong>`,
    `<div style="display:inline;font-weight:bold">VOTE: ${n}</div>`,
    `<span class="bbvote" title="This is an official vote.">VOTE: ${n}</span>`,
    `<p>##Vote: ${n}</p>`,
    `<b>Unvote, Vote: ${n}</b>`,
  );
const filler = fc.constantFrom('', 'text ', '<p>a paragraph</p>', '<br>', '<i>x</i>', '<fieldset>area</fieldset>');

describe('actions inside an excluded container never appear', () => {
  it('whatever the container, the nesting and the text around it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...EXCLUDERS), { minLength: 1, maxLength: 3 }),
        name.chain((n) => fc.tuple(fc.constant(n), action(`Hidden${n}`))),
        name.chain((n) => fc.tuple(fc.constant(n), action(`Own${n}`))),
        filler,
        filler,
        ([...wrappers], [, hidden], [ownName, own], before, after) => {
          const open = wrappers.map(([o]) => o).join('');
          const close = wrappers
            .map(([, c]) => c)
            .reverse()
            .join('');
          const html = `${before}${open}${before}${hidden}${after}${close}${after}${own}`;
          const r = extractActions(html, { syntax: ['bold', 'tag', 'hash'], channel: 'thread' });
          const args = r.actions.map((a) => a.argument ?? '');
          expect(args.some((a) => a.includes('Hidden'))).toBe(false);
          expect(args).toContain(`Own${ownName}`);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('document order and forms', () => {
  it('every action is read, in the order written', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(name, { minLength: 1, maxLength: 6 })
          .chain((names) =>
            fc.tuple(fc.constant(names), fc.tuple(...names.map((n) => action(n))), fc.array(filler, { minLength: 6 })),
          ),
        ([names, actions, fills]) => {
          const html = actions.map((a, i) => `${fills[i] ?? ''}${a}<br>`).join('');
          const r = extractActions(html, { syntax: ['bold', 'tag', 'hash'], channel: 'thread' });
          const votes = r.actions.filter((a) => a.kind === 'vote').map((a) => a.argument);
          expect(votes).toEqual(names);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a roster name always resolves to its own slot', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 14 }), { maxLength: 12 }), (names) => {
        // A name that reads as no lynch (also after a mention prefix: `@NL`) is no lynch, by §2's order.
        const usable = names.filter(
          (n) => normalizeName(n) !== '' && !isNoLynch(n) && !isNoLynch(n.replace(/^\s*(?:\/?u\/|@)/i, '')),
        );
        const distinct = new Set(usable.map(normalizeName)).size === usable.length;
        fc.pre(distinct && usable.length > 0);
        const index = buildNameIndex(usable.map((n, slot) => ({ slot, name: n, isAlias: false })));
        usable.forEach((n, slot) => {
          expect(resolveName(n, index)).toEqual({ kind: 'player', slot, via: 'exact' });
        });
      }),
      { numRuns: 300 },
    );
  });
});
