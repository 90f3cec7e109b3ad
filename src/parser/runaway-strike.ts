import type { ParseDiagnostic } from '../domain/action.js';

/** A strikethrough opened right after a letter: the forum made it of `[s]` typed inside a word (`seem[s]`). */
const STRIKE_IN_WORD = /\p{L}<(div|span)\s+style="[^"<>]{0,200}?text-decoration:\s?line-through[^"<>]{0,200}">/u;

/**
 * A54 (docs/readings.md): a strikethrough opened inside a word that runs to the end of the post (its close is the
 * post's last tag) is an accident, not struck text: returns the post with that one strike undone (its votes read),
 * or null when the post is not of this shape.
 */
export function undoRunawayStrike(html: string): string | null {
  if (!html.includes('line-through')) return null;
  const m = STRIKE_IN_WORD.exec(html);
  if (!m) return null;
  const name = m[1] as string;
  const open = m.index + 1;
  const after = open + m[0].length - 1;
  const body = html.trimEnd();
  const close = `</${name}>`;
  if (!body.endsWith(close)) return null;
  // The strike's own close must be the last: as many opens as closes of the same element in between.
  const inner = body.slice(after, body.length - close.length);
  if (count(inner, `<${name}`) !== count(inner, close)) return null;
  const tag = html.slice(open, after);
  return `${html.slice(0, open)}${tag.replace(/text-decoration:\s?line-through/u, 'text-decoration:none')}${html.slice(after)}`;
}

function count(text: string, what: string): number {
  let n = 0;
  for (let at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length)) n += 1;
  return n;
}

export const runawayStrikeNote = (text: string): ParseDiagnostic => ({
  code: 'html-malformed',
  message:
    'a strikethrough opened inside a word runs to the end of the post ([s] typed by accident): its text is read as not struck; check it',
  text,
});
