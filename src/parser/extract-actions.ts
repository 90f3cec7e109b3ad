import type { ActionForm, ActionKind, ExtractedAction, ParseDiagnostic, ParsedPost } from '../domain/action.js';
import { oneSpaced } from '../domain/long-text.js';
import type { Channel } from '../domain/post.js';
import { deepMarkupNote } from '../domain/shallow-markup.js';
import { bracketedText, cleanArgument, isNoLynch, wantsArgument, writtenFor } from './argument.js';
import { brokenQuoteLines, brokenQuoteNote } from './broken-quote.js';
import { zeroTallyLines } from './empty-count.js';
import { nameBeforeTag } from './empty-vote-tag.js';
import { FoundActions } from './found-actions.js';
import { cleanText, type Scan, type Span, scanHtml } from './html-scan.js';
import { innerKeyword, KEYWORD_WITH_COLON, kindsFor, LEADING_KEYWORD } from './keywords.js';
import { markMended, markupNote } from './markup-notes.js';
import { mayHoldAction } from './may-hold-action.js';
import { respellKeyword } from './misspelt-keyword.js';
import { ownCopy } from './own-copy.js';
import { quotationNote, quotationSpans } from './quotation-lines.js';
import { closeQuoteLeftOpen, quoteLeftOpenNote } from './quote-left-open.js';
import { type LineAction, readLine } from './read-line.js';
import { readPlain } from './read-plain.js';
import { runawayStrikeNote, undoRunawayStrike } from './runaway-strike.js';
import { isInside, unionOf } from './spans.js';
import { readTypedMarkup, strayCloseTag } from './typed-markup.js';
import { announcesVoteReset } from './vote-reset.js';

/** Posts above this size are read but reported: no real forum post is this long. */
export const LARGE_POST_CHARS = 200_000;
/** Beyond this, the rest of a post is not read at all. */
export const MAX_POST_CHARS = 5_000_000;
const MAX_QUOTED_TEXT = 300;
const DEFAULT_SYNTAX: readonly ActionForm[] = ['bold', 'tag'];

/** What every action read from one line shares: its quote and whether it hid characters (N15). */
interface Said {
  quote: string;
  hidden: boolean;
  /** The line's arguments, each kept once however often it is voted (a line of 100,000 `Vote: Ava`). */
  names: Map<string, string>;
}

/** A line's arguments kept once each, up to this many different ones. */
const KEPT_NAMES = 64;

/**
 * Reads the actions of one post version (interfaces §2): bold runs, vote tags and `##` lines outside
 * quotes, spoilers and code, in document order, keeping the keywords of the post's channel. Never throws.
 * A post `mayHoldAction` proves empty is not parsed (issue 11: most posts are talk).
 */
export function extractActions(html: string, opts: { syntax: ActionForm[]; channel: Channel }): ParsedPost {
  return mustRead(html, opts) ? readActions(html, opts) : nothingRead();
}

/** False for a post `extractActions` answers with `nothingRead()` without parsing it. */
export function mustRead(html: string, opts: { syntax: ActionForm[] }): boolean {
  return (
    typeof html !== 'string' ||
    html.length > LARGE_POST_CHARS ||
    mayHoldAction(html, formsOf(opts)) ||
    closeQuoteLeftOpen(html) !== null ||
    undoRunawayStrike(html) !== null
  );
}

/** What a post with nothing to read reads as. */
export function nothingRead(): ParsedPost {
  return { actions: [], diagnostics: [] };
}

