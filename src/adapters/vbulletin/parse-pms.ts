import { loadPage } from '../common/load-page.js';
import { checkFields, displayTime, resolveUrl, squash } from '../common/page-helpers.js';
import type { PmPages } from '../common/paged-forum.js';
import type { PmListing } from '../pms/pm-inbox.js';
import { notPmPage, pmListingSchema, pmMessageSchema } from '../pms/pm-schema.js';
import { parseVbulletinPage } from './parse-page.js';

/**
 * vBulletin 3/4 private messages: the Inbox `private.php` (folder 0) lists a row per message with a link to
 * `private.php?do=showpm&pmid=N` and the sender's `member.php` link (vB4 `li.pmbit`, vB3 a table row), and
 * `do=showpm` shows the message in the postbit a thread post has (`li#post_N` / `div#post_message_N`), read by the
 * thread page mapper. Dates are printed in the account's zone and date order.
 */
export const vbulletinPms: PmPages = {
  inboxUrl: (thread) => new URL('private.php?folderid=0', thread).href,
  parseList(html, ctx) {
    const { $ } = loadPage(html);
    const listings: PmListing[] = [];
    const seen = new Set<string>();
    $('a[href*="do=showpm"]').each((i, a) => {
      const href = $(a).attr('href') ?? '';
      const id = /[?&;]pmid=(\d+)/.exec(href)?.[1];
      if (!id || seen.has(id)) return;
      seen.add(id);
      const row = $(a).closest('li, tr');
      const sender = row.find('a[href*="member.php"], span[onclick*="member.php"]').first();
      const date = squash(row.find('.datetime, .date').first().text());
      listings.push(
        checkFields(
          pmListingSchema,
          {
            key: id,
            stamp: id,
            url: resolveUrl(href, ctx.pageUrl),
            lastAt: date ? displayTime(date, ctx) : null,
            authors: [squash(sender.text())],
          },
          'vBulletin inbox',
          ctx.pageUrl,
          `row ${i + 1}`,
        ),
      );
    });
    if (listings.length === 0 && $('[id^="pmlist"], form[action*="managepm"]').length === 0)
      throw notPmPage('vBulletin', ctx.pageUrl, 'rows linking to private.php?do=showpm&pmid=N (or an empty Inbox)');
    const next = $('a[rel="next"]').first().attr('href');
    return { listings, next: next ? (resolveUrl(next, ctx.pageUrl) ?? null) : null };
  },
  parseConversation(html, ctx) {
    const id = /[?&]pmid=(\d+)/.exec(ctx.pageUrl)?.[1];
    let entries: ReturnType<typeof parseVbulletinPage>['entries'];
    try {
      entries = parseVbulletinPage(html, ctx).entries;
    } catch {
      throw notPmPage('vBulletin', ctx.pageUrl, 'the message in a postbit (li#post_N or div#post_message_N)');
    }
    const post = entries[0]!.toPost();
    const subject = squash(loadPage(html).$('h2.title').first().text()).replace(/^Re:\s*/, '');
    const message = checkFields(
      pmMessageSchema,
      {
        id: `pm-vbulletin-${id ?? entries[0]!.id}`,
        author: post.author,
        sentAt: Date.parse(post.createdAt),
        html: post.html,
        url: ctx.pageUrl,
        subject: subject || undefined,
      },
      'vBulletin message',
      ctx.pageUrl,
      `message ${id ?? entries[0]!.id}`,
    );
    return { messages: [message], next: null };
  },
};
