import type { Handler, Parser } from 'htmlparser2';
import { LONG_TEXT, TextBuilder } from '../domain/long-text.js';
import { ShallowParser } from '../domain/shallow-markup.js';
import { HEADING_TAGS, isBlock, isBoldElement, isExcluded, isVoteTag, styleOf } from './exclusions.js';
import { decodeEntities, type MarkupVisitor, type PlainTag, walkPlainMarkup } from './plain-markup.js';

/** A range of `Scan.text`, start inclusive, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Spans in order, kept as two arrays of offsets rather than an object each: a long post's bold runs live as long as
 * its reading, and a hundred thousand of them as objects were much of what the garbage collector moved (issue 33).
 */
export class SpanList {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  get length(): number {
    return this.starts.length;
  }

  push(start: number, end: number): void {
    this.starts.push(start);
    this.ends.push(end);
  }

  start(i: number): number {
    return this.starts[i] as number;
  }

  end(i: number): number {
    return this.ends[i] as number;
  }

  span(i: number): Span {
    return { start: this.start(i), end: this.end(i) };
  }
}

/** A forum vote tag (`span.bbvote`), read on its own; `at` is where it sits in `Scan.text`. */
export interface TagSpan {
  at: number;
  text: string;
  title: string;
  /** A51: the tag's second line, after a `<br>` inside it (`VOTE: UNVOTE<br>Vote: X`): read only by its keyword. */
  continued?: true;
}

export interface Scan {
  /** The poster's own text as written (quotes, spoilers, code… left out); see `cleanText` before reading it. */
  text: string;
  /** Offsets in `text` where a line ends and the next begins (`<br>`, block elements), ascending. */
  breaks: number[];
  /** Outermost bold runs, in document order. */
  bold: SpanList;
  headings: SpanList;
  tags: TagSpan[];
  /** An excluded container was still open at the end of the input: everything after it was skipped. */
  unclosedExclusion: boolean;
  /** How deep the markup asked to nest where it was read as plain text (below `MAX_MARKUP_DEPTH`); else null. */
  nestedTooDeep: number | null;
}

const EXCLUDED = 1;
const BOLD = 2;
const BLOCK = 4;
const TAG = 8;
const HEADING = 16;
/** What an element is, whatever surrounds it: one bit each, as `kindOf` finds them. */
const IS_BLOCK = 1;
const IS_EXCLUDED = 2;
const IS_VOTE_TAG = 4;
const IS_BOLD = 8;
const IS_HEADING = 16;

function kindOf(name: string, attribs: Readonly<Record<string, string>>): number {
  const style = styleOf(attribs);
  let kind = 0;
  if (isBlock(name, style)) kind |= IS_BLOCK;
  if (isExcluded(name, attribs, style)) kind |= IS_EXCLUDED;
  if (isVoteTag(attribs)) kind |= IS_VOTE_TAG;
  if (isBoldElement(name, attribs, style)) kind |= IS_BOLD;
  if (HEADING_TAGS.has(name)) kind |= IS_HEADING;
  return kind;
}

/** `kindOf` a plain tag, kept with it: a post of a thousand `<strong>`s asks once (the plain reader keeps its tags). */
const plainKinds = new WeakMap<PlainTag, number>();
function plainKindOf(tag: PlainTag): number {
  let kind = plainKinds.get(tag);
  if (kind === undefined) {
    kind = kindOf(tag.name, tag.attribs);
    plainKinds.set(tag, kind);
  }
  return kind;
}

/** `\r \n \t \f \v`, no-break space, line and paragraph separators: read as a space. */
const ODD_SPACES = new Set([0x0d, 0x0a, 0x09, 0x0c, 0x0b, 0xa0, 0x2028, 0x2029]);
/** Zero-width space, non-joiner and joiner, word joiner, BOM, soft hyphen: dropped. */
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0xad]);
const ODD_SPACE = /[\r\n\t\f\v\u00a0\u2028\u2029]/g;
const ZERO_WIDTH_ALL = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const ODD_CHARS = /[\r\n\t\f\v\u00a0\u2028\u2029\u200b-\u200d\u2060\ufeff\u00ad]/;

/** Source newlines, tabs and no-break spaces read as spaces; zero-width characters are dropped. */
export function cleanText(text: string): string {
  if (!ODD_CHARS.test(text)) return text;
  if (text.length <= LONG_TEXT) return text.replace(ODD_SPACE, ' ').replace(ZERO_WIDTH_ALL, '');
  // A long one by hand, in one pass: two global replaces over a long line of them were not linear (long-text.ts).
  const out = new TextBuilder();
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const space = ODD_SPACES.has(code);
    if (!space && !ZERO_WIDTH.has(code)) continue;
    out.add(text.slice(from, i));
    if (space) out.add(' ');
    from = i + 1;
  }
  out.add(text.slice(from));
  return out.take();
}

