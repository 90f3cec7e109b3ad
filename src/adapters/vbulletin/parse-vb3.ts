import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Post } from '../../domain/post.js';
import { contentHash } from '../common/content-hash.js';
import { cutNote, type LoadedPage } from '../common/load-page.js';
import { checkFields, displayTime, resolveUrl, squash, toPost } from '../common/page-helpers.js';
import type { PageContext, PageEntry, ParsedPage } from '../common/paged-forum.js';
import { vbulletinPostSchema } from './schema.js';

/**
 * vBulletin 3 postbit (a table per post): body `div#post_message_N`, author `#postmenu_N a.bigusername` (the user
 * title and join date sit in sibling `.smallfont` blocks), the printed date in the first `td.thead`, the number in
 * `a#postcountN`, the edit note `Last edited by X; <date>.` in `.smallfont em`.
 */
export function vb3Posts($: CheerioAPI): Element[] {
  return $('div[id^="post_message_"]')
    .toArray()
    .filter((el) => /^post_message_\d+$/.test(el.attribs.id ?? ''));
}

export function vb3Entry({ $, cutDepth }: LoadedPage, el: Element, ctx: PageContext): PageEntry {
  const message = $(el);
  const id = el.attribs.id!.slice('post_message_'.length);
  const found = $(`[id="post${id}"]`).first();
  const box = found.length ? found : message.closest('table');
  // vB3 quotes carry no class: `<div style=margin…><div class=smallfont>Quote:</div><table>…`. Marked for the parser.
  message.find('div').each((_, div) => {
    const kids = $(div).children();
    if (kids.eq(0).is('div.smallfont') && kids.eq(1).is('table')) $(div).addClass('bbcode_quote');
  });
  const body = (message.html() ?? '').trim();
  const counter = box.find(`#postcount${id}`).first();
  const number = Number(counter.attr('name') ?? squash(counter.text())) || null;
  return {
    id,
    number,
    hash: contentHash(body),
    toPost(): Post {
      const menu = box.find(`#postmenu_${id}`).first();
      const author = squash((menu.find('.bigusername').first().text() || menu.text()) ?? '');
      const stamp = box.find('td.thead').first().clone();
      stamp.find('a, script').remove();
      const note = squash(
        box
          .find('.smallfont em')
          .filter((_, e) => /last edited/i.test($(e).text()))
          .first()
          .text(),
      );
      // From the first `;` only (the note is squashed, so `\S` takes the place of the old `.+?` after the spaces).
      const edited = /^[^;]*;\s*(\S.*?)\.?$/.exec(note);
      const fields = checkFields(
        vbulletinPostSchema,
        {
          id,
          author,
          createdAt: displayTime(stamp.text(), ctx) ?? undefined,
          editedAt: edited ? displayTime(edited[1], ctx) : null,
          html: body,
          number,
          url: resolveUrl(box.find(`#postlink${id}`).attr('href') ?? `showthread.php?p=${id}#post${id}`, ctx.pageUrl),
        },
        'vBulletin 3',
        ctx.pageUrl,
        id,
      );
      return toPost({ ...fields, readNote: cutNote(cutDepth(el)) });
    },
  };
}

/** "Page 152 of 155" in `.pagenav`; "Showing results 3,021 to 3,040 of 3,086" on the current page's number. */
export function vb3Pagination($: CheerioAPI): Omit<ParsedPage, 'entries'> {
  const nav = $('.pagenav').first();
  const of = /Page (\d+) of (\d+)/i.exec(squash(nav.text()));
  const shown = /results ([\d,]+) to ([\d,]+) of ([\d,]+)/i.exec(nav.find('span[title]').first().attr('title') ?? '');
  const num = (s: string | undefined) => Number((s ?? '').replace(/,/g, ''));
  const page = of ? Number(of[1]) : 1;
  const pageCount = of ? Number(of[2]) : 1;
  const perPage = shown && page < pageCount ? num(shown[2]) - num(shown[1]) + 1 : null;
  return { page, pageCount, perPage, total: shown ? num(shown[3]) : null };
}
