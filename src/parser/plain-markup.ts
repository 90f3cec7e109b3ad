import { Parser } from 'htmlparser2';
import { replaceLong } from '../domain/long-text.js';
import { MAX_MARKUP_DEPTH } from '../domain/shallow-markup.js';
import { HEADING_TAGS, isBoldElement, isExcluded, isVoteTag, styleOf } from './exclusions.js';
import { ownCopy } from './own-copy.js';

/**
 * A reader of plain markup that gives what htmlparser2 gives (decision 0019): the same opening tags with the same
 * attributes, the same text, the same closing tags, implied ones included, in the same order. It only reads HTML
 * simple enough for that to be certain: text without `<`, tags whose attributes are plainly quoted or plain words,
 * the entities forums write. On anything else (a comment, a raw `<`, another entity, a self-closing non-void
 * element, an element htmlparser2 reads as raw text) it stops, and the caller asks htmlparser2.
 * Where an element ends is htmlparser2's own: its void elements and which opening tag closes which open one, each
 * asked of htmlparser2 once and kept.
 */

/** An opening tag as htmlparser2 reads it, and what it means to a reading (kept by its text: a thread repeats a few dozen). */
export interface PlainTag {
  name: string;
  /** As htmlparser2 gives them: names in lower case, the first of a name kept, entities decoded. */
  attribs: Readonly<Record<string, string>>;
  isVoid: boolean;
  /** Opens a quote, spoiler, code… (`isExcluded`; never a `<br>`). */
  excludes: boolean;
  /** A bold element, a vote tag or a heading, when not excluded. */
  isRead: boolean;
}

/** What a walk is told, in htmlparser2's order. `open` and `text` answer false to stop the walk (not plain). */
export interface MarkupVisitor {
  open(tag: PlainTag): boolean;
  /** The text of `html` from `start` to `end`, its entities not yet decoded (`decodeEntities`). */
  text(html: string, start: number, end: number): boolean;
  close(name: string): void;
  /** True once the visitor has read what it needs: the walk ends there, as read. */
  readonly stopped?: boolean;
  /** At the end of the input, before the elements still open are closed: false stops the walk. */
  end(): boolean;
}

/** Walks `html` as htmlparser2 would parse it; false when it is not plain markup (the visitor saw part of it). */
export function walkPlainMarkup(html: string, visitor: MarkupVisitor): boolean {
  const stack: string[] = [];
  for (let at = 0; at < html.length; ) {
    const lt = html.indexOf('<', at);
    const end = lt === -1 ? html.length : lt;
    if (end > at && !visitor.text(html, at, end)) return false;
    if (lt === -1) break;
    if (visitor.stopped) return true;
    // Either pattern's match, when there is one, ends at the first `>`: a tag's text is looked up before any match.
    const gt = html.indexOf('>', lt);
    if (gt === -1) return false;
    const tagText = html.slice(lt, gt + 1);
    at = gt + 1;
    if (html.charCodeAt(lt + 1) === SLASH) {
      const name = closeTag(tagText);
      if (name === null) return false;
      if (isVoid(name)) {
        // htmlparser2 reads `</br>` as `<br>`; another void element's closing tag is nothing.
        if (name === 'br') {
          if (!visitor.open(IMPLIED_BR)) return false;
          visitor.close('br');
        }
        continue;
      }
      const pos = stack.lastIndexOf(name);
      if (pos >= 0) while (stack.length > pos) visitor.close(stack.pop() as string);
      else if (name === 'p') {
        // A `</p>` with no `p` open is an empty paragraph.
        if (!visitor.open(IMPLIED_P)) return false;
        visitor.close('p');
      }
      continue;
    }
    const tag = openTag(tagText);
    if (tag === null) return false;
    // Deeper markup is cut to text by htmlparser2's reader (`ShallowParser`), the one place that cuts it.
    if (!tag.isVoid && stack.length >= MAX_MARKUP_DEPTH) return false;
    while (stack.length > 0 && closedBy(stack[stack.length - 1] as string, tag.name))
      visitor.close(stack.pop() as string);
    if (!tag.isVoid) stack.push(tag.name);
    if (!visitor.open(tag)) return false;
    if (tag.isVoid) visitor.close(tag.name);
    if (visitor.stopped) return true;
  }
  if (!visitor.end()) return false;
  while (stack.length > 0) visitor.close(stack.pop() as string);
  return true;
}

