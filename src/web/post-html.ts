import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { isBoldStyle, isExcluded } from '../parser/exclusions.js';
import { esc, Html } from './html.js';

/**
 * A post's HTML (untrusted: it is what the forum served) reduced to a few structural tags with no attributes,
 * for quoting on the dashboard. Text is escaped; scripts, styles and embedded content are dropped whole.
 */
const KEEP = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'div',
]);
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'head',
  'title',
]);
const RENAME: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
const MAX_CHARS = 20_000;

export function postToHtml(postHtml: string): Html {
  const doc = parseDocument(postHtml.slice(0, 200_000), { decodeEntities: true });
  const budget = { left: MAX_CHARS };
  const out = doc.children.map((n) => node(n, budget)).join('');
  return new Html(budget.left <= 0 ? `${out}<p class="muted">… (cut)</p>` : out);
}

function node(n: ChildNode, budget: { left: number }): string {
  if (budget.left <= 0) return '';
  if (n.type === 'text') {
    const text = n.data.slice(0, budget.left);
    budget.left -= text.length;
    return esc(text);
  }
  if (n.type !== 'tag' && n.type !== 'script' && n.type !== 'style') return '';
  const el = n as Element;
  const name = el.name.toLowerCase();
  if (DROP.has(name)) return '';
  const inner = el.children.map((c) => node(c, budget)).join('');
  if (name === 'br') return '<br>';
  if (name === 'img') return '[image]';
  const style = (el.attribs.style ?? '').toLowerCase();
  // Quotes, spoilers, code and hidden or struck text: shown, marked as not read for actions (interfaces §2).
  if (isExcluded(name, el.attribs, style))
    return `<blockquote class="excluded"><span class="excluded-tag">not read as actions</span>${inner}</blockquote>`;
  const body = isBoldStyle(style) ? `<strong>${inner}</strong>` : inner;
  const inline = name === 'div' && /display\s*:\s*inline/.test(style);
  if (!KEEP.has(name) || inline) return body;
  const tag = RENAME[name] ?? name;
  return `<${tag}>${body}</${tag}>`;
}
