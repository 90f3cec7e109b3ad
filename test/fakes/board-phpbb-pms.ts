import type { FakeInbox } from './fake-inbox.js';
import { escapeHtml, phpbbDate } from './render/display.js';

/**
 * phpBB 3.3's UCP private messages on the fake board, shaped after `phpbb/phpbb` branch 3.3.x
 * `phpBB/styles/prosilver/template/ucp_pm_viewfolder.html` (the stored copy read, commit 021c186b, is the 3.0 prosilver one; 3.1+ wrap the row's text in `div.list-inner` and `dl.row-item`, as here, and the mapper reads either: a `ul.topiclist.cplist.pmlist` of `li.row`, each with
 * `a.topictitle` to `ucp.php?i=pm&f=0&p=ID`, "by AUTHOR » SENT_TIME" and a `marked_msg_id[]` box) and
 * `ucp_pm_viewmessage.html` (commit 074c3a5c: `div#post-ID.post.pm`, `dl.postprofile dt`, `h3.first` subject, `p.author` "Sent: …
 * From: …", `div.content`). As `includes/ucp/ucp_pm.php` does, every PM page needs a logged-in member (a guest gets
 * the login box) and shows only the account's own messages (`NO_MESSAGE` otherwise). Times are printed with the
 * board's default format `D M d, Y g:i a` in the account's zone; the folder shows `topics_per_page` (25) rows.
 */
export function phpbbPmPage(
  inbox: FakeInbox,
  user: string,
  q: URLSearchParams,
  timeZone: string,
  perPage = 25,
): string | null {
  const p = q.get('p');
  if (p !== null && (q.get('mode') === 'view' || q.get('mode') === null)) {
    const m = inbox.inboxOf(user).find((x) => String(x.id) === p);
    inbox.views.push(`view ${p}`);
    if (!m) return '<div class="panel"><p>The requested message does not exist.</p></div>';
    return `<div id="post-${m.id}" class="post pm bg2">
<div class="inner">
  <dl class="postprofile" id="profile${m.id}"><dt class="no-profile-rank"><a href="./memberlist.php?mode=viewprofile&amp;u=${m.id}" class="username">${escapeHtml(m.from)}</a></dt><dd><strong>Posts:</strong> 12</dd></dl>
  <div class="postbody">
    <h3 class="first">${escapeHtml(m.subject)}</h3>
    <p class="author">
      <strong>Sent:</strong> ${phpbbDate(m.sentAt, timeZone)}
      <br /><strong>From:</strong> <a href="./memberlist.php?mode=viewprofile&amp;u=${m.id}" class="username">${escapeHtml(m.from)}</a>
      <br /><strong>To:</strong> <a href="./memberlist.php?mode=viewprofile&amp;u=2" style="color:;">${escapeHtml(m.to)}</a>&nbsp;
    </p>
    <div class="content">${m.html}</div>
  </div>
</div></div>`;
  }
  if (q.get('folder') !== 'inbox' && q.get('f') !== '0') return null;
  inbox.views.push('folder inbox');
  const all = inbox.inboxOf(user);
  const start = Math.max(0, Number(q.get('start') ?? 0));
  const rows = all.slice(start, start + perPage);
  const next = start + perPage < all.length ? `./ucp.php?i=pm&amp;folder=inbox&amp;start=${start + perPage}` : null;
  const list =
    rows.length === 0
      ? '<p><strong>No messages</strong></p>'
      : `<ul class="topiclist"><li class="header"><dl><dt>Message</dt><dd class="mark">Mark</dd></dl></li></ul>
<ul class="topiclist cplist pmlist">${rows
          .map(
            (m, i) => `<li class="row bg${i % 2 ? 1 : 2}">
  <dl class="row-item pm_read">
    <dt><div class="list-inner">
      <a href="./ucp.php?i=pm&amp;f=0&amp;p=${m.id}" class="topictitle">${escapeHtml(m.subject)}</a><br />
      by <a href="./memberlist.php?mode=viewprofile&amp;u=${m.id}" class="username">${escapeHtml(m.from)}</a> &raquo; ${phpbbDate(m.sentAt, timeZone)}
    </div></dt>
    <dd class="mark"><input type="checkbox" name="marked_msg_id[]" value="${m.id}" /></dd>
  </dl>
</li>`,
          )
          .join('\n')}</ul>`;
  return `<form id="viewfolder" method="post" action="./ucp.php?i=pm&amp;folder=inbox"><div class="panel pm-panel-message"><div>${list}
<ul class="linklist"><li class="rightside pagination">${all.length} messages${next ? ` &bull; <ul><li class="next"><a href="${next}" rel="next">Next</a></li></ul>` : ''}</li></ul>
</div></div></form>`;
}
