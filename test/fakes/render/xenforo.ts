import type { FakePost } from '../fake-thread.js';
import { escapeHtml, xfIso } from './display.js';

/** A XenForo 2.2 thread page matching platforms.md §2.2 (post_macros, a real 2.2 attribution list, pageNav). */
export interface XenforoPageInput {
  threadPath: string;
  title: string;
  posts: { post: FakePost; number: number }[];
  page: number;
  pageCount: number;
  timeZone: string;
  /** A closed thread: XenForo's status block "Not open for further replies." */
  locked?: boolean;
}

export function renderXenforoPage(o: XenforoPageInput): string {
  const nav = pageNav(o);
  return `<!DOCTYPE html>
<html id="XF" lang="en-US" dir="LTR" data-app="public" data-template="thread_view" class="has-no-js template-thread_view">
<head><meta charset="utf-8" /><title>${escapeHtml(o.title)}${o.page > 1 ? ` | Page ${o.page}` : ''} | Example Forums</title></head>
<body data-template="thread_view">
<div class="p-body-main"><div class="p-body-content"><div class="p-body-pageContent">
<div class="block block--messages" data-xf-init="" data-type="post" data-href="/inline-mod/">
<div class="block-outer">${nav}</div>${o.locked ? '\n<dl class="blockStatus"><dt>Status</dt><dd class="blockStatus-message blockStatus-message--locked">Not open for further replies.</dd></dl>' : ''}
<div class="block-container lbContainer"><div class="block-body js-replyNewMessageContainer">
${o.posts.map((p) => renderPost(o, p.post, p.number)).join('\n')}
</div></div>
<div class="block-outer block-outer--after">${nav}</div>
</div></div></div></div>
</body>
</html>
`;
}

function pageNav(o: XenforoPageInput): string {
  if (o.pageCount <= 1) return '';
  const url = (n: number) => (n === 1 ? o.threadPath : `${o.threadPath}page-${n}`);
  const items: string[] = [];
  let last = 0;
  for (let n = 1; n <= o.pageCount; n++) {
    if (!(n === 1 || n === o.pageCount || Math.abs(n - o.page) <= 2)) continue;
    if (n > last + 1)
      items.push('<li class="pageNav-page pageNav-page--skip"><a data-xf-init="tooltip" title="Go to page">…</a></li>');
    items.push(
      `<li class="pageNav-page${n === o.page ? ' pageNav-page--current' : ''}"><a href="${url(n)}">${n}</a></li>`,
    );
    last = n;
  }
  const prev = o.page > 1 ? `<a href="${url(o.page - 1)}" class="pageNav-jump pageNav-jump--prev">Prev</a>` : '';
  const next =
    o.page < o.pageCount ? `<a href="${url(o.page + 1)}" class="pageNav-jump pageNav-jump--next">Next</a>` : '';
  return `<div class="block-outer-main"><nav class="pageNavWrapper pageNavWrapper--mixed "><div class="pageNav  ">${prev}<ul class="pageNav-main">${items.join('')}</ul>${next}</div></nav></div>`;
}

function renderPost(o: XenforoPageInput, p: FakePost, number: number): string {
  const name = escapeHtml(p.author);
  const t = (ms: number, prop: string) =>
    `<time class="u-dt" dir="auto" datetime="${xfIso(ms, o.timeZone)}" data-time="${Math.floor(ms / 1000)}" data-date-string="Jan 5, 2026" data-time-string="1:00 PM" title="Jan 5, 2026 at 1:00 PM" itemprop="${prop}">Jan 5, 2026</time>`;
  const lastEdit =
    p.editedAt !== null
      ? `\n\t\t<div class="message-lastEdit">Last edited: ${t(p.editedAt, 'dateModified')}</div>`
      : '';
  const sig = p.signature
    ? `\n\t\t<aside class="message-signature"><div class="bbWrapper">${p.signature}</div></aside>`
    : '';
  return `<article class="message message--post js-post js-inlineModContainer  " data-author="${name}" data-content="post-${p.id}" id="js-post-${p.id}" itemscope itemtype="https://schema.org/Comment" itemid="${o.threadPath}post-${p.id}">
	<span class="u-anchorTarget" id="post-${p.id}"></span>
	<div class="message-inner">
	<div class="message-cell message-cell--user">
		<section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person">
		<div class="message-userDetails"><h4 class="message-name"><a href="/members/${name.toLowerCase()}.${p.authorId}/" class="username " dir="auto" data-user-id="${p.authorId}" data-xf-init="member-tooltip"><span itemprop="name">${name}</span></a></h4></div>
		</section>
	</div>
	<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">
		<header class="message-attribution message-attribution--split">
			<ul class="message-attribution-main listInline "><li class="u-concealed"><a href="${o.threadPath}post-${p.id}" rel="nofollow" itemprop="url">${t(p.createdAt, 'datePublished')}</a></li></ul>
			<ul class="message-attribution-opposite message-attribution-opposite--list "><li><a href="${o.threadPath}post-${p.id}" class="message-attribution-gadget" data-xf-init="share-tooltip" rel="nofollow">#${number}</a></li></ul>
		</header>
		<div class="message-content js-messageContent">
		<div class="message-userContent lbContainer js-lbContainer " data-lb-id="post-${p.id}" data-lb-caption-desc="${name} · Jan 5, 2026">
			<article class="message-body js-selectToQuote">
				<div itemprop="text"><div class="bbWrapper">${p.html}</div></div>
				<div class="js-selectToQuoteEnd">&nbsp;</div>
			</article>
		</div>${lastEdit}${sig}
		</div>
		<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="${o.threadPath}reply?quote=${p.id}" class="actionBar-action actionBar-action--reply" title="Reply, quoting this message" rel="nofollow">Reply</a></div></div></footer>
	</div></div>
	</div>
</article>`;
}
