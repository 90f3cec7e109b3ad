/** Which elements hide their text from action reading, which are bold, which break lines (interfaces §2). */

const EXCLUDED_TAGS = new Set([
  'blockquote',
  'q',
  'pre',
  'code',
  // Not in the contract's list, but never the poster's visible words: hidden-until-clicked and struck text.
  'details',
  'del',
  's',
  'strike',
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'select',
]);

const EXCLUDED_CLASSES = new Set([
  'quotecontent',
  'quotetitle',
  'md-spoiler-text',
  'spoiler',
  'bbCodeSpoiler',
  'bbCodeInlineSpoiler',
  'bbCodeBlock--quote',
  'ipsQuote',
  'ipsSpoiler',
  'quote',
  'bbcode_container',
  'codebox',
  'signature',
  // Same containers under other names on the engines of reference/platforms.md §2.
  'bbCodeQuote',
  'bbCodeBlock--spoiler',
  'bbCodeBlock--code',
  'bbCodeInlineCode',
  'bbcode_quote',
  'message-signature',
  'signaturecontainer',
  'ipsCode',
  'lastedited',
]);

/** vBulletin 4 wraps the post body itself in `blockquote.postcontent`: that one is the poster's text. */
const BODY_BLOCKQUOTE_CLASS = 'postcontent';

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

type Attribs = Record<string, string>;

function hasClass(classAttr: string | undefined, wanted: ReadonlySet<string> | string): boolean {
  if (!classAttr) return false;
  for (const token of classAttr.split(/\s+/)) {
    if (typeof wanted === 'string' ? token === wanted : wanted.has(token)) return true;
  }
  return false;
}

/** An element's `style` as the predicates below read it. */
export function styleOf(attribs: Attribs): string {
  return attribs.style ? attribs.style.toLowerCase() : '';
}

/** True when the element's contents are not the poster's own visible text. */
export function isExcluded(name: string, attribs: Attribs, style: string): boolean {
  if (hasClass(attribs.class, EXCLUDED_CLASSES)) return true;
  if (EXCLUDED_TAGS.has(name)) {
    return !(name === 'blockquote' && hasClass(attribs.class, BODY_BLOCKQUOTE_CLASS));
  }
  const id = attribs.id;
  if (id?.startsWith('spoiler_')) return true;
  const title = attribs.title;
  if (title?.startsWith('This text is hidden')) return true;
  if (style && (/display\s*:\s*none/.test(style) || style.includes('line-through'))) return true;
  return false;
}

/** `b`, `strong`, a bold style, or A2: MafiaScum's older `<span class="noboldsig">` (interfaces §2). */
export function isBoldElement(name: string, attribs: Attribs, style: string): boolean {
  if (name === 'b' || name === 'strong') return true;
  if (style !== '' && isBoldStyle(style)) return true;
  return hasClass(attribs.class, 'noboldsig');
}

export function isBoldStyle(style: string): boolean {
  return style.includes('font-weight') && /font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b/.test(style);
}

/** Whether opening or closing the element starts a new line of text. */
export function isBlock(name: string, style: string): boolean {
  if (style.includes('display')) {
    const m = /display\s*:\s*([a-z-]+)/.exec(style);
    if (m?.[1]) return !m[1].startsWith('inline') && m[1] !== 'contents' && m[1] !== 'none';
  }
  return BLOCK_TAGS.has(name);
}

export function isVoteTag(attribs: Attribs): boolean {
  return hasClass(attribs.class, 'bbvote');
}
