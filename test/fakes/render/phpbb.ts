import type { FakePost } from '../fake-thread.js';
import { escapeHtml, phpbbDate, rfc3339Utc } from './display.js';

/**
 * A phpBB 3.3 viewtopic page written to match the markup quoted in platforms.md §2.1 (prosilver
 * viewtopic_body.html and pagination.html; MafiaScum's mafBase adds `p.author.modified` with `#N`).
 */
export interface PhpbbPageInput {
  variant: 'prosilver' | 'mafiascum';
  topicId: number;
  forumId: number;
  title: string;
  /** Posts of this page with their thread-wide position (1-based). */
  posts: { post: FakePost; number: number }[];
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
  /** The board's display time zone (guests see it). */
  timeZone: string;
  /** Extra query kept in links, e.g. `&ppp=25` on MafiaScum. */
  extraQuery?: string;
  /** The topic is locked (the reply button says so, as prosilver's does). */
  locked?: boolean;
}

export function renderPhpbbPage(o: PhpbbPageInput): string {
  const base = `./viewtopic.php?f=${o.forumId}&amp;t=${o.topicId}${o.extraQuery ?? ''}`;
  const bar = pagination(o, base);
  const posts = o.posts.map((p, i) => renderPost(o, p.post, p.number, i)).join('\n<hr class="divider" />\n');
  return `<!DOCTYPE html>
<html dir="ltr" lang="en-gb">
<head>
<meta charset="utf-8" />
<title>${escapeHtml(o.title)} - Page ${o.page} - Example Forum</title>
<link rel="canonical" href="http://forum.example/viewtopic.php?t=${o.topicId}${o.page > 1 ? `&amp;start=${(o.page - 1) * o.perPage}` : ''}">
</head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr ">
<div id="wrap" class="wrap">
<div id="page-body" class="page-body" role="main">
<h2 class="topic-title"><a href="${base}">${escapeHtml(o.title)}</a></h2>
<div class="action-bar bar-top">
	${
    o.locked
      ? `<a href="./posting.php?mode=reply&amp;t=${o.topicId}" class="button" title="This topic is locked, you cannot edit posts or make further replies."><span>Locked</span> <i class="icon fa-lock fa-fw" aria-hidden="true"></i></a>`
      : `<a href="./posting.php?mode=reply&amp;t=${o.topicId}" class="button" title="Post a reply"><span>Post Reply</span></a>`
  }
	${bar}
</div>
${posts}
<div class="action-bar bar-bottom">
	${bar}
</div>
</div>
<div class="page-footer"><p>It is currently ${phpbbDate(Date.now(), o.timeZone)}</p></div>
</div>
</body>
</html>
`;
}

function pagination(o: PhpbbPageInput, base: string): string {
  const url = (n: number) => (n === 1 ? base : `${base}&amp;start=${(n - 1) * o.perPage}`);
  const count = `${o.total} post${o.total === 1 ? '' : 's'}`;
  if (o.pageCount <= 1)
    return `<div class="pagination">\n\t\t${count}\n\t\t&bull; Page <strong>1</strong> of <strong>1</strong>\n\t</div>`;
  const items: string[] = [];
  if (o.pageCount > 6) {
    items.push(`<li class="dropdown-container dropdown-button-control page-jump page-jump">
		<a class="button button-icon-only dropdown-trigger" href="#" title="Click to jump to page…" role="button"><i class="icon fa-level-down fa-rotate-270" aria-hidden="true"></i><span class="sr-only">Page <strong>${o.page}</strong> of <strong>${o.pageCount}</strong></span></a>
		<div class="dropdown"><div class="pointer"><div class="pointer-inner"></div></div>
			<ul class="dropdown-contents"><li>Jump to page:</li>
				<li class="page-jump-form"><input type="number" name="page-number" min="1" max="999999" title="Enter the page number you wish to go to" class="inputbox tiny" data-per-page="${o.perPage}" data-base-url="${base}" data-start-name="start" /><input class="button2" value="Go" type="button" /></li>
			</ul></div></li>`);
  }
  if (o.page > 1)
    items.push(
      `<li class="arrow previous"><a class="button button-icon-only" href="${url(o.page - 1)}" rel="prev" role="button"><i class="icon fa-chevron-left fa-fw" aria-hidden="true"></i><span class="sr-only">Previous</span></a></li>`,
    );
  let lastShown = 0;
  for (let n = 1; n <= o.pageCount; n++) {
    const near = n === 1 || n === o.pageCount || Math.abs(n - o.page) <= 2;
    if (!near) continue;
    if (n > lastShown + 1) items.push('<li class="ellipsis" role="separator"><span>…</span></li>');
    items.push(
      n === o.page
        ? `<li class="active"><span>${n}</span></li>`
        : `<li><a class="button" href="${url(n)}" role="button">${n}</a></li>`,
    );
    lastShown = n;
  }
  if (o.page < o.pageCount)
    items.push(
      `<li class="arrow next"><a class="button button-icon-only" href="${url(o.page + 1)}" rel="next" role="button"><i class="icon fa-chevron-right fa-fw" aria-hidden="true"></i><span class="sr-only">Next</span></a></li>`,
    );
  return `<div class="pagination">\n\t\t${count}\n\t\t<ul>\n\t${items.join('\n\t')}\n</ul>\n\t</div>`;
}

