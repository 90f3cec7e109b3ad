import type { ParseDiagnostic } from '../domain/action.js';
import type { Scan, Span } from './html-scan.js';

const QUOTE_MARK = /\[(\/?)quote\b/gi;
// The rest of a quote tag, tried once where each `[quote` starts (as one pattern it was retried from every `[quote`
// inside the 200 characters of the last): up to 200 characters of the line, then `]`.
const QUOTE_TAG_END = /[^\]\n]{0,200}\]/y;

/**
 * A30 (docs/readings.md): a `[/quote]` the forum left as text, with no `[quote` before it, closes a quote whose
 * opening tag the poster broke. The line it ends is the quoted post's, so actions on that line before it are
 * someone else's words (`Unvote, Vote <poster>[/quote]`): the spans returned hold them.
 */
export function brokenQuoteLines(scan: Scan, lineAt: (at: number) => Span): Span[] {
  const { text } = scan;
  if (!text.includes('[/') || !/\[\/quote\]/i.test(text)) return [];
  const spans: Span[] = [];
  let open = 0;
  QUOTE_MARK.lastIndex = 0;
  for (let m = QUOTE_MARK.exec(text); m !== null; m = QUOTE_MARK.exec(text)) {
    QUOTE_TAG_END.lastIndex = QUOTE_MARK.lastIndex;
    if (!QUOTE_TAG_END.test(text)) continue;
    QUOTE_MARK.lastIndex = QUOTE_TAG_END.lastIndex;
    if (m[1] !== '/') open += 1;
    else if (open > 0) open -= 1;
    else spans.push({ start: lineAt(m.index).start, end: m.index });
  }
  return spans;
}

export function brokenQuoteNote(line: string): ParseDiagnostic {
  return {
    code: 'quote-broken',
    message: 'an action just before a stray [/quote] reads as part of a quote whose opening tag is broken: not read',
    text: line,
  };
}
