import { Parser } from 'htmlparser2';
import type { ActionForm } from '../domain/action.js';
import { MENTIONS_COUNT } from './count-words.js';
import { HEADING_TAGS, isBoldElement, isExcluded, isVoteTag, styleOf } from './exclusions.js';
import { cleanText } from './html-scan.js';
import { MENTIONS_KEYWORD, MENTIONS_KEYWORD_WITH_COLON } from './keywords.js';
import { announcesVoteReset } from './vote-reset.js';

/**
 * False only when `extractActions` would find nothing in the post: no action, no diagnostic, no reset, no zero
 * tally (issue 11: most posts of a thread are talk, and htmlparser2 was most of a call's CPU). It reads the HTML
 * the way htmlparser2 does, but only HTML simple enough that the reading is certain: text without `<`, tags with
 * plainly quoted attributes, the five entities every forum writes; anything else (a comment, a raw `<`, an
 * entity it does not know, a script) answers true and the post is parsed. Outside quotes, spoilers and code (the
 * parser's own `isExcluded`) it answers true at the parser's own bold elements, vote tags and headings, and at
 * text its own patterns would read: `#` for the hash form, a keyword for the plain form, a keyword and its colon
 * for the bold form (A42's note on an unbolded vote), a reset, a vote count.
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
  if (forms.includes('plain') && MENTIONS_KEYWORD.test(cleanText(text))) return true;
  if (forms.includes('bold') && MENTIONS_KEYWORD_WITH_COLON.test(cleanText(text))) return true;
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

// A name as htmlparser2 reads one (up to a space, `/` or `>`), then the rest of the tag up to the first `>`.
const OPEN_TAG = /<([a-zA-Z][^\t\n\f\r />]*)((?:[\t\n\f\r /][^>]*)?)>/y;
const CLOSE_TAG = /<\/([a-zA-Z][^\t\n\f\r >]*)(?:[\t\n\f\r ][^>]*)?>/y;
/** One attribute after whitespace, its value quoted or plain; the `/` of `<br/>` at the end. */
const ATTRIBUTE =
  /[\t\n\f\r ]+([^\t\n\f\r />"'<=]+)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >"'<=`]+)))?/y;
const TAG_END = /[\t\n\f\r ]*(\/?)$/y;
const ENTITY = /&([#a-zA-Z0-9]+;?)/g;
const KNOWN_ENTITIES: Readonly<Record<string, string>> = {
  'amp;': '&',
  'lt;': '<',
  'gt;': '>',
  'quot;': '"',
  'apos;': "'",
  '#39;': "'",
  'nbsp;': '\u00a0',
};

/** What an opening tag does to the reading: the element, and whether it opens an excluded run or must be read. */
interface OpenTag {
  name: string;
  isVoid: boolean;
  excludes: boolean;
  /** A bold element, a vote tag or a heading: outside excluded elements, the post is parsed. */
  isRead: boolean;
}

/**
 * The text `scanHtml` keeps (outside excluded elements), or null when the post needs the parser: its markup is
 * not plain, a bold element, vote tag or heading is outside the excluded ones, or an excluded one is left open.
 * Not null: the scan holds no bold run, vote tag or heading. It may throw on input it cannot read.
 */
function ownText(html: string): string | null {
  const parts: string[] = [];
  const stack: string[] = [];
  /** For each element of `stack`, whether it opened an excluded run (the Collector's EXCLUDED frame). */
  const excludes: boolean[] = [];
  let excluded = 0;
  const pop = () => {
    stack.pop();
    if (excludes.pop()) excluded -= 1;
  };
  for (let at = 0; at < html.length; ) {
    const lt = html.indexOf('<', at);
    const end = lt === -1 ? html.length : lt;
    if (end > at && excluded === 0) {
      const decoded = decodeEntities(html.slice(at, end));
      if (decoded === null) return null;
      parts.push(decoded);
    }
    if (lt === -1) break;
    if (html.charCodeAt(lt + 1) === SLASH) {
      CLOSE_TAG.lastIndex = lt;
      const m = CLOSE_TAG.exec(html);
      if (!m) return null;
      at = CLOSE_TAG.lastIndex;
      const name = (m[1] as string).toLowerCase();
      // `</br>` and `</p>` without a `p` open an element htmlparser2 closes at once: nothing to read in it.
      if (isVoid(name)) continue;
      const pos = stack.lastIndexOf(name);
      if (pos >= 0) while (stack.length > pos) pop();
      continue;
    }
    OPEN_TAG.lastIndex = lt;
    const m = OPEN_TAG.exec(html);
    if (!m) return null;
    at = OPEN_TAG.lastIndex;
    const tag = openTag(m[0], m[1] as string, m[2] as string);
    if (tag === null) return null;
    while (stack.length > 0 && closedBy(stack[stack.length - 1] as string, tag.name)) pop();
    const opensExcluded = excluded === 0 && tag.excludes;
    if (excluded === 0 && tag.isRead) return null;
    if (tag.isVoid) continue;
    stack.push(tag.name);
    excludes.push(opensExcluded);
    if (opensExcluded) excluded += 1;
  }
  return excluded > 0 ? null : parts.join('');
}

const SLASH = 0x2f;
/** Opening tags by their text (a thread repeats a few dozen), null for one not plain enough to read here. */
const openTags = new Map<string, OpenTag | null>();

function openTag(text: string, rawName: string, section: string): OpenTag | null {
  let tag = openTags.get(text);
  if (tag !== undefined) return tag;
  tag = null;
  const name = rawName.toLowerCase();
  const attribs = attributesOf(section);
  const isVoidName = isVoid(name);
  if (attribs !== null && !isRawText(name) && !(attribs.selfClosing && !isVoidName)) {
    const style = styleOf(attribs.values);
    // As the scanner's Collector: a `<br>` only breaks the line.
    const excludes = name !== 'br' && isExcluded(name, attribs.values, style);
    const isRead =
      name !== 'br' &&
      !excludes &&
      (isVoteTag(attribs.values) || isBoldElement(name, attribs.values, style) || HEADING_TAGS.has(name));
    tag = { name, isVoid: isVoidName, excludes, isRead };
  }
  if (openTags.size < MAX_KEPT) openTags.set(text, tag);
  return tag;
}

/** A tag's attributes as htmlparser2 gives them (names in lower case, the first of a name kept), or null. */
function attributesOf(section: string): { values: Record<string, string>; selfClosing: boolean } | null {
  const values: Record<string, string> = {};
  let at = 0;
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const m = ATTRIBUTE.exec(section);
    if (!m) break;
    at = ATTRIBUTE.lastIndex;
    const name = (m[1] as string).toLowerCase();
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (value === null) return null;
    if (!Object.hasOwn(values, name)) values[name] = value;
  }
  TAG_END.lastIndex = at;
  const end = TAG_END.exec(section);
  return end ? { values, selfClosing: end[1] === '/' } : null;
}

/** Text or an attribute value with its entities decoded, or null when it holds one not in KNOWN_ENTITIES. */
function decodeEntities(raw: string): string | null {
  if (!raw.includes('&')) return raw;
  let unknown = false;
  const text = raw.replace(ENTITY, (whole, name: string) => {
    const known = KNOWN_ENTITIES[name];
    if (known === undefined) unknown = true;
    return known ?? whole;
  });
  return unknown ? null : text;
}

// What htmlparser2 does with an element, asked of it once per name (or pair of names) and kept.
const MAX_KEPT = 4096;
/** htmlparser2's own list of void elements (`isVoidElement` is the hook it offers subclasses). */
class VoidElements extends Parser {
  has(name: string): boolean {
    return this.isVoidElement(name);
  }
}
let voidElements: VoidElements | null = null;
const rawText = new Map<string, boolean>();
const closes = new Map<string, Map<string, boolean>>();

function isVoid(name: string): boolean {
  voidElements ??= new VoidElements({});
  return voidElements.has(name);
}

/** `<script>`, `<style>`, `<textarea>`…: htmlparser2 reads what follows as text, not tags. */
function isRawText(name: string): boolean {
  let known = rawText.get(name);
  if (known === undefined) {
    let opened = 0;
    const p = new Parser({
      onopentag: () => {
        opened += 1;
      },
    });
    p.write(`<${name}><i>`);
    known = opened < 2;
    if (rawText.size < MAX_KEPT) rawText.set(name, known);
  }
  return known;
}

/** Whether opening `child` closes an open `top` (`<p>` then `<div>`, `<li>` then `<li>`). */
function closedBy(top: string, child: string): boolean {
  let byChild = closes.get(top);
  if (byChild === undefined) {
    byChild = new Map();
    if (closes.size < MAX_KEPT) closes.set(top, byChild);
  }
  let known = byChild.get(child);
  if (known === undefined) {
    let opened = 0;
    let closed = false;
    const p = new Parser({
      onopentag: () => {
        opened += 1;
      },
      onclosetag: () => {
        if (opened === 1) closed = true;
      },
    });
    p.write(`<${top}><${child}>`);
    known = closed;
    if (byChild.size < MAX_KEPT) byChild.set(child, known);
  }
  return known;
}
