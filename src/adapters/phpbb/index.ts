import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parsePhpbbPage } from './parse-page.js';
import { phpbbPms } from './parse-pms.js';
import { phpbbDialect } from './sink.js';
import { phpbbPageUrl, phpbbThreadUrl } from './urls.js';

export const phpbbEngine: PagedPlatform = {
  platform: 'phpbb',
  threadUrl: phpbbThreadUrl,
  pageUrl: phpbbPageUrl,
  parsePage: parsePhpbbPage,
  dialect: phpbbDialect,
  pms: phpbbPms,
};

/** A phpBB 3.x topic (MafiaScum included) as a ThreadSource; replies posted with the moderator's account (sink.ts). */
export function createPhpbbSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(phpbbEngine, opts);
}

export { parsePhpbbPage } from './parse-page.js';
