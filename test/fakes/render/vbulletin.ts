import type { FakePost } from '../fake-thread.js';
import { escapeHtml, localIso, vb4Date, vbLongDate } from './display.js';

/** vBulletin 4 (postbit_legacy) and 5 thread pages matching platforms.md §2.3. */
export interface VbPageInput {
  version: 4 | 5;
  threadId: number;
  /** vB4: `showthread.php?t=ID`; vB5: `/forum/games/ID-slug`. */
  threadPath: string;
  title: string;
  posts: { post: FakePost; number: number }[];
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
  timeZone: string;
  now: number;
  /** A closed thread: vB4's thread controls say "Thread Closed" where the reply button was. */
  locked?: boolean;
}

export function renderVbPage(o: VbPageInput): string {
  return o.version === 4 ? renderVb4(o) : renderVb5(o);
}

function vb4PageUrl(o: VbPageInput, n: number): string {
  return n === 1 ? o.threadPath : `${o.threadPath}&amp;page=${n}`;
}

function vb4Pagination(o: VbPageInput): string {
  if (o.pageCount <= 1) return '';
  const results = (n: number) =>
    `Results ${(n - 1) * o.perPage + 1} to ${Math.min(n * o.perPage, o.total)} of ${o.total}`;
  const spans: string[] = [
    `<span><a href="javascript://" class="popupctrl">Page ${o.page} of ${o.pageCount}</a></span>`,
  ];
  if (o.page > 1)
    spans.push(
      `<span class="prev_next"><a rel="prev" href="${vb4PageUrl(o, o.page - 1)}" title="Prev Page - ${results(o.page - 1)}"><img src="images/pagination/previous-right.png" alt="Previous" /></a></span>`,
    );
  for (let n = Math.max(1, o.page - 2); n <= Math.min(o.pageCount, o.page + 2); n++) {
    spans.push(
      n === o.page
        ? `<span class="selected"><a href="javascript://" title="${results(n)}">${n}</a></span>`
        : `<span><a href="${vb4PageUrl(o, n)}" title="Show ${results(n).toLowerCase()}">${n}</a></span>`,
    );
  }
  if (o.page < o.pageCount)
    spans.push(
      `<span class="prev_next"><a rel="next" href="${vb4PageUrl(o, o.page + 1)}" title="Next Page - ${results(o.page + 1)}"><img src="images/pagination/next-right.png" alt="Next" /></a></span>`,
    );
  return `<div id="pagination_top" class="pagination_top"><form action="${vb4PageUrl(o, o.page)}" method="get" class="pagination popupmenu nohovermenu"><input type="hidden" name="t" value="${o.threadId}" />${spans.join('\n')}</form></div>`;
}

