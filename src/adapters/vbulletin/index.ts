import type { PagedPlatform } from '../common/paged-forum.js';
import { PagedForumSource, type SourceOptions } from '../common/paged-source.js';
import { parseVbulletinPage } from './parse-page.js';
import { vbulletinPms } from './parse-pms.js';
import { vbulletinDialect } from './sink.js';
import { vbulletinPageUrl, vbulletinThreadUrl } from './urls.js';

export const vbulletinEngine: PagedPlatform = {
  platform: 'vbulletin',
  threadUrl: vbulletinThreadUrl,
  pageUrl: (thread, page) => vbulletinPageUrl(thread, page),
  parsePage: parseVbulletinPage,
  dialect: vbulletinDialect,
  pms: vbulletinPms,
};

/** A vBulletin 3, 4 or 5 thread as a ThreadSource; replies posted with the moderator's account (sink.ts, vB3/4 forms). */
export function createVbulletinSource(opts: SourceOptions): PagedForumSource {
  return new PagedForumSource(vbulletinEngine, opts);
}

export { parseVbulletinPage } from './parse-page.js';
