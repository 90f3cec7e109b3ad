import { loadPage } from '../common/load-page.js';
import { noPosts } from '../common/page-helpers.js';
import type { PageContext, ParsedPage } from '../common/paged-forum.js';
import { vb3Entry, vb3Pagination, vb3Posts } from './parse-vb3.js';
import { vb4Entry, vb4Pagination, vb4Posts } from './parse-vb4.js';
import { vb5Entry, vb5Pagination, vb5Posts } from './parse-vb5.js';

/** Maps a vBulletin thread page to posts; version 3, 4 or 5 is recognised by its markup. */
export function parseVbulletinPage(html: string, ctx: PageContext): ParsedPage {
  const loaded = loadPage(html);
  const { $ } = loaded;
  const vb5 = vb5Posts($);
  if (vb5.length > 0) return { ...vb5Pagination($), entries: vb5.map((el) => vb5Entry(loaded, el, ctx)) };
  const vb4 = vb4Posts($);
  if (vb4.length > 0) return { ...vb4Pagination($), entries: vb4.map((el) => vb4Entry(loaded, el, ctx)) };
  const vb3 = vb3Posts($);
  if (vb3.length > 0) return { ...vb3Pagination($), entries: vb3.map((el) => vb3Entry(loaded, el, ctx)) };
  throw noPosts(
    'vBulletin',
    ctx.pageUrl,
    'li.b-post[data-node-id] (vB5), li#post_NNN (vB4) or div#post_message_NNN (vB3)',
    html,
  );
}
