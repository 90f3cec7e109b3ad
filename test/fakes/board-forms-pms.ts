import type { FakeInbox, FakePm } from './fake-inbox.js';
import type { FakeRequest } from './fake-server.js';
import type { FakePost } from './fake-thread.js';
import { escapeHtml, vb4Date, xfIso } from './render/display.js';
import { renderVbPage } from './render/vbulletin.js';

/**
 * The moderator's private messages on the XenForo 2 and vBulletin 4 fakes. Both engines' sources are not public,
 * so these pages are INVENTED, shaped after what their default styles serve to a logged-in member:
 * - XenForo 2 `/conversations/`: a `div.structItem--conversation` per conversation (`a.structItem-title` to
 *   `/conversations/{slug}.{id}/`, the starter's `a.username`, `dl.pairs` "Replies", the latest message's
 *   `time.structItem-latestDate[data-time]`); `/conversations/{slug}.{id}/` an `article.message--conversationMessage`
 *   per message (`data-author`, `data-content="convMessage-N"`, `time.u-dt[datetime]`, `.message-body .bbWrapper`),
 *   20 a page with `a.pageNav-jump--next`.
 * - vBulletin 4 `private.php` (the Inbox, folder 0): `ol.pmlist li.pmbit#pm_N` rows (`a.title` to
 *   `private.php?do=showpm&pmid=N`, the sender's `a[href^="member.php"]`, `span.date`); `private.php?do=showpm&pmid=N`
 *   the message in the same `postbit_legacy` markup as a thread post (`li#post_N`).
 * What both enforce as the real boards do: PM pages only for a logged-in member (a guest gets the login page, the
 * board-forms.ts rule), and only the account's own conversations ("The requested conversation could not be found." /
 * "Invalid Private Message specified.").
 */
export function formsPmPage(
  engine: 'xenforo' | 'vbulletin',
  inbox: FakeInbox,
  user: string,
  req: FakeRequest,
  timeZone: string,
): string | null {
  if (req.method !== 'GET') return null;
  return engine === 'xenforo' ? xenforoPage(inbox, user, req, timeZone) : vbulletinPage(inbox, user, req, timeZone);
}

const XF_PER_PAGE = 20;

function xenforoPage(inbox: FakeInbox, user: string, req: FakeRequest, tz: string): string | null {
  const p = req.url.pathname;
  const view = /^\/conversations\/[a-z0-9-]+\.(\d+)\/(?:page-(\d+))?$/.exec(p);
  if (p === '/conversations/') {
    inbox.views.push('list');
    const items = inbox.conversations(user).map((c) => {
      const first = c.messages[0]!;
      const last = c.messages.at(-1)!;
      return `<div class="structItem structItem--conversation js-inlineModContainer" data-author="${escapeHtml(first.from)}">
  <div class="structItem-cell structItem-cell--main">
    <a href="/conversations/night-action.${c.id}/" class="structItem-title">${escapeHtml(first.subject)}</a>
    <div class="structItem-minor"><ul class="structItem-parts"><li><a href="/members/${escapeHtml(first.from.toLowerCase())}.5/" class="username" dir="auto" data-user-id="5">${escapeHtml(first.from)}</a></li><li class="structItem-startDate"><time class="u-dt" datetime="${xfIso(first.sentAt, tz)}" data-time="${Math.floor(first.sentAt / 1000)}">…</time></li></ul></div>
  </div>
  <div class="structItem-cell structItem-cell--meta"><dl class="pairs pairs--justified"><dt>Replies</dt><dd>${c.messages.length - 1}</dd></dl><dl class="pairs pairs--justified structItem-minor"><dt>Participants</dt><dd>2</dd></dl></div>
  <div class="structItem-cell structItem-cell--latest"><a href="/conversations/night-action.${c.id}/latest" rel="nofollow"><time class="structItem-latestDate u-dt" datetime="${xfIso(last.sentAt, tz)}" data-time="${Math.floor(last.sentAt / 1000)}">…</time></a><div class="structItem-minor"><a href="/members/x.6/" class="username">${escapeHtml(last.from)}</a></div></div>
</div>`;
    });
    return `<div class="block-container"><div class="block-body"><div class="structItemContainer">${items.join('\n')}</div></div></div>`;
  }
  if (!view) return null;
  const conv = inbox.conversations(user).find((c) => c.id === Number(view[1]));
  inbox.views.push(`view ${view[1]}${view[2] ? ` page ${view[2]}` : ''}`);
  if (!conv)
    return '<div class="blockMessage blockMessage--error blockMessage--iconic">The requested conversation could not be found.</div>';
  const page = Number(view[2] ?? 1);
  const shown = conv.messages.slice((page - 1) * XF_PER_PAGE, page * XF_PER_PAGE);
  const next =
    page * XF_PER_PAGE < conv.messages.length
      ? `<div class="pageNav"><a href="/conversations/night-action.${conv.id}/page-${page + 1}" class="pageNav-jump pageNav-jump--next">Next</a></div>`
      : '';
  return `<h1 class="p-title-value">${escapeHtml(conv.messages[0]!.subject)}</h1>
<div class="block-body js-replyNewMessageContainer">${shown.map((m) => xfMessage(m, tz)).join('\n')}</div>${next}`;
}

