import { loadPage } from '../common/load-page.js';
import { checkFields, displayTime, resolveUrl, squash } from '../common/page-helpers.js';
import type { PageContext, PmPages } from '../common/paged-forum.js';
import type { PmListing, PmMessage } from '../pms/pm-inbox.js';
import { notPmPage, pmListingSchema, pmMessageSchema } from '../pms/pm-schema.js';

/**
 * phpBB 3.3's private messages (prosilver, `phpbb/phpbb` 3.3.x `styles/prosilver/template/ucp_pm_viewfolder.html`
 * and `ucp_pm_viewmessage.html`): the inbox `ucp.php?i=pm&folder=inbox` lists a row per message
 * (`ul.pmlist li.row`: `a.topictitle` to `…&p=N`, "by AUTHOR » SENT_TIME", `marked_msg_id[]` = N); a message's page
 * `div.post.pm#post-N` has the sender in `.postprofile dt`, "Sent: DATE" in `p.author` and the text in
 * `div.content`. Dates are printed in the logged-in account's time zone and format, with no machine time.
 */
export const phpbbPms: PmPages = {
  inboxUrl: (thread) => new URL('./ucp.php?i=pm&folder=inbox', thread).href,
  parseList(html, ctx) {
    const { $ } = loadPage(html);
    const listings: PmListing[] = [];
    $('ul.pmlist > li.row').each((i, li) => {
      const row = $(li);
      const link = row.find('a.topictitle').first();
      const id =
        row.find('input[name="marked_msg_id[]"]').attr('value') ?? /[?&]p=(\d+)/.exec(link.attr('href') ?? '')?.[1];
      const author = squash(row.find('dt a.username, dt a.username-coloured, dt span.username').first().text());
      const sent = displayTime(row.find('dt').first().text().split('»').pop(), ctx);
      listings.push(
        checkFields(
          pmListingSchema,
          {
            key: id,
            stamp: id ?? '',
            url: resolveUrl(link.attr('href'), ctx.pageUrl),
            lastAt: sent,
            authors: [author],
          },
          'phpBB inbox',
          ctx.pageUrl,
          `row ${i + 1}`,
        ),
      );
    });
    if (listings.length === 0 && $('ul.pmlist').length === 0 && $('form#viewfolder, .pm-panel-message').length === 0)
      throw notPmPage('phpBB', ctx.pageUrl, 'ul.pmlist li.row rows (or an empty folder panel)');
    return { listings, next: nextLink($, ctx) };
  },
  parseConversation(html, ctx) {
    const { $ } = loadPage(html);
    const node = $('div.post.pm').first();
    const id = /^post-(\d+)$/.exec(node.attr('id') ?? '')?.[1];
    if (!id) throw notPmPage('phpBB', ctx.pageUrl, 'div.post.pm#post-N (a message)');
    const authorLine = squash(node.find('p.author').first().text());
    const sentText = authorLine.split(/From\s*:/i)[0]!.replace(/^Sent\s*:/i, '');
    const message: PmMessage = checkFields(
      pmMessageSchema,
      {
        id: `pm-phpbb-${id}`,
        author: squash(
          node
            .find('.postprofile dt a.username, .postprofile dt a.username-coloured, .postprofile dt .username')
            .first()
            .text(),
        ),
        sentAt: displayTime(sentText, ctx) ?? undefined,
        html: (node.find('div.content').first().html() ?? '').trim(),
        url: ctx.pageUrl,
        subject: squash(node.find('h3').first().text()) || undefined,
      },
      'phpBB message',
      ctx.pageUrl,
      `message ${id}`,
    );
    return { messages: [message], next: null };
  },
};

function nextLink($: ReturnType<typeof loadPage>['$'], ctx: PageContext): string | null {
  const href = $('.pagination li.next a, .display-options a.right-box').first().attr('href');
  return href ? (resolveUrl(href, ctx.pageUrl) ?? null) : null;
}
