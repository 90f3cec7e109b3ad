import { trimEndRepeats } from '../domain/long-text.js';
import { esc, Html, safeUrl } from './html.js';

/**
 * Renders a draft's markup (what the forum will show players) as safe HTML for the dashboard. Every piece of
 * text is escaped; only the tags built here reach the page, and links keep http(s) URLs only.
 */
export function markupToHtml(text: string, format: string): Html {
  if (format === 'bbcode') return new Html(bbcodeToHtml(text));
  if (format === 'markdown') return new Html(markdownToHtml(text));
  return new Html(lines(text));
}

const lines = (s: string) => esc(s).replace(/\r?\n/g, '<br>');

const link = (href: string, label: string) =>
  `<a href="${esc(href)}" rel="noopener noreferrer nofollow" target="_blank">${label}</a>`;

// ---------------------------------------------------------------- BBCode

const BB_TAGS = new Set([
  'b',
  'i',
  'u',
  's',
  'strike',
  'url',
  'quote',
  'spoiler',
  'code',
  'list',
  '*',
  'color',
  'size',
  'font',
  'center',
  'img',
]);

interface Frame {
  name: string;
  arg: string | null;
  out: string[];
  raw: string[];
}

export function bbcodeToHtml(text: string): string {
  const root: Frame = { name: '', arg: null, out: [], raw: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1] as Frame;
  const emitText = (s: string) => {
    top().out.push(lines(s));
    top().raw.push(s);
  };
  const close = () => {
    const f = stack.pop() as Frame;
    const inner = f.out.join('');
    top().out.push(renderTag(f, inner));
    top().raw.push(f.raw.join(''));
  };
  let last = 0;
  for (let m = nextBbTag(text, 0); m; m = nextBbTag(text, m.end)) {
    const { slash, arg } = m;
    const token = text.slice(m.index, m.end);
    const name = m.name.toLowerCase();
    if (!BB_TAGS.has(name)) continue;
    emitText(text.slice(last, m.index));
    last = m.end;
    if (!slash && name === 'code') {
      const end = text.toLowerCase().indexOf('[/code]', last);
      const body = end < 0 ? text.slice(last) : text.slice(last, end);
      top().out.push(`<pre><code>${esc(body)}</code></pre>`);
      top().raw.push(body);
      last = end < 0 ? text.length : end + '[/code]'.length;
      m.end = last;
      continue;
    }
    if (!slash) {
      if (name === '*' && top().name === '*') close();
      stack.push({ name, arg: arg ?? null, out: [], raw: [] });
      continue;
    }
    const at = stack.map((f) => f.name).lastIndexOf(name);
    if (at <= 0) {
      emitText(token);
      continue;
    }
    while (stack.length > at) close();
  }
  emitText(text.slice(last));
  while (stack.length > 1) close();
  return root.out.join('');
}

/** A BBCode tag as `/\[(\/?)([a-z*]+)(?:=([^\]\n]*))?\]/gi` found it: `[b]`, `[/b]`, `[url=…]`; `end` is past its `]`. */
export interface BbTag {
  index: number;
  end: number;
  slash: string;
  name: string;
  arg: string | undefined;
}

/**
 * The first BBCode tag at or after `from`, in one pass over the text. The pattern retried its `=…` argument from
 * every `[` of a line with no `]` (quadratic); an argument never crosses a line end, so when it finds no `]` before
 * one, no tag starts before that line end either, and the search goes on from there.
 */
export function nextBbTag(text: string, from: number): BbTag | null {
  const head = /\[(\/?)([a-z*]+)([=\]])/gi;
  const stop = /[\]\n]/g;
  head.lastIndex = from;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const [, slash = '', name = ''] = m;
    if (m[3] === ']') return { index: m.index, end: head.lastIndex, slash, name, arg: undefined };
    stop.lastIndex = head.lastIndex;
    const s = stop.exec(text);
    if (!s) return null;
    if (s[0] === ']')
      return { index: m.index, end: s.index + 1, slash, name, arg: text.slice(head.lastIndex, s.index) };
    head.lastIndex = s.index;
  }
  return null;
}

/** `line` (one line) without its BBCode tags, known or not (`[b]`, `[/url]`, `[color=red]`). */
export function withoutBbTags(line: string): string {
  let out = '';
  let last = 0;
  for (let m = nextBbTag(line, 0); m; m = nextBbTag(line, m.end)) {
    out += line.slice(last, m.index);
    last = m.end;
  }
  return out + line.slice(last);
}