/** `extractActions` with every post parsed (test/may-hold-action.test.ts holds the two equal). */
export function readActions(html: string, opts: { syntax: ActionForm[]; channel: Channel }): ParsedPost {
  const diagnostics: ParseDiagnostic[] = [];
  try {
    let input = typeof html === 'string' ? html : '';
    if (input.length > LARGE_POST_CHARS) {
      const cut = input.length > MAX_POST_CHARS;
      diagnostics.push({
        code: 'post-too-large',
        message: cut
          ? `post is ${input.length} characters; only the first ${MAX_POST_CHARS} were read for actions`
          : `post is ${input.length} characters, far beyond a normal post; its actions were read but check it by eye`,
        text: ownCopy(input.slice(0, MAX_QUOTED_TEXT)),
      });
      if (cut) input = input.slice(0, MAX_POST_CHARS);
    }
    // A52: a quote left open by a literal `[ /quote]` is closed where the poster's own text begins.
    const reopened = closeQuoteLeftOpen(input);
    // A54: a strikethrough typed by accident inside a word and running to the post's end is undone.
    const unstruck = undoRunawayStrike(reopened ?? input);
    const parsed = readBody(unstruck ?? reopened ?? input, opts, diagnostics);
    if (reopened !== null || unstruck !== null) {
      // What the mended markup let through is read as the poster's, doubtful: the actions the post as sent lacks.
      const why = reopened !== null ? 'read as the poster’s own past a broken quote' : 'read as not struck';
      markMended(parsed.actions, readBody(input, opts, []).actions, why);
      const lastAction = parsed.actions.at(-1);
      if (reopened !== null && lastAction) diagnostics.push(quoteLeftOpenNote(lastAction.text));
      if (unstruck !== null && lastAction) diagnostics.push(runawayStrikeNote(lastAction.text));
    }
    return parsed;
  } catch (error) {
    diagnostics.push({
      code: 'html-malformed',
      message: `the post could not be read: ${error instanceof Error ? error.message : String(error)}`,
      text: typeof html === 'string' ? ownCopy(html.slice(0, MAX_QUOTED_TEXT)) : '',
    });
    return { actions: [], diagnostics };
  }
}

/** The actions of a post body as it stands, its diagnostics pushed onto `diagnostics`. */
function readBody(input: string, opts: { syntax: ActionForm[]; channel: Channel }, diagnostics: ParseDiagnostic[]) {
  const forms = formsOf(opts);
  const kinds = kindsFor(opts?.channel === 'pm' ? 'pm' : 'thread');
  const scan = scanHtml(input, forms.includes('tag'));
  if (scan.unclosedExclusion) {
    diagnostics.push({
      code: 'html-malformed',
      message: 'a quote, spoiler or code block is never closed: all text after it was skipped',
      text: ownCopy(input.slice(-MAX_QUOTED_TEXT)),
    });
  }
  if (scan.nestedTooDeep !== null) {
    diagnostics.push({
      code: 'html-malformed',
      message: deepMarkupNote(scan.nestedTooDeep),
      text: ownCopy(input.slice(0, MAX_QUOTED_TEXT)),
    });
  }
  const found = new FoundActions();
  const consumed: Span[] = forms.includes('hash') ? readHash(scan, kinds, found) : [];
  if (forms.includes('bold')) readBold(scan, kinds, consumed, found, diagnostics);
  if (forms.includes('tag')) readTags(scan, kinds, found);
  // A55, A56: bold or a vote tag typed as text on a plain line, read as the markup the poster meant.
  const typedLines = new Set<number>();
  readTypedMarkup(
    scan,
    kinds,
    forms,
    (at, typed, read, line) => {
      typedLines.add(at);
      const action = toAction(read, typed.form, sayLine(line, line));
      action.markup = ownCopy(typed.why);
      found.push(at, action);
    },
    (line) =>
      diagnostics.push({
        code: 'near-miss',
        message: 'an unvote typed as text, not in the forum’s tag or bold: not read as an action',
        text: quoteLine(line),
      }),
  );
  if (forms.includes('plain')) {
    let said: { at: number; said: Said } | null = null;
    readPlain(scan, kinds, (at, read, line) => {
      if (typedLines.has(at)) return;
      if (said?.at !== at) said = { at, said: sayLine(line, line) };
      found.push(at, toAction(read, 'plain', said.said));
    });
  } else if (forms.includes('bold')) noteUnbolded(scan, kinds, diagnostics, typedLines);
  found.sort();
  const quoted = brokenQuoteLines(scan, (at) => lineAt(scan, at));
  if (found.dropInside(quoted).count > 0) {
    diagnostics.push(brokenQuoteNote(quoteLine(lineText(scan, quoted[0] as Span))));
  }
  // A58: lines in quotation marks are someone else's words, even under a bold run the poster left open.
  const inQuotation = found.dropInside(quotationSpans(scan)).first;
  if (inQuotation) diagnostics.push(quotationNote(inQuotation.text));
  const parsed: ParsedPost = { actions: found.list(), diagnostics };
  for (const a of parsed.actions) if (a.markup) diagnostics.push(markupNote(a));
  if (announcesVoteReset(scan.text)) parsed.announcesReset = true;
  const zeros = zeroTallyLines(scan);
  if (zeros > 0) parsed.zeroTallies = zeros;
  return parsed;
}

/**
 * A42: a plain line typed as a vote, keyword and colon (`Vote: X`), but with no bold or tag is not counted unless
 * `voteReading.unbolded`; the mod is told, as a post that holds a vote must not pass silently.
 */
