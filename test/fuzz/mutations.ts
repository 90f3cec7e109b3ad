import fc from 'fast-check';

// What a hostile player can put in a post (issue 14): deep nesting, huge bold runs, unclosed tags, invisible and
// lookalike characters, entity floods, tag soup. Each mutation maps a body to a body; sizes stay bounded so that
// 20,000 of them fit in CI (the bench measures the big sizes).
type Mutation = (body: string) => string;

const at = (body: string, pos: number) => Math.floor(pos * (body.length + 1));
const insertAt = (what: string) => (pos: number) => (body: string) => {
  const i = at(body, pos);
  return body.slice(0, i) + what + body.slice(i);
};
const unit = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

const TAGS = ['div', 'b', 'strong', 'span', 'i', 'blockquote', 'p', 'font', 'u', 'code'];
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u202d', '\u0301', '\u034f'];
const LOOKALIKE = ['\uff36\uff4f\uff54\uff45', 'V\u043ete', '\u0412ote', 'Vo\u200bte', 'VOTE\u0308', '\ud835\udc15ote'];
const ENTITIES = [
  '&amp;',
  '&lt;b&gt;',
  '&#8203;',
  '&#x200B;',
  '&#0;',
  '&#xFFFFFF;',
  '&#99999999999;',
  '&bogus;',
  '&',
  '&#',
  '&nbsp;',
];
const SOUP = [
  '<',
  '>',
  '</',
  '<b',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<script>',
  '</div></div></div>',
  '<br/>',
  '"\'',
  '<b class="x>',
  '[b]',
  '[/b]',
  '[quote]',
  '<blockquote><div><cite>',
];

const nestingOf = (closed: fc.Arbitrary<boolean>, maxDepth: number): fc.Arbitrary<Mutation> =>
  fc
    .record({ tag: fc.constantFrom(...TAGS), depth: fc.integer({ min: 1, max: maxDepth }), pos: unit, closed })
    .map(({ tag, depth, pos, closed }) => (body) => {
      const i = at(body, pos);
      const open = `<${tag}>`.repeat(depth);
      return body.slice(0, i) + open + body.slice(i) + (closed ? `</${tag}>`.repeat(depth) : '');
    });
const nesting = nestingOf(fc.boolean(), 3000);

const boldRun: fc.Arbitrary<Mutation> = fc
  .record({
    word: fc.constantFrom('a', 'vote ', 'Vote: ', 'x y ', ': ', '. ', 'unvote ', '<br>', 'Vote: Bob<br>', '\u200b'),
    chars: fc.integer({ min: 1, max: 2000 }),
    pos: unit,
  })
  .map(({ word, chars, pos }) => insertAt(`<b>${word.repeat(Math.ceil(chars / word.length))}</b>`)(pos));

const unclosed: fc.Arbitrary<Mutation> = fc.oneof(
  unit.map((pos) => (body: string) => body.slice(0, at(body, pos))),
  fc.constant((body: string) => body.replace(/<\/[a-z]+>/g, '')),
  fc
    .record({ tag: fc.constantFrom(...TAGS, 'blockquote', 'q'), pos: unit })
    .map(({ tag, pos }) => insertAt(`<${tag}>`)(pos)),
);

const invisible: fc.Arbitrary<Mutation> = fc
  .array(fc.record({ ch: fc.constantFrom(...INVISIBLE, ...LOOKALIKE), pos: unit }), { minLength: 1, maxLength: 40 })
  .map((edits) => (body) => edits.reduce((b, e) => insertAt(e.ch)(e.pos)(b), body));

const entityFlood: fc.Arbitrary<Mutation> = fc
  .record({
    entity: fc.constantFrom(...ENTITIES),
    count: fc.integer({ min: 1, max: 3000 }),
    pos: unit,
    bold: fc.boolean(),
  })
  .map(({ entity, count, pos, bold }) => {
    const flood = entity.repeat(count);
    return insertAt(bold ? `<b>${flood}</b>` : flood)(pos);
  });

const soup: fc.Arbitrary<Mutation> = fc
  .array(fc.record({ s: fc.constantFrom(...SOUP), pos: unit }), { minLength: 1, maxLength: 30 })
  .map((edits) => (body) => edits.reduce((b, e) => insertAt(e.s)(e.pos)(b), body));

const noise: fc.Arbitrary<Mutation> = fc
  .record({ text: fc.string({ unit: 'binary', maxLength: 200 }), pos: unit })
  .map(({ text, pos }) => insertAt(text)(pos));

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  nesting,
  boldRun,
  unclosed,
  invisible,
  entityFlood,
  soup,
  noise,
);

/**
 * What survives a forum's own rendering into a page: the forum balances every tag it writes (BBCode in, HTML out),
 * so a post cannot close the page's own elements, but it can nest, bold, flood and hide characters at will.
 */
export const renderedMutation: fc.Arbitrary<Mutation> = fc.oneof(
  nestingOf(fc.constant(true), 12_000),
  boldRun,
  invisible,
  entityFlood,
  fc.record({ text: fc.string({ maxLength: 200 }), pos: unit }).map(({ text, pos }) => insertAt(escapeText(text))(pos)),
);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A real body (or, unless `rendered`, two spliced) with one to three mutations applied. */
export function mutatedBody(bodies: readonly string[], rendered = false): fc.Arbitrary<string> {
  const body = fc.integer({ min: 0, max: bodies.length - 1 }).map((i) => bodies[i] ?? '');
  const spliced = fc.tuple(body, body, unit).map(([a, b, p]) => a.slice(0, at(a, p)) + b.slice(at(b, p)));
  const base = rendered ? body : fc.oneof({ weight: 4, arbitrary: body }, { weight: 1, arbitrary: spliced });
  return fc
    .tuple(base, fc.array(rendered ? renderedMutation : mutation, { minLength: 1, maxLength: 3 }))
    .map(([b, ms]) => ms.reduce((acc, m) => m(acc), b));
}