/**
 * The callbacks of one streaming pass (no DOM is built): a class, so one instance serves every post.
 * Collects the visible text outside excluded containers, the line breaks at `<br>` and block elements,
 * and the spans of bold runs, headings and vote tags. With `captureTags`, a vote tag's text is kept
 * apart from the bold and line text.
 */
class Collector implements Partial<Handler> {
  /** The text so far: a long post's is not held as one small string per text node until the end. */
  private text = new TextBuilder();
  private atLineStart = true;
  private frames: number[] = [];
  private excluded = 0;
  private bold = 0;
  private boldStart = 0;
  private heading = 0;
  private headingStart = 0;
  private currentTag: TagSpan | null = null;
  /** Vote tags open around the text; a tag line ended by a `<br>` inside one may go on (A51). */
  private openTags = 0;
  private continueTag: string | null = null;
  private captureTags = false;
  private lines = Number.POSITIVE_INFINITY;
  private parser: Parser | null = null;
  /** `lines` lines have ended: the rest of the input is not read. */
  stopped = false;
  scan: Scan = emptyScan();

  start(captureTags: boolean, lines = Number.POSITIVE_INFINITY, parser: Parser | null = null): void {
    this.text.take();
    this.atLineStart = true;
    this.frames = [];
    this.excluded = 0;
    this.bold = 0;
    this.heading = 0;
    this.currentTag = null;
    this.openTags = 0;
    this.continueTag = null;
    this.captureTags = captureTags;
    this.lines = lines;
    this.parser = parser;
    this.stopped = false;
    this.scan = emptyScan();
  }

  finish(): Scan {
    this.endTag();
    const scan = this.scan;
    scan.text = this.text.take();
    // The one Collector outlives the post: what it read is the caller's alone (a 5 MB post's spans stayed alive).
    this.frames = [];
    this.currentTag = null;
    this.parser = null;
    this.scan = emptyScan();
    return scan;
  }

  /** The elements open now: htmlparser2's own depth. */
  get depth(): number {
    return this.frames.length;
  }

  get excludedOpen(): boolean {
    return this.excluded > 0;
  }

  private get length(): number {
    return this.text.length;
  }

  private endTag(): void {
    if (this.currentTag) this.scan.tags.push(this.currentTag);
    this.currentTag = null;
  }

  private lineBreak(): void {
    // A vote tag is one line: an unclosed tag does not swallow the paragraphs after it. Its second line, while the
    // tag is still open, is read once more as a tag line (A51), the line after that never.
    const ended = this.currentTag;
    this.endTag();
    this.continueTag = ended && !ended.continued && this.openTags > 0 ? ended.title : null;
    if (this.atLineStart) return;
    this.scan.breaks.push(this.length);
    this.atLineStart = true;
    // The callbacks come in document order, so what a later one adds is past this break.
    if (this.scan.breaks.length >= this.lines) {
      this.stopped = true;
      this.parser?.pause();
    }
  }

  onopentag(name: string, attribs: Readonly<Record<string, string>>): void {
    this.openElement(name, attribs, null);
  }

  /** An element opens; `known` is its `kindOf` when the caller has it. */
  openElement(name: string, attribs: Readonly<Record<string, string>>, known: number | null): void {
    if (this.excluded > 0) {
      this.frames.push(0);
      return;
    }
    if (name === 'br') {
      this.lineBreak();
      this.frames.push(0);
      return;
    }
    const kind = known ?? kindOf(name, attribs);
    let flags = 0;
    if (kind & IS_BLOCK) {
      flags |= BLOCK;
      this.lineBreak();
    }
    if (kind & IS_EXCLUDED) {
      this.excluded += 1;
      this.frames.push(flags | EXCLUDED);
      return;
    }
    if (this.captureTags && kind & IS_VOTE_TAG) {
      // A tag opened inside another (unclosed) one ends it: each is read on its own.
      this.endTag();
      flags |= TAG;
      this.openTags += 1;
      this.continueTag = null;
      this.currentTag = { at: this.length, text: '', title: attribs.title ?? '' };
      // A space holds the tag's place in the text, so actions after it sort after it.
      this.text.add(' ');
      this.atLineStart = false;
    }
    if (kind & IS_BOLD) {
      flags |= BOLD;
      if (this.bold === 0) this.boldStart = this.length;
      this.bold += 1;
    }
    if (kind & IS_HEADING) {
      flags |= HEADING;
      if (this.heading === 0) this.headingStart = this.length;
      this.heading += 1;
    }
    this.frames.push(flags);
  }