function noteUnbolded(
  scan: Scan,
  kinds: ReadonlySet<ActionKind>,
  diagnostics: ParseDiagnostic[],
  typedLines: ReadonlySet<number>,
): void {
  let last = -1;
  readPlain(scan, kinds, (at, read, line) => {
    if (at === last || typedLines.has(at)) return;
    if ((read.kind !== 'vote' && read.kind !== 'unvote') || !KEYWORD_WITH_COLON.test(line)) return;
    last = at;
    diagnostics.push({
      code: 'near-miss',
      message: `plain text reads as "${read.kind}" but is not bold or in a vote tag: not read as an action`,
      text: quoteLine(line),
    });
  });
}

function formsOf(opts: { syntax: ActionForm[] } | undefined): readonly ActionForm[] {
  return opts?.syntax?.length ? opts.syntax : DEFAULT_SYNTAX;
}

/** The line holding offset `at`: from the last break at or before it to the next break after it. */
function lineAt(scan: Scan, at: number): Span {
  const { breaks } = scan;
  let lo = 0;
  let hi = breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((breaks[mid] ?? 0) <= at) lo = mid + 1;
    else hi = mid;
  }
  return { start: lo > 0 ? (breaks[lo - 1] ?? 0) : 0, end: breaks[lo] ?? scan.text.length };
}

function lineText(scan: Scan, span: Span): string {
  return cleanText(scan.text.slice(span.start, span.end));
}

/** A line as a flag quotes it: spaces collapsed, at most MAX_QUOTED_TEXT characters, a copy of its own (`ownCopy`). */
function quoteLine(line: string): string {
  // Only as much of the line as the quote can show is flattened (a whole 1 MB line was, once per line).
  for (let take = 4 * MAX_QUOTED_TEXT; ; take *= 4) {
    if (take >= line.length) {
      const flat = oneSpaced(line).trim();
      return ownCopy(flat.length > MAX_QUOTED_TEXT ? `${flat.slice(0, MAX_QUOTED_TEXT - 1)}…` : flat);
    }
    // A prefix of the whole line's flattened text, which is longer still: one trailing space at most is trimmed.
    const flat = oneSpaced(line.slice(0, take)).trimStart();
    if (flat.length > MAX_QUOTED_TEXT + 1) return ownCopy(`${flat.slice(0, MAX_QUOTED_TEXT - 1)}…`);
  }
}

/** Zero-width characters, BOM, soft hyphen: `cleanText` drops them before reading, N15 tells the mod. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/;

/**
 * What the actions of a line say of it, worked out once per line however many actions it holds (a long line of
 * votes used to be quoted again for each). `raw` is the line before `cleanText`: invisible characters in it mark its
 * actions `hidden` (N15).
 */
function sayLine(line: string, raw: string): Said {
  return { quote: quoteLine(line), hidden: INVISIBLE.test(raw), names: new Map() };
}

function keptOnce(text: string, kept: Map<string, string>): string {
  const known = kept.get(text);
  if (known !== undefined) return known;
  const own = ownCopy(text);
  if (kept.size < KEPT_NAMES) kept.set(own, own);
  return own;
}

function toAction(read: LineAction, form: ActionForm, said: Said, midLine = false): ExtractedAction {
  const cleaned = cleanArgument(read.kind, read.raw);
  const argument = read.kind === 'unvote' && cleaned === '' ? null : keptOnce(cleaned, said.names);
  const noLynch = read.kind === 'vote' && argument !== null && isNoLynch(argument);
  const action: ExtractedAction = { kind: read.kind, argument, noLynch, form, text: said.quote };
  if (read.misspelt) action.misspelt = ownCopy(read.misspelt);
  const stray = read.kind === 'vote' && argument ? strayCloseTag(read.raw) : null;
  if (stray !== null) action.markup = ownCopy(`${stray} typed after the name`);
  if (said.hidden) action.hidden = true;
  if (writtenFor(read.kind, read.raw)) action.voteFor = true;
  if (midLine) action.midLine = true;
  const bracketed = bracketedText(read.kind, read.raw);
  if (bracketed !== undefined && bracketed !== argument) action.bracketed = ownCopy(bracketed);
  return action;
}

