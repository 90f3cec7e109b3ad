import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage, loadPage } from '../common/load-page.js';
import { checkFields, machineTime, noPosts, postNumber, resolveUrl, squash, toPost } from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { xf1Entry, xf1Pagination, xf1Posts } from './parse-xf1.js';
import { xenforoPostSchema } from './schema.js';

/**
 * Maps one XenForo thread page to posts; XenForo 1 pages go to parse-xf1.ts. XenForo 2 (platforms.md §2.2): `article.message--post[data-content=post-N]`,
 * body `.message-body .bbWrapper`, time `time.u-dt` (`datetime` with a numeric offset, else `data-timestamp` or a
 * numeric `data-time`), edits `.message-lastEdit time`, position `#N` in `.message-attribution-opposite`.
 */
export function parseXenforoPage(html: string, ctx: PageContext): ParsedPage {
  const loaded = loadPage(html);
  const { $ } = loaded;
  const nodes = $('article.message--post')
    .toArray()
    .filter((el) => /^post-\d+$/.test(el.attribs['data-content'] ?? ''));
  if (nodes.length > 0) return { ...pagination($), entries: nodes.map((el) => entry(loaded, el, ctx)) };
  const xf1 = xf1Posts($);
  if (xf1.length > 0) return { ...xf1Pagination($), entries: xf1.map((el) => xf1Entry(loaded, el, ctx)) };
  throw noPosts(
    'XenForo',
    ctx.pageUrl,
    'article.message--post[data-content="post-N"] (XenForo 2) or li.message#post-N (XenForo 1)',
    html,
  );
}

/** XenForo 2.0–2.2 put the epoch in `data-time`; 2.3 moved it to `data-timestamp` (and `data-time` is display text). */
function timeOf(node: ReturnType<CheerioAPI>, timeZone: string): number | null {
  if (node.length === 0) return null;
  return (
    machineTime(node.attr('datetime'), timeZone) ??
    machineTime(node.attr('data-timestamp'), timeZone) ??
    machineTime(node.attr('data-time'), timeZone)
  );
}

function entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext): PageEntry {
  const node = $(el);
  const id = el.attribs['data-content']!.slice('post-'.length);
  const body = (node.find('.message-body .bbWrapper').first().html() ?? '').trim();
  const number = postNumber(node.find('.message-attribution-opposite').first().text());
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      const author = squash(el.attribs['data-author'] ?? node.find('.message-name .username').first().text());
      const stamp = node.find('.message-attribution-main time.u-dt, .message-attribution-main time').first();
      const link = node.find('.message-attribution-main a[href]').first().attr('href');
      const fields = checkFields(
        xenforoPostSchema,
        {
          id,
          author,
          createdAt: timeOf(stamp, ctx.timeZone) ?? undefined,
          editedAt: timeOf(node.find('.message-lastEdit time').first(), ctx.timeZone),
          html: body,
          number,
          url: resolveUrl(link ?? `post-${id}`, ctx.pageUrl),
        },
        'XenForo',
        ctx.pageUrl,
        id,
      );
      return toPost({ ...fields, id, number, readNote: cutNote(cutDepth(el)) });
    },
  };
}

/** `.pageNav-page--current` and the highest `.pageNav-page`; XenForo shows no post total. */
function pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const nav = $('.pageNav').first();
  const current = Number(squash(nav.find('.pageNav-page--current').first().text()));
  const numbers = nav
    .find('.pageNav-page')
    .toArray()
    .map((li) => Number(squash($(li).text())))
    .filter((n) => Number.isInteger(n) && n > 0);
  const page = current > 0 ? current : 1;
  return { page, pageCount: Math.max(page, ...numbers), perPage: null, total: null };
}
