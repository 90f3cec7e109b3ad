import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage } from '../common/load-page.js';
import { checkFields, displayTime, postNumber, resolveUrl, squash, toPost } from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { vbulletinPostSchema } from './schema.js';

/**
 * vBulletin 4 postbit (platforms.md §2.3): `li#post_N`, body `#post_message_N > blockquote.postcontent`, the printed
 * date `.postdate .date` ("12-25-2009, 01:51 PM", "Today, …") read in the forum's zone, edit note
 * `blockquote.lastedited`, number `a.postcounter` or Mafia Universe's `data-postnumber`.
 */
export function vb4Posts($: CheerioAPI): Element[] {
  return $('li[id^="post_"]')
    .toArray()
    .filter((el) => /^post_\d+$/.test(el.attribs.id ?? ''));
}

export function vb4Entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext): PageEntry {
  const node = $(el);
  const id = el.attribs.id!.slice('post_'.length);
  const message = node.find(`#post_message_${id}`).first();
  const quoteBox = message.children('blockquote.postcontent').first();
  const body = ((quoteBox.length ? quoteBox : message).html() ?? '').trim();
  const counter = node.find('a.postcounter').first();
  const number = el.attribs['data-postnumber'] ? Number(el.attribs['data-postnumber']) : postNumber(counter.text());
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      const author = squash(node.find('.username_container .username').first().text());
      const note = squash(node.find('blockquote.lastedited').first().text());
      // From the first `;` only (the note is squashed, so `\S` takes the place of the old `.+` after the spaces).
      const edited = /^[^;]*;\s*(\S.*)$/.exec(note);
      const fields = checkFields(
        vbulletinPostSchema,
        {
          id,
          author,
          createdAt: displayTime(node.find('.postdate .date').first().text(), ctx) ?? undefined,
          editedAt: edited ? displayTime(edited[1], ctx) : null,
          html: body,
          number,
          url: resolveUrl(counter.attr('href') ?? `showthread.php?p=${id}#post${id}`, ctx.pageUrl),
        },
        'vBulletin 4',
        ctx.pageUrl,
        id,
      );
      return toPost({ ...fields, readNote: cutNote(cutDepth(el)) });
    },
  };
}

/** "Page 2 of 5" in the page menu; "Results 11 to 20 of 47" in the selected page's title. */
export function vb4Pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const box = $('.pagination').first();
  const of = /Page (\d+) of (\d+)/i.exec(squash(box.text()));
  const results = /Results (\d+) to (\d+) of ([\d,]+)/i.exec(box.find('.selected a').attr('title') ?? '');
  const page = of ? Number(of[1]) : 1;
  const pageCount = of ? Number(of[2]) : 1;
  const total = results ? Number(results[3]!.replace(/,/g, '')) : null;
  const perPage = results && page < pageCount ? Number(results[2]) - Number(results[1]) + 1 : null;
  return { page, pageCount, perPage, total };
}
