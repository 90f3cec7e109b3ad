import type { ParseDiagnostic } from '../domain/action.js';

/** A close tag the forum left as text because the poster typed a space into it (`[ /quote]`, `[/ quote]`). */
const SPACED_CLOSE = /\[\s+\/\s*quote\s*\]|\[\/\s+quote\s*\]/i;
const CLOSE = '</blockquote>';

/**
 * A52 (docs/readings.md): a quoted post holding a literal `[ /quote]` uses up the poster's own `[/quote]`, so the
 * outer quote stays open to the end of the post and swallows the poster's reply and vote. When the post ends inside
 * such a quote, the text after its last inner quote is the poster's: returns the post with the outer quote closed
 * there (the HTML parser closes what is still open inside it), or null when the post is not of this shape.
 */
export function closeQuoteLeftOpen(html: string): string | null {
  if (!html.includes(CLOSE) || !SPACED_CLOSE.test(html)) return null;
  const body = html.trimEnd();
  if (!body.endsWith(CLOSE)) return null;
  const outerClose = body.length - CLOSE.length;
  const innerClose = body.lastIndexOf(CLOSE, outerClose - 1);
  if (innerClose < 0) return null;
  const tailStart = innerClose + CLOSE.length;
  // The literal sits inside the quote, before the poster's part; the poster's part quotes nothing more.
  if (!SPACED_CLOSE.test(body.slice(0, innerClose)) || body.includes('<blockquote', tailStart)) return null;
  const tail = body.slice(tailStart, outerClose);
  if (tail.trim() === '') return null;
  return `${body.slice(0, tailStart)}${CLOSE}${tail}`;
}

export const quoteLeftOpenNote = (text: string): ParseDiagnostic => ({
  code: 'quote-broken',
  message:
    'a quote broken by a literal [ /quote] stays open to the end of the post: the text after its last inner quote is read as the poster’s own; check it',
  text,
});