// A name as htmlparser2 reads one (up to a space, `/` or `>`), then the rest of the tag up to its `>`.
const OPEN_TAG = /^<([a-zA-Z][^\t\n\f\r />]*)((?:[\t\n\f\r /][^>]*)?)>$/;
const CLOSE_TAG = /^<\/([a-zA-Z][^\t\n\f\r >]*)(?:[\t\n\f\r ][^>]*)?>$/;
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
const SLASH = 0x2f;
const AMPERSAND = 0x26;
/** An entity starts at its `&` and holds none after it: a cut before an `&` splits none. */
const beforeAmpersand = (text: string, at: number) => text.charCodeAt(at) === AMPERSAND;
const IMPLIED_BR: PlainTag = { name: 'br', attribs: {}, isVoid: true, excludes: false, isRead: false };
const IMPLIED_P: PlainTag = { name: 'p', attribs: {}, isVoid: false, excludes: false, isRead: false };

/** Text or an attribute value with its entities decoded, or null when it holds one not in KNOWN_ENTITIES. */
export function decodeEntities(raw: string): string | null {
  if (!raw.includes('&')) return raw;
  let unknown = false;
  const text = replaceLong(
    raw,
    ENTITY,
    (whole, name) => {
      const known = KNOWN_ENTITIES[name as string];
      if (known === undefined) unknown = true;
      return known ?? whole;
    },
    beforeAmpersand,
  );
  return unknown ? null : text;
}

const MAX_KEPT = 4096;
/**
 * Only tags this short are kept, each by a copy of its text: a key sliced from the post would keep the whole post
 * alive, and a long tag is rare (a post's own prank), so the memo holds at most MAX_KEPT × this many characters.
 */
const MAX_KEPT_TAG_CHARS = 512;
/** Opening tags by their text, null for one not plain enough to read here. */
const openTags = new Map<string, PlainTag | null>();
/** Closing tags by their text: the element's name, null for one not plain. */
const closeTags = new Map<string, string | null>();

function openTag(text: string): PlainTag | null {
  let tag = openTags.get(text);
  if (tag !== undefined) return tag;
  // A kept tag is read from its copy, so that its name and attributes are views into the copy, not the post.
  const keep = openTags.size < MAX_KEPT && text.length <= MAX_KEPT_TAG_CHARS;
  const own = keep ? ownCopy(text) : text;
  const m = OPEN_TAG.exec(own);
  tag = m === null ? null : readOpenTag((m[1] as string).toLowerCase(), m[2] as string);
  if (keep) openTags.set(own, tag);
  return tag;
}

function closeTag(text: string): string | null {
  let name = closeTags.get(text);
  if (name !== undefined) return name;
  const keep = closeTags.size < MAX_KEPT && text.length <= MAX_KEPT_TAG_CHARS;
  const own = keep ? ownCopy(text) : text;
  const m = CLOSE_TAG.exec(own);
  name = m === null ? null : (m[1] as string).toLowerCase();
  if (keep) closeTags.set(own, name);
  return name;
}

function readOpenTag(name: string, section: string): PlainTag | null {
  const attribs = attributesOf(section);
  const isVoidName = isVoid(name);
  if (attribs === null || isRawText(name) || (attribs.selfClosing && !isVoidName)) return null;
  const style = styleOf(attribs.values);
  // As the scanner's Collector: a `<br>` only breaks the line.
  const excludes = name !== 'br' && isExcluded(name, attribs.values, style);
  const isRead =
    name !== 'br' &&
    !excludes &&
    (isVoteTag(attribs.values) || isBoldElement(name, attribs.values, style) || HEADING_TAGS.has(name));
  return { name, attribs: attribs.values, isVoid: isVoidName, excludes, isRead };
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

// What htmlparser2 does with an element, asked of it once per name (or pair of names) and kept.
let voidElements: { has(name: string): boolean } | null = null;
const rawText = new Map<string, boolean>();
const closes = new Map<string, Map<string, boolean>>();

function isVoid(name: string): boolean {
  if (!voidElements) {
    // htmlparser2's own list of void elements (`isVoidElement` is the hook it offers subclasses). The class is made
    // here, not where the module loads: a call that reads no post never loads htmlparser2 (decision 0030).
    class VoidElements extends Parser {
      has(name: string): boolean {
        return this.isVoidElement(name);
      }
    }
    voidElements = new VoidElements({});
  }
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
