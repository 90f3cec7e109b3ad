/**
 * Building and rewriting long texts in time linear in their length (issue 33). Over a long text with many matches,
 * V8's global `replace` keeps what it builds alive until it returns, and the garbage collector moves it again and
 * again: `replace(/\s+/g, ' ')` cost 15 ns a character over 40 KB and 200–500 over 640 KB (a 5 MB post's one line
 * holds 212,000 runs of spaces). An array of a few hundred thousand small strings held until one `join` costs the
 * same. So a long text is built a thousand parts at a time, and rewritten piece by piece.
 */

/** A string built from many parts, joined a thousand at a time. */
export class TextBuilder {
  private parts: string[] = [];
  private chunks: string[] = [];
  length = 0;

  add(part: string): void {
    this.parts.push(part);
    this.length += part.length;
    if (this.parts.length === PARTS_PER_CHUNK) {
      this.chunks.push(this.parts.join(''));
      this.parts = [];
    }
  }

  /** The text built; the builder is empty again. */
  take(): string {
    const last = this.parts.join('');
    this.parts.length = 0;
    this.length = 0;
    if (this.chunks.length === 0) return last;
    const text = `${this.chunks.join('')}${last}`;
    this.chunks = [];
    return text;
  }
}

const PARTS_PER_CHUNK = 1024;

/**
 * Up to this many characters, a text is rewritten by one `replace`, the fastest there is for a short text; longer
 * ones by hand or piece by piece.
 */
export const LONG_TEXT = 16_384;

/** `text.replace(/\s+/g, ' ')`, in linear time however long the text (JavaScript's `\s`, each run one space). */
export function oneSpaced(text: string): string {
  if (text.length <= LONG_TEXT) return text.replace(SPACES, ' ');
  let out: TextBuilder | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (!isSpace(text.charCodeAt(i))) continue;
    let end = i + 1;
    while (end < text.length && isSpace(text.charCodeAt(end))) end += 1;
    if (end > i + 1 || text.charCodeAt(i) !== SPACE) {
      out ??= new TextBuilder();
      out.add(text.slice(from, i));
      out.add(' ');
      from = end;
    }
    i = end - 1;
  }
  if (out === null) return text;
  out.add(text.slice(from));
  return out.take();
}

const SPACE = 0x20;
const SPACES = /\s+/g;

/** Whether a UTF-16 code unit is white space as JavaScript's `\s` (and `trim`) reads it. */
export function isSpace(code: number): boolean {
  // Tab, line feed, vertical tab, form feed, carriage return; space; no-break space.
  if (code < 0x100) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `text.replace(pattern, by)` for a global `pattern`, the same string, but a long text is replaced a piece of about
 * PIECE characters at a time. A piece ends only where `cutsAt(text, at)` says no match can run across `at`, so each
 * match is found whole, in the same place, as in one call.
 */
export function replaceLong(
  text: string,
  pattern: RegExp,
  by: (match: string, ...groups: string[]) => string,
  cutsAt: (text: string, at: number) => boolean,
): string {
  if (text.length <= LONG_TEXT) return text.replace(pattern, by);
  const out = new TextBuilder();
  let from = 0;
  while (from < text.length) {
    let to = Math.min(from + PIECE, text.length);
    while (to < text.length && !cutsAt(text, to)) to += 1;
    out.add(text.slice(from, to).replace(pattern, by));
    from = to;
  }
  return out.take();
}

const PIECE = 8192;

/**
 * `text` without the run at its end of characters `drop` is true of: what `replace(/[…]+$/, '')` means, read once
 * from the end (a pattern for it is tried from every start, and its checker's verdict on the guarded form varies).
 */
export function trimEndWhile(text: string, drop: (ch: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

/** `text` without the copies of `unit` it ends with. */
export function trimEndRepeats(text: string, unit: string): string {
  let end = text.length;
  while (unit !== '' && end >= unit.length && text.startsWith(unit, end - unit.length)) end -= unit.length;
  return text.slice(0, end);
}