/** `hash` form: any line starting `##Keyword`, bold or not; a heading that starts with a keyword (`##Vote` in Reddit markdown). */
function readHash(scan: Scan, kinds: ReadonlySet<ActionKind>, found: FoundActions): Span[] {
  const lines: Span[] = [];
  const { text, breaks } = scan;
  // The next `#` is looked for once, not from every line's start again (a `#` at the end of many lines was quadratic).
  let hash = text.indexOf('#');
  for (let i = 0; i <= breaks.length && hash !== -1; i += 1) {
    const start = i === 0 ? 0 : (breaks[i - 1] ?? 0);
    const end = breaks[i] ?? text.length;
    if (hash < start) hash = text.indexOf('#', start);
    if (hash === -1 || hash >= end) continue;
    const line = lineText(scan, { start, end });
    if (!/^\s*#{2,}/.test(line)) continue;
    const reads = readLine(line, kinds);
    if (!reads) continue;
    const said = sayLine(line, text.slice(start, end));
    for (const r of reads) found.push(start, toAction(r, 'hash', said));
    lines.push({ start, end });
  }
  const consumed = [...lines];
  // The headings are disjoint and in order, as are the lines: one walk finds the headings on a line read above.
  let l = 0;
  for (let i = 0; i < scan.headings.length; i += 1) {
    const h = scan.headings.span(i);
    while (l < lines.length && (lines[l] as Span).end <= h.start) l += 1;
    if (l < lines.length && (lines[l] as Span).start <= h.start) continue;
    const span = { start: h.start, end: lineAt(scan, h.start).end };
    const line = lineText(scan, span);
    const reads = readLine(line, kinds);
    if (!reads) continue;
    const said = sayLine(line, scan.text.slice(span.start, span.end));
    for (const r of reads) found.push(h.start, toAction(r, 'hash', said));
    consumed.push({ start: h.start, end: h.end });
  }
  return unionOf(consumed);
}

/** `bold` form: each line of each bold run that starts with a keyword; other keyword mentions are near misses. */
function readBold(
  scan: Scan,
  kinds: ReadonlySet<ActionKind>,
  consumed: readonly Span[],
  found: FoundActions,
  diagnostics: ParseDiagnostic[],
): void {
  const { bold } = scan;
  // Many bold runs can share one line (`<b>Vote: A</b> <b>Vote: B</b> …`): the line is cleaned and quoted once. The
  // runs come in order, so only the latest line is kept.
  let facts: { start: number; said: Said; mid: boolean } | null = null;
  const wholeLine = (line: Span) => {
    if (facts?.start !== line.start) {
      const whole = lineText(scan, line);
      facts = {
        start: line.start,
        said: sayLine(whole, scan.text.slice(line.start, line.end)),
        mid: !startsWithAction(whole),
      };
    }
    return facts;
  };
  /** Whether each bold run starts with a keyword, asked once per run. */
  const leads: boolean[] = [];
  const leadsWithKeyword = (i: number) => {
    leads[i] ??= LEADING_KEYWORD.test(lineText(scan, bold.span(i)));
    return leads[i];
  };
  for (let index = 0; index < bold.length; index += 1) {
    const runStart = bold.start(index);
    const runEnd = bold.end(index);
    let last: { read: LineAction; at: number; line: Span } | null = null;
    for (let start = runStart; start < runEnd; ) {
      const line = lineAt(scan, start);
      const pieceEnd = Math.min(line.end, runEnd);
      const piece = lineText(scan, { start, end: pieceEnd });
      if (piece.trim() !== '' && !isInside(consumed, start)) {
        const reads = readLine(piece, kinds);
        if (reads === null) {
          const word = innerKeyword(piece, kinds);
          if (word) {
            diagnostics.push({
              code: 'near-miss',
              message: `bold text holds "${word}" but does not start with an action keyword: not read as an action`,
              text: quoteLine(piece),
            });
          }
          last = null;
        } else {
          const { said, mid } = wholeLine(line);
          for (const r of reads) found.push(start, toAction(r, 'bold', said, mid));
          const tail = reads[reads.length - 1];
          last = tail ? { read: tail, at: start, line } : null;
        }
      }
      start = pieceEnd > start ? pieceEnd : start + 1;
    }
    // A13 `<b>Vote:</b> Alice`: a keyword bolded alone takes the rest of its line as its argument, up to the next
    // bold run on the line that starts with a keyword. The runs between are walked by the one keyword before them
    // only (a line of `<b>Vote:</b> X <b>why</b>` took each vote's argument to the line's end: 80 KB read in 12 s).
    if (last && last.read.raw.trim() === '' && wantsArgument(last.read.kind) && runEnd < last.line.end) {
      let stop = last.line.end;
      for (let i = index + 1; i < bold.length && bold.start(i) < stop; i += 1) {
        if (leadsWithKeyword(i)) stop = bold.start(i);
      }
      const continued = { kind: last.read.kind, raw: lineText(scan, { start: runEnd, end: stop }) };
      const { said, mid } = wholeLine(last.line);
      found.replaceLast(last.at, toAction(continued, 'bold', said, mid));
    }
  }
}

/** `tag` form: a forum's vote tag as rendered (`<span class="bbvote">VOTE: X</span>`). */
function readTags(scan: Scan, kinds: ReadonlySet<ActionKind>, found: FoundActions): void {
  const textBefore = textBeforeIn(scan);
  scan.tags.forEach((tag, index) => {
    const text = cleanText(tag.text);
    const reads = readLine(text, kinds) ?? (tag.continued ? [] : fromTitle(text, tag.title));
    const last = reads[reads.length - 1];
    let markup: string | null = null;
    if (last && keywordOnly(last)) {
      // A31 `<span class="bbvote">VOTE: vote:</span> Alice`: the tag holds only the keyword; the name follows it.
      const line = lineAt(scan, tag.at);
      const next = scan.tags[index + 1];
      const end = next && next.at < line.end ? next.at : line.end;
      const rest = lineText(scan, { start: tag.at + 1, end });
      if (rest.trim() !== '') reads[reads.length - 1] = { ...last, raw: rest };
      else {
        // A57: an empty tag; the name is written before it, or it is the previous tag's close typed as an open.
        const previous = scan.tags[index - 1];
        const from = previous && previous.at >= line.start ? previous.at + 1 : line.start;
        const before = lineText(scan, { start: from, end: tag.at });
        if (previous && from > line.start && before.trim() === '') {
          if (markReopenedTag(found, previous.at)) reads.pop();
        } else {
          const name = nameBeforeTag(before);
          if (name !== null) {
            reads[reads.length - 1] = { ...last, raw: name };
            markup = 'the name written before an empty vote tag';
          }
        }
      }
    }
    const said = sayLine(text, tag.text);
    const midLine = textBefore(lineAt(scan, tag.at).start, tag.at);
    for (const r of reads) {
      if (!kinds.has(r.kind)) continue;
      const action = toAction(r, 'tag', said, midLine);
      if (markup !== null && r.kind === 'vote') action.markup = markup;
      found.push(tag.at, action);
    }
  });
}

/**
 * A57 `[vote]Ann[vote][/vote]`: an empty vote tag right inside the one before it is that tag's close typed as an
 * open. The vote the tag before it read is marked, and true returned, when there is one.
 */
function markReopenedTag(found: FoundActions, at: number): boolean {
  const vote = found.findBack(at, (a) => a.kind === 'vote' && a.argument !== null && a.argument !== '');
  if (vote) vote.markup ??= ownCopy('a vote tag opened again where it should close');
  return vote !== undefined;
}

/** What `cleanText` and `trim` leave nothing of: white space and the zero-width characters. */
const BLANK = /[\s\u200b-\u200d\u2060\u00ad]/;

/**
 * Whether a line has text before offset `at` (asked in ascending `at` per line). Each line is walked once, however
 * many vote tags it holds: how far it is blank is kept by the line's start.
 */
function textBeforeIn(scan: Scan): (lineStart: number, at: number) => boolean {
  const blankTo = new Map<number, number>();
  return (lineStart, at) => {
    let pos = blankTo.get(lineStart) ?? lineStart;
    while (pos < at && BLANK.test(scan.text[pos] as string)) pos += 1;
    blankTo.set(lineStart, pos);
    return pos < at;
  };
}

/** Whether a line begins with an action keyword (or A7's misspelt one): else its actions are mid-line. */
function startsWithAction(line: string): boolean {
  return LEADING_KEYWORD.test(line) || respellKeyword(line) !== null;
}

function keywordOnly(read: LineAction): boolean {
  if (!wantsArgument(read.kind)) return false;
  const cleaned = cleanArgument(read.kind, read.raw).toLowerCase();
  return cleaned === '' || cleaned === read.kind;
}

/** A tag whose text lacks the keyword still says what it is in its title (`This is an official unvote.`). */
function fromTitle(text: string, title: string): LineAction[] {
  if (/\bunvote\b/i.test(title)) return [{ kind: 'unvote', raw: text }];
  if (/\bvote\b/i.test(title)) return [{ kind: 'vote', raw: text }];
  return [];
}
