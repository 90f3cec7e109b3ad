import type { ActionForm } from '../domain/action.js';
import { TextBuilder } from '../domain/long-text.js';
import { MENTIONS_COUNT } from './count-words.js';
import { cleanText } from './html-scan.js';
import { MENTIONS_KEYWORD, MENTIONS_KEYWORD_WITH_COLON } from './keywords.js';
import { decodeEntities, type MarkupVisitor, walkPlainMarkup } from './plain-markup.js';
import { MENTIONS_TYPED_MARKUP } from './typed-markup.js';
import { announcesVoteReset } from './vote-reset.js';

/**
 * False only when `extractActions` would find nothing in the post: no action, no diagnostic, no reset, no zero
 * tally (issue 11: most posts of a thread are talk, and htmlparser2 was most of a call's CPU). It reads the HTML
 * the way htmlparser2 does, but only HTML simple enough that the reading is certain: text without `<`, tags with
 * plainly quoted attributes, the five entities every forum writes; anything else (a comment, a raw `<`, an
 * entity it does not know, a script) answers true and the post is parsed. Outside quotes, spoilers and code (the
 * parser's own `isExcluded`) it answers true at the parser's own bold elements, vote tags and headings, and at
 * text its own patterns would read: `#` for the hash form, a keyword for the plain form, a keyword and its colon
 * for the bold form (A42's note on an unbolded vote), bold or a vote tag typed as text (A55, A56), a reset, a vote
 * count.
 * Where an element ends is asked of htmlparser2 itself (its void elements, the tags an opening tag closes).
 */
export function mayHoldAction(html: string, forms: readonly ActionForm[]): boolean {
  let text: string | null;
  try {
    text = ownText(html);
  } catch {
    return true;
  }
  if (text === null) return true;
  if (forms.includes('hash') && text.includes('#')) return true;
  const plain = forms.includes('plain');
  if (plain || forms.includes('bold')) {
    const clean = cleanText(text);
    if (plain && MENTIONS_KEYWORD.test(clean)) return true;
    if (forms.includes('bold') && MENTIONS_KEYWORD_WITH_COLON.test(clean)) return true;
  }
  // A55, A56: bold or a vote tag typed as text.
  if ((forms.includes('bold') || forms.includes('tag')) && MENTIONS_TYPED_MARKUP.test(cleanText(text))) return true;
  return announcesVoteReset(text) || MENTIONS_COUNT.test(text);
}

/** True when `scanHtml` would find no bold run, vote tag or heading in the post (it reads no further). */
export function hasNoMarkupToRead(html: string): boolean {
  try {
    return ownText(html) !== null;
  } catch {
    return false;
  }
}

/**
 * The text `scanHtml` keeps (outside excluded elements), or null when the post needs the parser: its markup is
 * not plain (`walkPlainMarkup`), a bold element, vote tag or heading is outside the excluded ones, or an excluded
 * one is left open. Not null: the scan holds no bold run, vote tag or heading. It may throw on input it cannot read.
 */
function ownText(html: string): string | null {
  const parts = new TextBuilder();
  /** For each open element, whether it opened an excluded run (the Collector's EXCLUDED frame). */
  const excludes: boolean[] = [];
  let excluded = 0;
  const visitor: MarkupVisitor = {
    open(tag) {
      if (excluded === 0 && tag.isRead) return false;
      const opens = excluded === 0 && tag.excludes;
      excludes.push(opens);
      if (opens) excluded += 1;
      return true;
    },
    close() {
      if (excludes.pop()) excluded -= 1;
    },
    text(source, start, end) {
      if (excluded > 0) return true;
      const decoded = decodeEntities(source.slice(start, end));
      if (decoded === null) return false;
      parts.add(decoded);
      return true;
    },
    end: () => excluded === 0,
  };
  return walkPlainMarkup(html, visitor) ? parts.take() : null;
}
