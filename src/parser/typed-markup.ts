import type { ActionForm, ActionKind } from '../domain/action.js';
import type { Scan } from './html-scan.js';
import { type LineAction, readLine } from './read-line.js';
import { forEachPlainLine, plainLineReads } from './read-plain.js';

/**
 * A55 (docs/readings.md): a bold or vote tag the forum left as text, typed at the start of a plain line: BBCode
 * (`[b]`, `[bold]`, a `[vote` broken by a wrong bracket: `[vote}`, `[vote[`) or HTML typed into a BBCode forum
 * (`<b>`, `<strong>`, shown as text). Group 1 is a bold tag's name, group 2 a vote tag's `un`, if any.
 */
const TYPED_OPEN = /^\s{0,20}(?:[[<]\s?(b|bold|strong)\s?[\]>]|\[\s?(un)?vote(?![\p{L}\p{N}])[\]}{[)>:=]?)\s{0,20}/iu;

/** A close tag typed as text (`[/b]`, `[/vote]`, `</b>`), where the markup it closes is not in force. */
const TYPED_CLOSE = /\[\s?\/\s?(?:b|bold|strong|i|u|s|color|size|vote|unvote)\s?\]|<\s?\/\s?(?:b|strong)\s?>/iu;

/** Whether a text holds markup `typedMarkupLine` or `strayCloseTag` reads (the pre-check's question). */
export const MENTIONS_TYPED_MARKUP = /[[<]\s?\/?\s?(?:b|bold|strong|(?:un)?vote)(?![\p{L}\p{N}])/iu;

export interface TypedMarkupRead {
  form: Extract<ActionForm, 'bold' | 'tag'>;
  reads: LineAction[];
  why: string;
}

/**
 * A55: the actions a plain line means when it starts with markup typed as text: a typed bold read as a bold line
 * (its keyword needed), a typed vote tag as a vote tag (its text the name when it lacks the keyword). The line is
 * cut at the first typed close tag. Null when the line does not start so, or says nothing the forms read.
 */
export function typedMarkupLine(
  line: string,
  kinds: ReadonlySet<ActionKind>,
  forms: readonly ActionForm[],
): TypedMarkupRead | null {
  const open = TYPED_OPEN.exec(line);
  if (!open) return null;
  const typed = open[0].trim();
  let rest = line.slice(open[0].length);
  const close = TYPED_CLOSE.exec(rest);
  if (close) rest = rest.slice(0, close.index);
  const why = `${typed} typed as text, not shown as markup`;
  if (open[1] !== undefined) {
    if (!forms.includes('bold')) return null;
    const reads = readLine(rest, kinds);
    return reads?.length ? { form: 'bold', reads, why } : null;
  }
  if (!forms.includes('tag')) return null;
  const kind: ActionKind = open[2] ? 'unvote' : 'vote';
  if (!kinds.has(kind)) return null;
  const reads = readLine(rest, kinds) ?? (rest.trim() === '' && kind === 'vote' ? [] : [{ kind, raw: rest }]);
  return reads.length ? { form: 'tag', reads, why } : null;
}

/**
 * A56: a close tag typed as text right after the argument of a vote line (`VOTE: Ann[/b]`, `vote Ann[/vote]`): the
 * markup around the name broke. Returns the tag as typed, or null.
 */
export function strayCloseTag(raw: string): string | null {
  const close = TYPED_CLOSE.exec(raw);
  if (!close) return null;
  // Only right after the argument: the name, then the tag (a remark after it is commentary, A15).
  const before = raw.slice(0, close.index);
  return before.trim() !== '' && !/[([{,;!?|]/u.test(before) ? close[0] : null;
}

/**
 * A56 on a plain line: a line that starts with a keyword and has a close tag typed right after its name
 * (`Vote: Ann[/b]`) was meant as bold (or as a vote tag, for `[/vote]`).
 */
function strayCloseLine(
  line: string,
  kinds: ReadonlySet<ActionKind>,
  forms: readonly ActionForm[],
): TypedMarkupRead | null {
  const reads = plainLineReads(line, kinds);
  if (!reads?.length) return null;
  for (const r of reads) {
    const tag = r.kind === 'vote' ? strayCloseTag(r.raw) : null;
    if (tag === null) continue;
    const form = /vote/iu.test(tag) ? 'tag' : 'bold';
    if (!forms.includes(form)) return null;
    return {
      form,
      reads,
      why: `${tag} typed after the name: the line was meant as ${form === 'tag' ? 'a vote tag' : 'bold'}`,
    };
  }
  return null;
}

/**
 * A55 and A56 over a post's plain lines (no bold run or vote tag on them): each line read so, with its start in
 * `scan.text`, the form the poster meant and why the reading is doubtful; a line that says only `unvote` so is noted.
 */
export function readTypedMarkup(
  scan: Scan,
  kinds: ReadonlySet<ActionKind>,
  forms: readonly ActionForm[],
  push: (at: number, typed: TypedMarkupRead, read: LineAction, line: string) => void,
  note: (line: string) => void,
): void {
  if (!MENTIONS_TYPED_MARKUP.test(scan.text)) return;
  forEachPlainLine(scan, (start, line) => {
    if (!MENTIONS_TYPED_MARKUP.test(line)) return;
    const typed = typedMarkupLine(line, kinds, forms) ?? strayCloseLine(line, kinds, forms);
    if (!typed) return;
    // An unvote alone, typed so, is not applied (a moderator left one standing): the mod is told instead.
    if (typed.reads.every((r) => r.kind === 'unvote')) note(line);
    else for (const r of typed.reads) push(start, typed, r, line);
  });
}
