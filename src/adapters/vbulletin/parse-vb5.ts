import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage } from '../common/load-page.js';
import {
  checkFields,
  displayTime,
  firstFound,
  machineTime,
  postNumber,
  resolveUrl,
  squash,
  toPost,
} from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { vbulletinPostSchema } from './schema.js';

/**
 * vBulletin 5 (platforms.md §2.3): `li.b-post[data-node-id]`, body `.js-post__content-text`, time
 * `.b-post__timestamp time[datetime]` printed without an offset (read in the forum's zone), number `a.b-post__count`.
 */
export function vb5Posts($: CheerioAPI): Element[] {
  return $('li.b-post[data-node-id]')
    .toArray()
    .filter((el) => /^\d+$/.test(el.attribs['data-node-id'] ?? ''));
}

export function vb5Entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext): PageEntry {
  const node = $(el);
  const id = el.attribs['data-node-id']!;
  const body = (node.find('.js-post__content-text').first().html() ?? '').trim();
  const counter = node.find('a.b-post__count').first();
  const number = postNumber(counter.text());
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      // The userinfo block (`[itemprop=author]`) also holds the user title, join date and post count: only its link.
      const authorNode = firstFound(node, [
        '.b-userinfo .author a',
        '.author a',
        '[itemprop="author"] [itemprop="name"]',
      ]);
      const fields = checkFields(
        vbulletinPostSchema,
        {
          id,
          author: squash(authorNode.text()),
          createdAt: vb5Time(node.find('.b-post__timestamp time').first(), ctx) ?? undefined,
          editedAt: vb5Time(node.find('.b-post__edit time').first(), ctx),
          html: body,
          number,
          url: resolveUrl(counter.attr('href') ?? `#post${id}`, ctx.pageUrl),
        },
        'vBulletin 5',
        ctx.pageUrl,
        id,
      );
      return toPost({ ...fields, readNote: cutNote(cutDepth(el)) });
    },
  };
}

/**
 * vB5 prints `datetime` without an offset in the server's zone, and the text in the viewer's (a guest's: the
 * board's). A real page has `datetime="2019-04-09T11:40:18"` beside "04-09-2019, 01:40 PM". So the text, read in
 * the forum's zone, gives the minute and `datetime` only the seconds; with no readable text, `datetime` is read in
 * the forum's zone.
 */
function vb5Time(node: Cheerio<Element>, ctx: PageContext): number | null {
  if (node.length === 0) return null;
  const iso = machineTime(node.attr('datetime'), 'UTC');
  const shown = displayTime(node.text(), ctx);
  if (shown === null) return machineTime(node.attr('datetime'), ctx.timeZone);
  const minute = Math.floor(shown / 60_000) * 60_000;
  return iso === null ? minute : minute + (((iso % 60_000) + 60_000) % 60_000);
}

/** The page box `input.js-pagenum` and `.pagetotal`. */
export function vb5Pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const current = Number($('input.js-pagenum').first().attr('value'));
  const totalPages = Number(squash($('.pagetotal').first().text()));
  const page = current > 0 ? current : 1;
  return { page, pageCount: totalPages > 0 ? Math.max(page, totalPages) : page, perPage: null, total: null };
}
