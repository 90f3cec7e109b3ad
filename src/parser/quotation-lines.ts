import type { ParseDiagnostic } from '../domain/action.js';
import { cleanText, type Scan, type Span } from './html-scan.js';

/** A line that opens a quotation: it starts with a quotation mark. */
const OPENS = /^\s*["\u201C]/u;
/** A line that closes one: it ends with a quotation mark, perhaps before a full stop or a comma. */
const CLOSES = /["\u201D][\s.,!?]*$/u;
/** A quotation longer than this many lines is no quotation (a mark left open long before). */
const MAX_LINES = 40;

/**
 * A58 (docs/readings.md): lines inside a quotation typed with quotation marks over several lines, a line that
 * starts with an unmatched opening mark to the first line that ends with an unmatched closing one, are someone
 * else's words (a player quoting another's post by hand, often under a bold run they left open): the spans of
 * such quotations, each from its first line's start to its last line's end. A mark opened and never closed makes
 * none.
 */
export function quotationSpans(scan: Scan): Span[] {
  const { text, breaks } = scan;
  if (!text.includes('"') && !text.includes('\u201C')) return [];
  const spans: Span[] = [];
  let open: { start: number; lines: number } | null = null;
  for (let i = 0; i <= breaks.length; i += 1) {
    const start = i === 0 ? 0 : (breaks[i - 1] ?? 0);
    const end = breaks[i] ?? text.length;
    const line = cleanText(text.slice(start, end));
    const unmatched = marksLeftOpen(line);
    if (open && unmatched < 0 && CLOSES.test(line)) {
      spans.push({ start: open.start, end });
      open = null;
    } else if (unmatched > 0 && OPENS.test(line)) open = { start, lines: 0 };
    else if (open) {
      open.lines += 1;
      if (open.lines > MAX_LINES) open = null;
    }
  }
  return spans;
}

/**
 * How a line leaves quotation marks: +1 when it opens one it does not close, -1 when it closes one it did not
 * open, 0 when its marks pair up. Straight marks pair by count (an odd count leaves the first one open at the
 * line's start, the last one closing at its end); curly ones by kind.
 */
function marksLeftOpen(line: string): number {
  let straight = 0;
  let curly = 0;
  for (const ch of line) {
    if (ch === '"') straight += 1;
    else if (ch === '\u201C') curly += 1;
    else if (ch === '\u201D') curly -= 1;
  }
  if (curly !== 0) return Math.sign(curly);
  if (straight % 2 === 0) return 0;
  return OPENS.test(line) ? 1 : -1;
}

export const quotationNote = (text: string): ParseDiagnostic => ({
  code: 'near-miss',
  message: 'an action inside lines in quotation marks reads as a quote of someone else’s words: not read as an action',
  text,
});