function renderVb4(o: VbPageInput): string {
  const posts = o.posts
    .map(({ post: p, number }) => {
      const d = vb4Date(p.createdAt, o.timeZone, o.now);
      const edited =
        p.editedAt !== null
          ? `\n\t\t\t<blockquote class="postcontent lastedited">Last edited by ${escapeHtml(p.author)}; ${vbLongDate(p.editedAt, o.timeZone).replace(/ (\d\d:\d\d [AP]M)$/, ' <span class="time">$1</span>')}.</blockquote>`
          : '';
      const sig = p.signature
        ? `\n\t\t\t<div class="after_content"><blockquote class="signature restore"><div class="signaturecontainer">${p.signature}</div></blockquote></div>`
        : '';
      return `<li class="postbitlegacy postbitim postcontainer old" id="post_${p.id}">
	<div class="posthead">
		<span class="postdate old"><span class="date">${d.date},&nbsp;<span class="time">${d.time}</span></span></span>
		<span class="nodecontrols"><a name="post${p.id}" href="showthread.php?p=${p.id}#post${p.id}" class="postcounter">#${number}</a><a id="postcount${p.id}" name="${number}"></a></span>
	</div>
	<div class="postdetails">
		<div class="userinfo"><div class="username_container">
			<div class="popupmenu memberaction"><a class="username offline popupctrl" href="member.php?u=${p.authorId}" title="${escapeHtml(p.author)} is offline"><strong>${escapeHtml(p.author)}</strong></a></div>
		</div></div>
		<div class="postbody"><div class="postrow">
			<h2 class="title icon">Re: ${escapeHtml(o.title)}</h2>
			<div class="content"><div id="post_message_${p.id}">
				<blockquote class="postcontent restore ">${p.html}</blockquote></div></div>${edited}${sig}
		</div></div>
	</div>
</li>`;
    })
    .join('\n');
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="en">
<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>${escapeHtml(o.title)}${o.page > 1 ? ` - Page ${o.page}` : ''}</title></head>
<body>
<div id="thread_controls" class="thread_controls toolsmenu">${o.locked ? '<span class="newcontent_textcontrol" id="threadclosed_top"><span>+</span> Thread Closed</span>' : ''}${vb4Pagination(o)}</div>
<div id="postlist" class="postlist restrain">
<ol id="posts" class="posts" start="${(o.page - 1) * o.perPage + 1}">
${posts}
</ol>
</div>
<div id="below_postlist" class="noinlinemod below_postlist">${vb4Pagination(o)}</div>
</body>
</html>
`;
}

function renderVb5(o: VbPageInput): string {
  const posts = o.posts
    .map(({ post: p, number }) => {
      // As on a real vB5 page: `datetime` in the server's zone (UTC here) without an offset, the text in the board's.
      const stamp = (ms: number) => {
        const d = vb4Date(ms, o.timeZone, o.now);
        return `<time datetime="${localIso(ms, 'UTC')}">${d.date}, ${d.time}</time>`;
      };
      const edited =
        p.editedAt !== null
          ? `\n\t\t\t<div class="b-post__edit">Last edited by ${escapeHtml(p.author)}; ${stamp(p.editedAt)}.</div>`
          : '';
      const sig = p.signature ? `\n\t\t\t<div class="b-post__signature">${p.signature}</div>` : '';
      return `<li class="b-post js-post js-comment-entry__parent h-restore${number === 1 ? ' b-post--first' : ''}" data-node-id="${p.id}" data-node-publishdate="${Math.floor(p.createdAt / 1000)}" itemscope itemtype="http://schema.org/Comment">
	<div class="b-post__grid">
		<div class="b-post__hide-when-deleted">
			<div class="b-userinfo" itemprop="author" itemscope itemtype="http://schema.org/Person">
				<div class="author h-text-size--14"><strong><a href="/member/${p.authorId}-${escapeHtml(p.author.toLowerCase())}">${escapeHtml(p.author)}</a></strong></div>
				<div class="usertitle">Junior Member</div>
				<ul class="b-userinfo__additional-info-block"><li class="b-userinfo__additional-info"><label>Join Date:</label> <span>May 2011</span></li></ul>
			</div>
		</div>
		<div class="b-post__body">
			<div class="b-post__timestamp">${stamp(p.createdAt).replace('<time ', '<time itemprop="dateCreated" ')}</div>
			<a href="${o.threadPath}${o.page > 1 ? `/page${o.page}` : ''}#post${p.id}" class="b-post__count js-show-post-link">#${number}</a>
			<div class="b-post__content js-post__content">
				<div class="js-post__content-wrapper h-wordwrap" itemprop="text"><div class="js-post__content-text restore h-wordwrap" itemprop="text">${p.html}</div></div>${edited}${sig}
			</div>
		</div>
	</div>
</li>`;
    })
    .join('\n');
  const nav =
    o.pageCount > 1
      ? `<div class="pagenav-controls"><form class="pagenav-form h-left"><input type="text" class="js-pagenum textbox pagenav-input" name="page" value="${o.page}" /><span class="pagenav-totalpages"> of <span class="pagetotal">${o.pageCount}</span></span></form></div>`
      : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><title>${escapeHtml(o.title)} - vBulletin Forums</title></head>
<body>
<div id="thread-view-tab" class="conversation-view">
${nav}
<ul class="conversation-list list-container h-clearfix thread-view">
${posts}
</ul>
${nav}
</div>
</body>
</html>
`;
}
