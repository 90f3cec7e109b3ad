import { Parser } from 'htmlparser2';
import { HEADING_TAGS, isBlock, isBoldStyle, isExcluded, isVoteTag } from './exclusions.js';

/** A range of `Scan.text`, start inclusive, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** A forum vote tag (`span.bbvote`), read on its own; `at` is where it sits in `Scan.text`. */
export interface TagSpan {
  at: number;
  text: string;
  title: string;
}

export interface Scan {
  /** The poster's own visible text (quotes, spoilers, code… left out); `\n` wherever a line breaks. */
  text: string;
  /** Outermost bold runs, in document order. */
  bold: Span[];
  headings: Span[];
  tags: TagSpan[];
  /** An excluded container was still open at the end of the input: everything after it was skipped. */
  unclosedExclusion: boolean;
}

const EXCLUDED = 1;
const BOLD = 2;
const BLOCK = 4;
const TAG = 8;
const HEADING = 16;

const ODD_SPACE = /[\r\n\t\f\v\u00a0\u2028\u2029]/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/**
 * One streaming pass over the HTML (no DOM is built): collects the visible text outside excluded
 * containers, with line breaks at `<br>` and block elements, and the spans of bold runs, headings and
 * vote tags. With `captureTags`, the text of a vote tag is kept apart from the bold and line text.
 */
export function scanHtml(html: string, captureTags: boolean): Scan {
  const parts: string[] = [];
  let length = 0;
  let atLineStart = true;
  const frames: number[] = [];
  let excluded = 0;
  let bold = 0;
  let boldStart = 0;
  let heading = 0;
  let headingStart = 0;
  let currentTag: TagSpan | null = null;
  const scan: Scan = { text: '', bold: [], headings: [], tags: [], unclosedExclusion: false };

  const endTag = (): void => {
    if (currentTag) scan.tags.push(currentTag);
    currentTag = null;
  };
  const lineBreak = (): void => {
    // A vote tag is one line: an unclosed tag does not swallow the paragraphs after it.
    endTag();
    if (atLineStart) return;
    parts.push('\n');
    length += 1;
    atLineStart = true;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (excluded > 0) {
          frames.push(0);
          return;
        }
        if (name === 'br') {
          lineBreak();
          frames.push(0);
          return;
        }
        const style = attribs.style ? attribs.style.toLowerCase() : '';
        let flags = 0;
        if (isBlock(name, style)) {
          flags |= BLOCK;
          lineBreak();
        }
        if (isExcluded(name, attribs, style)) {
          excluded += 1;
          frames.push(flags | EXCLUDED);
          return;
        }
        if (captureTags && isVoteTag(attribs)) {
          // A tag opened inside another (unclosed) one ends it: each is read on its own.
          endTag();
          flags |= TAG;
          currentTag = { at: length, text: '', title: attribs.title ?? '' };
          // A space holds the tag's place in the text, so actions after it sort after it.
          parts.push(' ');
          length += 1;
          atLineStart = false;
        }
        if (name === 'b' || name === 'strong' || isBoldStyle(style)) {
          flags |= BOLD;
          if (bold === 0) boldStart = length;
          bold += 1;
        }
        if (HEADING_TAGS.has(name)) {
          flags |= HEADING;
          if (heading === 0) headingStart = length;
          heading += 1;
        }
        frames.push(flags);
      },
      onclosetag() {
        const flags = frames.pop() ?? 0;
        if (flags === 0) return;
        if (flags & EXCLUDED) excluded -= 1;
        if (flags & TAG) endTag();
        if (flags & BOLD) {
          bold -= 1;
          if (bold === 0 && length > boldStart) scan.bold.push({ start: boldStart, end: length });
        }
        if (flags & HEADING) {
          heading -= 1;
          if (heading === 0 && length > headingStart) scan.headings.push({ start: headingStart, end: length });
        }
        if (flags & BLOCK) lineBreak();
      },
      ontext(data) {
        if (excluded > 0) return;
        const text = data.replace(ODD_SPACE, ' ').replace(ZERO_WIDTH, '');
        if (text.length === 0) return;
        if (currentTag) {
          currentTag.text += text;
          return;
        }
        parts.push(text);
        length += text.length;
        atLineStart = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  scan.unclosedExclusion = excluded > 0;
  parser.end();
  scan.text = parts.join('');
  return scan;
}