function xfMessage(m: FakePm, tz: string): string {
  return `<article class="message message--conversationMessage js-inlineModContainer" data-author="${escapeHtml(m.from)}" data-content="convMessage-${m.id}" id="js-convMessage-${m.id}">
  <div class="message-inner">
    <div class="message-cell message-cell--user"><section class="message-user"><h4 class="message-name"><a href="/members/x.5/" class="username" dir="auto">${escapeHtml(m.from)}</a></h4></section></div>
    <div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">
      <header class="message-attribution message-attribution--split"><div class="message-attribution-main listInline"><a href="/conversations/messages/${m.id}/" class="u-concealed" rel="nofollow"><time class="u-dt" dir="auto" datetime="${xfIso(m.sentAt, tz)}" data-time="${Math.floor(m.sentAt / 1000)}">…</time></a></div></header>
      <div class="message-content js-messageContent"><div class="message-userContent lbContainer js-lbContainer" data-lb-id="convMessage-${m.id}"><article class="message-body"><div class="bbWrapper">${m.html}</div></article></div></div>
    </div></div>
  </div>
</article>`;
}

function vbulletinPage(inbox: FakeInbox, user: string, req: FakeRequest, tz: string): string | null {
  const q = req.url.searchParams;
  if (req.url.pathname !== '/private.php') return null;
  const now = Date.now();
  if (q.get('do') === 'showpm') {
    const pmid = q.get('pmid') ?? '';
    inbox.views.push(`view ${pmid}`);
    const m = inbox.inboxOf(user).find((x) => String(x.id) === pmid);
    if (!m)
      return '<div class="standard_error"><div class="blockrow restore">Invalid Private Message specified. If you followed a valid link, please notify the administrator</div></div>';
    const post: FakePost = {
      id: m.id,
      author: m.from,
      authorId: 5,
      createdAt: m.sentAt,
      html: m.html,
      editedAt: null,
      editCount: 0,
      deleted: false,
    };
    const page = renderVbPage({
      version: 4,
      threadId: 0,
      threadPath: 'private.php',
      title: m.subject,
      posts: [{ post, number: 1 }],
      page: 1,
      pageCount: 1,
      perPage: 1,
      total: 1,
      timeZone: tz,
      now,
    });
    return /<body>([\s\S]*)<\/body>/.exec(page)![1]!;
  }
  if (q.has('do') || (q.get('folderid') ?? '0') !== '0') return null;
  inbox.views.push('list');
  const rows = inbox.inboxOf(user).map((m) => {
    const d = vb4Date(m.sentAt, tz, now);
    return `<li class="blockrow pmbit" id="pm_${m.id}">
  <div class="pminfo">
    <div class="title"><h3><a href="private.php?do=showpm&amp;pmid=${m.id}" class="title">${escapeHtml(m.subject)}</a></h3></div>
    <div class="author"><a href="member.php?u=5">${escapeHtml(m.from)}</a></div>
    <div class="datetime"><span class="date">${d.date},&nbsp;<span class="time">${d.time}</span></span></div>
  </div>
  <label class="checkbox"><input type="checkbox" name="pm[${m.id}]" value="0_unread" /></label>
</li>`;
  });
  return `<form action="private.php?do=managepm&amp;folderid=0" method="post"><h2 class="blockhead">Inbox</h2><ol id="pmlist_0" class="pmlist">${rows.join('\n')}</ol></form>`;
}
