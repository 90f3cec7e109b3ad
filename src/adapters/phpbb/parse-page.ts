import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage, loadPage } from '../common/load-page.js';
import {
  checkFields,
  displayTime,
  machineTime,
  noPosts,
  postNumber,
  resolveUrl,
  squash,
  toPost,
} from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { phpbbPostSchema } from './schema.js';

/**
 * Maps one phpBB 3.x viewtopic page (prosilver and styles built on it, MafiaScum's mafBase included) to posts.
 * platforms.md §2.1: post `div.post#p{id}`, body `div.content`, time `p.author time[datetime]` (UTC), edit notice
 * `div.notice`, signature `div.signature` (both outside the body), MafiaScum's `#N` in `.post-number-bolded`.
 */
export function parsePhpbbPage(html: string, ctx: PageContext): ParsedPage {
  const loaded = loadPage(html);
  const { $ } = loaded;
  const nodes = $('div.post')
    .toArray()
    .filter((el) => /^p\d+$/.test(el.attribs.id ?? ''));
  if (nodes.length === 0) throw noPosts('phpBB', ctx.pageUrl, 'div.post#pNNN blocks', html);
  const pages = pagination($);
  // The topic's title rides on the opening post only (what `init` names the game after).
  const title = pages.page === 1 ? topicTitle($) : null;
  const entries = nodes.map((el, i) => entry(loaded, el, ctx, i === 0 ? title : null));
  return { ...pages, entries };
}

/** `h2.topic-title` (prosilver), phpBB 3.0's `h2 > a`, else the page's `<title>` without its page and board. */
function topicTitle($: CheerioAPI): string | null {
  const heading =
    squash($('h2.topic-title').first().text()) || squash($('h2 > a[href*="viewtopic.php"]').first().text());
  if (heading) return heading;
  let title = squash($('title').first().text());
  const page = title.search(/ - Page \d/i);
  if (page > 0) title = title.slice(0, page);
  const view = title.indexOf(' View topic - ');
  if (view >= 0) title = title.slice(view + ' View topic - '.length);
  return title || null;
}

function entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext, threadTitle: string | null): PageEntry {
  const node = $(el);
  const id = el.attribs.id!.slice(1);
  const content = node.find('div.content').first();
  const body = (content.html() ?? '').trim();
  const number = postNumber(node.find('.post-number-bolded').first().text());
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      const authorNode = node
        .find('.postprofile dt a.username, .postprofile dt a.username-coloured, .postprofile dt .username')
        .first();
      const author = squash(
        authorNode.length ? authorNode.text() : node.find('p.author:not(.modified) strong').first().text(),
      );
      const authorLine = node.find('p.author:not(.modified)').first();
      const stamp = authorLine.find('time[datetime]').first().attr('datetime');
      const printed = authorLine.text().split('»').pop();
      const createdAt = machineTime(stamp, 'UTC') ?? displayTime(printed, ctx);
      const notice = node.find('div.notice:not(.post_deleted_msg)').first().text();
      const edited = editedDate(squash(notice));
      const editedAt = edited ? displayTime(edited, ctx) : null;
      const fields = checkFields(
        phpbbPostSchema,
        {
          id,
          author,
          createdAt: createdAt ?? undefined,
          editedAt,
          html: body,
          number,
          url: resolveUrl(`./viewtopic.php?p=${id}#p${id}`, ctx.pageUrl),
        },
        'phpBB',
        ctx.pageUrl,
        id,
      );
      const post = toPost({ ...fields, id, number, readNote: cutNote(cutDepth(el)) });
      return threadTitle ? { ...post, threadTitle } : post;
    },
  };
}

/** `<div class="pagination">47 posts • <ul><li class="active"><span>3</span></li>…`; one page has no list. */
function pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const box = $('.pagination').first();
  const active = Number(squash(box.find('li.active').first().text()));
  const numbers = box
    .find('li')
    .toArray()
    .map((li) => Number(squash($(li).text())))
    .filter((n) => Number.isInteger(n) && n > 0);
  const page = active > 0 ? active : 1;
  const pageCount = Math.max(page, ...numbers);
  // Tried from the first character of a run of digits and separators only (each run is passed once).
  const totalMatch = /(?<![\d,.])[,.]*(\d[\d,.]*)\s+posts?\b/i.exec(box.text());
  const total = totalMatch ? Number(totalMatch[1]!.replace(/[,.]/g, '')) : null;
  const perPageAttr = Number($('[data-per-page]').first().attr('data-per-page'));
  let perPage = Number.isInteger(perPageAttr) && perPageAttr > 0 ? perPageAttr : null;
  if (perPage === null) {
    // A numbered link to page N with start=S gives the page size S / (N - 1).
    for (const a of box.find('li > a[href*="start="]').toArray()) {
      const n = Number(squash($(a).text()));
      const start = Number(/[?&;]start=(\d+)/.exec(a.attribs.href ?? '')?.[1]);
      if (n > 1 && start > 0) {
        perPage = start / (n - 1);
        break;
      }
    }
  }
  return { page, pageCount, perPage, total };
}

/**
 * `Last edited by X on DATE, edited N times in total` → DATE, as `/Last edited by .*? on (.+?), edited \d+ times?
 * in total/i` read it (the notice is squashed: no line ends), in one pass: the first ` on ` after the first
 * `Last edited by ` leaves the most room for the rest, so no later one is tried.
 */
export function editedDate(notice: string): string | undefined {
  const by = /Last edited by /i.exec(notice);
  if (!by) return undefined;
  const on = / on /gi;
  on.lastIndex = by.index + by[0].length;
  const date = on.exec(notice);
  if (!date) return undefined;
  const end = /, edited \d+ times? in total/gi;
  end.lastIndex = on.lastIndex + 1;
  const total = end.exec(notice);
  return total ? notice.slice(on.lastIndex, total.index) : undefined;
}
