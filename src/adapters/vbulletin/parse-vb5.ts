import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage } from '../common/load-page.js';
import { checkFields, machineTime, postNumber, resolveUrl, squash, toPost } from '../common/page-helpers.js';
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
      const authorNode = node.find('[itemprop="author"] [itemprop="name"], .author a, [itemprop="author"]').first();
      const fields = checkFields(
        vbulletinPostSchema,
        {
          id,
          author: squash(authorNode.text()),
          createdAt:
            machineTime(node.find('.b-post__timestamp time').first().attr('datetime'), ctx.timeZone) ?? undefined,
          editedAt: machineTime(node.find('.b-post__edit time').first().attr('datetime'), ctx.timeZone),
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

/** The page box `input.js-pagenum` and `.pagetotal`. */
export function vb5Pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const current = Number($('input.js-pagenum').first().attr('value'));
  const totalPages = Number(squash($('.pagetotal').first().text()));
  const page = current > 0 ? current : 1;
  return { page, pageCount: totalPages > 0 ? Math.max(page, totalPages) : page, perPage: null, total: null };
}
