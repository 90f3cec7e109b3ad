import type { Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { ModdeskError, quote } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import { formatInstant } from '../../domain/time.js';
import type * as z from '../../domain/zod.js';
import { parseDisplayDate } from './display-date.js';
import type { PageContext } from './paged-forum.js';
import { zonedToUtc } from './time-zone.js';

/** Small pure helpers the page mappers share. */

/** Parses a thread URL given on the command line or in a game file; `bad` makes the platform's own error. */
export function parseUrlOr(url: string, bad: (url: string) => Error): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw bad(url);
  }
  // `htp:/forum example/…` parses as a URL, and would fail only at the first read, with "Invalid URL".
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw bad(url);
  return u;
}

export function resolveUrl(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

export function squash(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** The first element matching the first selector that matches anything under `node` (selectors in order of trust). */
export function firstFound(node: Cheerio<AnyNode>, selectors: string[]): Cheerio<AnyNode> {
  for (const sel of selectors) {
    const found = node.find(sel).first();
    if (found.length > 0) return found;
  }
  return node.find(selectors[selectors.length - 1]!).first();
}

/** `#17` → 17. */
export function postNumber(text: string | undefined): number | null {
  const m = /#\s*(\d+)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

const OFFSET_ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/**
 * A machine-readable time: ISO with an offset (`-0400` is normalised to `-04:00`), an ISO time without one (read in
 * the forum's zone, as vBulletin 5 prints it), or epoch seconds. Null when it is none of these.
 */
export function machineTime(value: string | undefined, timeZone: string): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d{9,11}$/.test(text)) return Number(text) * 1000;
  const off = OFFSET_ISO.exec(text);
  if (off) {
    const zone = off[2] === 'Z' ? 'Z' : `${off[2]!.slice(0, 3)}:${off[2]!.slice(-2)}`;
    const ms = Date.parse(`${off[1]}${zone}`);
    return Number.isNaN(ms) ? null : ms;
  }
  const local = LOCAL_ISO.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    return zonedToUtc({ year: y!, month: mo!, day: d!, hour: h!, minute: mi!, second: s || 0 }, timeZone);
  }
  return null;
}

/** Display text as the forum prints it, read in the forum's zone. */
export function displayTime(text: string | undefined, ctx: PageContext): number | null {
  if (!text) return null;
  return parseDisplayDate(text, { timeZone: ctx.timeZone, now: ctx.now, order: ctx.dateOrder });
}

/** The §1 Post a forum mapper read (checked fields, instants in ms). */
export function toPost(fields: {
  id: string;
  author: string;
  createdAt: number;
  editedAt: number | null;
  html: string;
  number: number | null;
  url?: string;
  /** Why the body is not the page's markup as served (common/load-page.ts); the machine flags it. */
  readNote?: string | null;
}): Post {
  const post: Post = {
    id: fields.id,
    author: fields.author,
    createdAt: iso(fields.createdAt),
    editedAt: fields.editedAt === null ? null : iso(fields.editedAt),
    html: fields.html,
    channel: 'thread',
    url: fields.url,
  };
  if (fields.number !== null) post.number = fields.number;
  if (fields.readNote) post.readNote = fields.readNote;
  return post;
}

export function iso(ms: number): string {
  return formatInstant(ms);
}

/** Validates what a mapper read from a page; a mismatch names the page and the post. */
export function checkFields<T>(
  schema: z.ZodMiniType<T>,
  raw: unknown,
  platform: string,
  pageUrl: string,
  id: string,
): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'post';
  const got = issue && typeof raw === 'object' && raw ? (raw as Record<string, unknown>)[String(issue.path[0])] : raw;
  throw new ModdeskError(
    'dump-invalid',
    `${platform} post ${id}: ${field}: ${issue?.message ?? 'invalid'} (got ${quote(String(got ?? ''))})`,
    { file: pageUrl, place: `post ${id}` },
  );
}

/** Markers that name the forum software a page came from; checked in order on the page's first 50 KB. */
const ENGINE_MARKS: Array<[RegExp | ((head: string) => boolean), string]> = [
  [/<meta\s+name="generator"\s+content="([^"]{1,60})"/i, '$1'],
  [(h) => inOpenTag(h, /<html/gi, (tag) => /\bid="XenForo"/i.test(tag)), 'XenForo 1'],
  [(h) => inOpenTag(h, /<html/gi, xenforo2Root) || /data-xf-init=/i.test(h), 'XenForo 2'],
  [(h) => inOpenTag(h, /<body/gi, (tag) => /\bid="phpbb"/i.test(tag)), 'phpBB'],
  [/\bvbulletin_css\b|\bvBulletin\.version\b/i, 'vBulletin'],
  [/<meta\s+name="discourse_/i, 'Discourse'],
  [/\bipsApp\b|\bipsLayout_/, 'Invision Community'],
  [/\bNodeBB\b/, 'NodeBB'],
  [/\bsmf_scripturl\b|Simple Machines Forum/i, 'SMF'],
  [/\bMyBB\b/, 'MyBB'],
];

/** The forum software a page looks like it came from, or null. */
export function sniffEngine(html: string): string | null {
  const head = html.slice(0, 50_000);
  for (const [mark, name] of ENGINE_MARKS) {
    const m = typeof mark === 'function' ? (mark(head) ? [''] : null) : mark.exec(head);
    if (m) return name.replace('$1', m[1] ?? '').trim();
  }
  return null;
}

/**
 * Whether an opening tag that `open` (global) starts, read up to its `>`, passes `test` (as `/<html[^>]*…/`
 * asked), in one pass: a later `<html` before the same `>` holds only a part of what the first one held.
 */
function inOpenTag(html: string, open: RegExp, test: (tag: string) => boolean): boolean {
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const end = html.indexOf('>', m.index);
    if (test(html.slice(m.index, end < 0 ? html.length : end))) return true;
    if (end < 0) return false;
    open.lastIndex = end + 1;
  }
  return false;
}

/** XenForo 2's `<html … data-app="public" … data-template=…>`. */
function xenforo2Root(tag: string): boolean {
  const app = /\bdata-app="public"/i.exec(tag);
  return app !== null && /data-template=/i.test(tag.slice(app.index + app[0].length));
}

/** The text of a page's first `<title …>…</title>`, as `/<title[^>]*>([^<]*)<\/title>/i` read it, in one pass. */
export function pageTitle(html: string): string | undefined {
  const open = /<title/gi;
  const close = /<\/title>/iy;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const gt = html.indexOf('>', m.index + m[0].length);
    if (gt < 0) return undefined;
    const lt = html.indexOf('<', gt + 1);
    close.lastIndex = lt;
    if (lt >= 0 && close.test(html)) return html.slice(gt + 1, lt);
    open.lastIndex = gt + 1;
  }
  return undefined;
}

export function noPosts(platform: string, pageUrl: string, expected: string, html: string): ModdeskError {
  const title = pageTitle(html) ?? html.slice(0, 80);
  const engine = sniffEngine(html);
  const what = engine
    ? `, which looks like ${engine} (is --platform right, or is it a page that shows no posts?)`
    : ' (a login or challenge page?)';
  return new ModdeskError(
    'dump-invalid',
    `no ${platform} posts on this page: expected ${expected}; got a page titled ${quote(squash(title))}${what}`,
    { file: pageUrl, place: 'page' },
  );
}