function renderTag(f: Frame, inner: string): string {
  const body = inner.replace(/^<br>/, '');
  switch (f.name) {
    case 'b':
      return `<strong>${inner}</strong>`;
    case 'i':
      return `<em>${inner}</em>`;
    case 'u':
      return `<u>${inner}</u>`;
    case 's':
    case 'strike':
      return `<s>${inner}</s>`;
    case 'url': {
      const href = safeUrl(f.arg ?? f.raw.join(''));
      return href ? link(href, inner) : inner;
    }
    case 'img': {
      const href = safeUrl(f.raw.join(''));
      return href ? link(href, '[image]') : inner;
    }
    case 'quote':
      return `<blockquote>${f.arg ? `<cite>${esc(f.arg.replace(/^"|"$/g, ''))} wrote:</cite>` : ''}${body}</blockquote>`;
    case 'spoiler':
      return `<details class="spoiler"><summary>${esc(f.arg ?? 'Spoiler')}</summary>${body}</details>`;
    case 'list':
      return `<ul>${inner.replace(/^(<br>|\s)+/, '')}</ul>`;
    case '*':
      return `<li>${trimEndRepeats(inner, '<br>')}</li>`;
    default:
      return inner;
  }
}

// ---------------------------------------------------------------- Markdown (Reddit's subset)

export function markdownToHtml(text: string): string {
  const src = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length === 0) return;
    const joined = para
      .map((l, i) =>
        i < para.length - 1
          ? l.endsWith('  ') || l.endsWith('\\')
            ? `${inline(l.replace(/(?<! ) +$|\\$/, ''))}<br>`
            : `${inline(l)} `
          : inline(l),
      )
      .join('');
    out.push(`<p>${joined}</p>`);
    para = [];
  };
  for (let i = 0; i < src.length; i += 1) {
    const line = src[i] as string;
    if (/^\s*>(?!!)/.test(line)) {
      flush();
      const block: string[] = [];
      while (i < src.length && /^\s*>(?!!)/.test(src[i] as string)) {
        block.push((src[i] as string).replace(/^\s*> ?/, ''));
        i += 1;
      }
      i -= 1;
      out.push(`<blockquote>${markdownToHtml(block.join('\n'))}</blockquote>`);
    } else if (/^\s*[-*+] /.test(line)) {
      flush();
      const items: string[] = [];
      while (i < src.length && /^\s*[-*+] /.test(src[i] as string)) {
        items.push(`<li>${inline((src[i] as string).replace(/^\s*[-*+] /, '').trimEnd())}</li>`);
        i += 1;
      }
      i -= 1;
      out.push(`<ul>${items.join('')}</ul>`);
    } else if (/^#{1,6} /.test(line)) {
      flush();
      out.push(`<p><strong>${inline(line.replace(/^#+ /, ''))}</strong></p>`);
    } else if (line.trim() === '') flush();
    else para.push(line);
  }
  flush();
  return out.join('');
}

/** Index of the next unescaped `delim` at or after `from`, or -1. */
function findClose(s: string, delim: string, from: number): number {
  for (let i = from; i < s.length; i += 1) {
    if (s[i] === '\\') {
      i += 1;
      continue;
    }
    if (s.startsWith(delim, i)) return i;
  }
  return -1;
}

const PAIRS: [string, string, string][] = [
  ['**', '**', 'strong'],
  ['~~', '~~', 's'],
  ['>!', '!<', 'span class="spoiler"'],
  ['*', '*', 'em'],
  ['_', '_', 'em'],
];

function inline(s: string): string {
  let out = '';
  let i = 0;
  outer: while (i < s.length) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < s.length && /[\\`*_{}[\]()#+\-.!|>~<]/.test(s[i + 1] as string)) {
      out += esc(s[i + 1]);
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end > i) {
        out += `<code>${esc(s.slice(i + 1, end))}</code>`;
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = findClose(s, '](', i + 1);
      const end = close < 0 ? -1 : findClose(s, ')', close + 2);
      if (close > i && end > close) {
        const href = safeUrl(s.slice(close + 2, end).replace(/\\(.)/g, '$1'));
        const label = inline(s.slice(i + 1, close));
        out += href ? link(href, label) : label;
        i = end + 1;
        continue;
      }
    }
    for (const [open, closeDelim, tag] of PAIRS) {
      if (!s.startsWith(open, i)) continue;
      const end = findClose(s, closeDelim, i + open.length);
      if (end > i + open.length) {
        const name = tag.split(' ')[0];
        out += `<${tag}>${inline(s.slice(i + open.length, end))}</${name}>`;
        i = end + closeDelim.length;
        continue outer;
      }
    }
    out += esc(c);
    i += 1;
  }
  return out;
}