function renderPost(o: PhpbbPageInput, p: FakePost, number: number, index: number): string {
  const profile = `./memberlist.php?mode=viewprofile&amp;u=${p.authorId}`;
  const user =
    p.authorId % 3 === 0
      ? `<a href="${profile}" style="color: #AA0000;" class="username-coloured">${escapeHtml(p.author)}</a>`
      : `<a href="${profile}" class="username">${escapeHtml(p.author)}</a>`;
  const shown = phpbbDate(p.createdAt, o.timeZone);
  const iso =
    o.variant === 'mafiascum'
      ? `<p class="author modified">Post <a href="./viewtopic.php?p=${p.id}#p${p.id}"><span class='post-number-bolded'>#${number}</span></a> (<a href="./viewtopic.php?f=${o.forumId}&amp;t=${o.topicId}&amp;user_select%5B%5D=${p.authorId}">ISO</a>) &raquo; ${shown}</p>\n\t\t`
      : '';
  const notice =
    p.editedAt !== null
      ? `\n\t\t<div class="notice">Last edited by ${user} on ${phpbbDate(p.editedAt, o.timeZone)}, edited ${p.editCount} time${p.editCount === 1 ? '' : 's'} in total.</div>`
      : '';
  const sig = p.signature ? `\n\t\t<div id="sig${p.id}" class="signature">${p.signature}</div>` : '';
  return `<div id="p${p.id}" class="post has-profile ${index % 2 === 0 ? 'bg2' : 'bg1'}">
	<div class="inner">
	<dl class="postprofile" id="profile${p.id}">
		<dt class="no-profile-rank no-avatar"><div class="avatar-container"></div>
			${user}
		</dt>
		<dd class="profile-posts"><strong>Posts:</strong> <a href="./search.php?author_id=${p.authorId}&amp;sr=posts">${100 + number}</a></dd>
	</dl>
	<div class="postbody">
		<div id="post_content${p.id}">
		<h3 ${index === 0 ? 'class="first"' : ''}><a href="./viewtopic.php?p=${p.id}#p${p.id}">Re: ${escapeHtml(o.title)}</a></h3>
		${iso}<p class="author">
			<a class="unread" href="./viewtopic.php?p=${p.id}#p${p.id}" title="Post"><i class="icon fa-file fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">Post</span></a>
			<span class="responsive-hide">by <strong>${user}</strong> &raquo; </span><time datetime="${rfc3339Utc(p.createdAt)}">${shown}</time>
		</p>
		<div class="content">${p.html}</div>${notice}${sig}
		</div>
	</div>
	<div class="back2top"><a href="#top" class="top" title="Top"><i class="icon fa-chevron-circle-up fa-fw icon-gray" aria-hidden="true"></i><span class="sr-only">Top</span></a></div>
	</div>
</div>`;
}
