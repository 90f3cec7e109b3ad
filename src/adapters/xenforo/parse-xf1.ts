import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage } from '../common/load-page.js';
import {
  checkFields,
  displayTime,
  machineTime,
  postNumber,
  resolveUrl,
  squash,
  toPost,
} from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { xenforoPostSchema } from './schema.js';

/**
 * XenForo 1.x (`message_ol` list): `li.message#post-N[data-author]`, body `.messageContent blockquote.messageText`
 * (its end marker dropped), time `.privateControls .DateTime` (`abbr[data-time]` epoch for recent posts, else
 * `span[title]` display text in the forum's zone), number `a.postNumber`, edits `.editDate .DateTime`.
 */
export function xf1Posts($: CheerioAPI): Element[] {
  return $('li.message[id^="post-"]')
    .toArray()
    .filter((el) => /^post-\d+$/.test(el.attribs.id ?? ''));
}

function timeOf(node: ReturnType<CheerioAPI>, ctx: PageContext): number | null {
  if (node.length === 0) return null;
  return machineTime(node.attr('data-time'), ctx.timeZone) ?? displayTime(node.attr('title') ?? node.text(), ctx);
}

export function xf1Entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext): PageEntry {
  const node = $(el);
  const id = el.attribs.id!.slice('post-'.length);
  const text = node.find('.messageContent blockquote.messageText').first();
  text.children('.messageTextEndMarker').remove();
  const body = (text.html() ?? '').trim();
  const numberLink = node.find('.publicControls a.postNumber').first();
  const number = postNumber(numberLink.text());
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      const author = squash(el.attribs['data-author'] ?? node.find('.messageUserBlock a.username').first().text());
      const fields = checkFields(
        xenforoPostSchema,
        {
          id,
          author,
          createdAt: timeOf(node.find('.privateControls .DateTime').first(), ctx) ?? undefined,
          editedAt: timeOf(node.find('.editDate .DateTime').first(), ctx),
          html: body,
          number,
          url: resolveUrl(numberLink.attr('href') ?? `posts/${id}/`, ctx.pageUrl),
        },
        'XenForo 1',
        ctx.pageUrl,
        id,
      );
      return toPost({ ...fields, id, number, readNote: cutNote(cutDepth(el)) });
    },
  };
}

/** `.PageNav[data-page][data-last]`; one page has no nav. */
export function xf1Pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const nav = $('.PageNav').first();
  const page = Number(nav.attr('data-page')) || 1;
  const last = Number(nav.attr('data-last')) || page;
  return { page, pageCount: Math.max(page, last), perPage: null, total: null };
}
