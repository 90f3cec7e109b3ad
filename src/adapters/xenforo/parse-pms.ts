import { loadPage } from '../common/load-page.js';
import { checkFields, machineTime, resolveUrl, squash } from '../common/page-helpers.js';
import type { PmPages } from '../common/paged-forum.js';
import type { PmListing, PmMessage } from '../pms/pm-inbox.js';
import { notPmPage, pmListingSchema, pmMessageSchema } from '../pms/pm-schema.js';

/**
 * XenForo 2 conversations: `/conversations/` lists a `.structItem--conversation` per conversation (title link to
 * `/conversations/{slug}.{id}/`, the starter's `.username`, "Replies" in `dl.pairs`, the latest message's
 * `time.structItem-latestDate`); a conversation's page holds an `article.message--conversationMessage` per message
 * (`data-author`, `data-content="convMessage-N"`, `time.u-dt`, `.message-body .bbWrapper`), 20 a page.
 */
export const xenforoPms: PmPages = {
  inboxUrl: (thread) => new URL('/conversations/', thread).href,
  parseList(html, ctx) {
    const { $ } = loadPage(html);
    const listings: PmListing[] = [];
    $('.structItem--conversation').each((i, el) => {
      const item = $(el);
      const link = item.find('a.structItem-title').first();
      const href = link.attr('href') ?? '';
      const id = /\.(\d+)\/?(?:$|[?#])/.exec(href)?.[1] ?? /\/conversations\/(\d+)\/?/.exec(href)?.[1];
      const latest = item.find('.structItem-cell--latest time, time.structItem-latestDate').first();
      const lastAt = timeOf(latest.attr('datetime'), latest.attr('data-time'));
      const replies = Number(
        squash(item.find('dl.pairs dt:contains("Replies") + dd').first().text()).replace(/[,.]/g, ''),
      );
      const starter = item.attr('data-author') ?? squash(item.find('.structItem-minor .username').first().text());
      listings.push(
        checkFields(
          pmListingSchema,
          {
            key: id,
            stamp: `${Number.isFinite(replies) ? replies : '?'}:${latest.attr('data-time') ?? latest.attr('datetime') ?? ''}`,
            url: resolveUrl(href, ctx.pageUrl),
            lastAt,
            // A conversation without replies is its starter's message alone.
            authors: replies === 0 && starter ? [starter] : null,
          },
          'XenForo conversations',
          ctx.pageUrl,
          `conversation ${i + 1}`,
        ),
      );
    });
    if (listings.length === 0 && $('.structItemContainer, .block-container').length === 0)
      throw notPmPage('XenForo', ctx.pageUrl, '.structItem--conversation items (or an empty list)');
    const next = $('a.pageNav-jump--next').first().attr('href');
    return { listings, next: next ? (resolveUrl(next, ctx.pageUrl) ?? null) : null };
  },
  parseConversation(html, ctx) {
    const { $ } = loadPage(html);
    const nodes = $('article.message--conversationMessage, article.message[data-content^="convMessage-"]').toArray();
    if (nodes.length === 0)
      throw notPmPage('XenForo', ctx.pageUrl, 'article.message--conversationMessage[data-content="convMessage-N"]');
    const subject = squash($('h1.p-title-value').first().text()) || undefined;
    const messages: PmMessage[] = nodes.map((el) => {
      const node = $(el);
      const id = /^convMessage-(\d+)$/.exec(node.attr('data-content') ?? '')?.[1] ?? '';
      const time = node.find('.message-attribution time.u-dt, time.u-dt').first();
      return checkFields(
        pmMessageSchema,
        {
          id: `pm-xenforo-${id}`,
          author: node.attr('data-author') ?? squash(node.find('.message-name .username').first().text()),
          sentAt: timeOf(time.attr('datetime'), time.attr('data-time')) ?? undefined,
          html: (node.find('.message-body .bbWrapper').first().html() ?? '').trim(),
          url: resolveUrl(`/conversations/messages/${id}/`, ctx.pageUrl),
          subject,
        },
        'XenForo conversation',
        ctx.pageUrl,
        `message ${id || '?'}`,
      );
    });
    const next = $('a.pageNav-jump--next').first().attr('href');
    return { messages, next: next ? (resolveUrl(next, ctx.pageUrl) ?? null) : null };
  },
};

function timeOf(datetime: string | undefined, epoch: string | undefined): number | null {
  return machineTime(datetime, 'UTC') ?? machineTime(epoch, 'UTC');
}