  onclosetag(): void {
    const flags = this.frames.pop() ?? 0;
    if (flags === 0) return;
    if (flags & EXCLUDED) this.excluded -= 1;
    if (flags & TAG) {
      this.endTag();
      this.openTags -= 1;
      this.continueTag = null;
    }
    if (flags & BOLD) {
      this.bold -= 1;
      if (this.bold === 0 && this.length > this.boldStart) {
        this.scan.bold.push(this.boldStart, this.length);
      }
    }
    if (flags & HEADING) {
      this.heading -= 1;
      if (this.heading === 0 && this.length > this.headingStart) {
        this.scan.headings.push(this.headingStart, this.length);
      }
    }
    if (flags & BLOCK) this.lineBreak();
  }

  ontext(data: string): void {
    if (this.excluded > 0) return;
    if (!this.currentTag && this.continueTag !== null && data.trim() !== '') {
      this.currentTag = { at: this.length, text: '', title: this.continueTag, continued: true };
      this.continueTag = null;
      this.text.add(' ');
      this.atLineStart = false;
    }
    if (this.currentTag) {
      this.currentTag.text += data;
      return;
    }
    this.text.add(data);
    this.atLineStart = false;
  }
}

function emptyScan(): Scan {
  return {
    text: '',
    breaks: [],
    bold: new SpanList(),
    headings: new SpanList(),
    tags: [],
    unclosedExclusion: false,
    nestedTooDeep: null,
  };
}

let collector: Collector | null = null;
let plainFeed: MarkupVisitor | null = null;

/**
 * One pass over the HTML: plain markup (most posts) by `walkPlainMarkup`, which gives the Collector what
 * htmlparser2 would, else htmlparser2's streaming parser (`parsedScan`; the tests hold the two equal on every real
 * post and on fuzzed ones). In a one-shot call htmlparser2 runs on a few dozen posts, cold; the plain reader is the
 * one the pre-check already ran over every post (decision 0023).
 * With `lines`, the pass stops where that many lines have ended: `text` up to the last of those `breaks`, and
 * the breaks themselves, are the whole pass's (a reader of a post's first lines needs no more); what comes
 * after them is partial (decision 0024).
 */
export function scanHtml(html: string, captureTags: boolean, lines = Number.POSITIVE_INFINITY): Scan {
  collector ??= new Collector();
  plainFeed ??= feedOf(collector);
  collector.start(captureTags, lines);
  let plain = false;
  try {
    plain = walkPlainMarkup(html, plainFeed);
  } catch {
    // Not read here: htmlparser2 reads it.
  }
  return plain ? collector.finish() : parsedScan(html, captureTags, lines);
}

/** The Collector told by `walkPlainMarkup`; an excluded element left open at the end goes to htmlparser2. */
function feedOf(c: Collector): MarkupVisitor {
  return {
    open(tag) {
      c.openElement(tag.name, tag.attribs, tag.name === 'br' ? 0 : plainKindOf(tag));
      return true;
    },
    close() {
      c.onclosetag();
    },
    text(html, start, end) {
      if (c.excludedOpen) return true;
      const decoded = decodeEntities(html.slice(start, end));
      if (decoded === null) return false;
      c.ontext(decoded);
      return true;
    },
    get stopped() {
      return c.stopped;
    },
    end: () => !c.excludedOpen,
  };
}

/**
 * `scanHtml` by htmlparser2's streaming parser, whatever the markup. The callbacks object is reused; the parser
 * is not, because its `reset()` leaves the tokenizer inside an unclosed `<script>` of the previous post.
 */
export function parsedScan(html: string, captureTags: boolean, lines = Number.POSITIVE_INFINITY): Scan {
  collector ??= new Collector();
  const c = collector;
  // Markup nested past MAX_MARKUP_DEPTH is read as plain text: htmlparser2 costs time in the depth for each tag.
  const parser = new ShallowParser(c, html, () => c.depth);
  c.start(captureTags, lines, parser);
  parser.write(html);
  const unclosed = c.excludedOpen;
  parser.end();
  const scan = c.finish();
  scan.unclosedExclusion = unclosed;
  if (parser.cuts.length > 0) scan.nestedTooDeep = parser.deepest;
  return scan;
}
