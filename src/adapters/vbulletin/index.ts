import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parseVbulletinPage } from './parse-page.js';
import { vbulletinPageUrl, vbulletinThreadUrl } from './urls.js';

export const vbulletinEngine: PagedPlatform = {
  platform: 'vbulletin',
  threadUrl: vbulletinThreadUrl,
  pageUrl: (thread, page) => vbulletinPageUrl(thread, page),
  parsePage: parseVbulletinPage,
};

/** A vBulletin 4 or 5 thread as a ThreadSource; replies are pasted by hand. */
export function createVbulletinSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(vbulletinEngine, opts);
}

export { parseVbulletinPage } from './parse-page.js';
