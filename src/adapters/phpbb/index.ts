import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parsePhpbbPage } from './parse-page.js';
import { phpbbPageUrl, phpbbThreadUrl } from './urls.js';

export const phpbbEngine: PagedPlatform = {
  platform: 'phpbb',
  threadUrl: phpbbThreadUrl,
  pageUrl: phpbbPageUrl,
  parsePage: parsePhpbbPage,
};

/** A phpBB 3.x topic (MafiaScum included) as a ThreadSource; replies are pasted by hand. */
export function createPhpbbSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(phpbbEngine, opts);
}

export { parsePhpbbPage } from './parse-page.js';
