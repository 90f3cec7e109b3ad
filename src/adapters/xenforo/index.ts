import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parseXenforoPage } from './parse-page.js';
import { xenforoPms } from './parse-pms.js';
import { xenforoDialect } from './sink.js';
import { xenforoPageUrl, xenforoThreadUrl } from './urls.js';

export const xenforoEngine: PagedPlatform = {
  platform: 'xenforo',
  threadUrl: xenforoThreadUrl,
  pageUrl: (thread, page) => xenforoPageUrl(thread, page),
  parsePage: parseXenforoPage,
  dialect: xenforoDialect,
  pms: xenforoPms,
};

/** A XenForo 1 or 2 thread as a ThreadSource; replies posted with the moderator's account (sink.ts, XenForo 2 forms). */
export function createXenforoSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(xenforoEngine, opts);
}

export { parseXenforoPage } from './parse-page.js';
