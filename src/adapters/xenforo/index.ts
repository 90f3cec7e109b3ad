import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parseXenforoPage } from './parse-page.js';
import { xenforoPageUrl, xenforoThreadUrl } from './urls.js';

export const xenforoEngine: PagedPlatform = {
  platform: 'xenforo',
  threadUrl: xenforoThreadUrl,
  pageUrl: (thread, page) => xenforoPageUrl(thread, page),
  parsePage: parseXenforoPage,
};

/** A XenForo 2 thread as a ThreadSource; replies are pasted by hand. */
export function createXenforoSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(xenforoEngine, opts);
}

export { parseXenforoPage } from './parse-page.js';
