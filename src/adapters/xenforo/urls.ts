import { ModdeskError } from '../../domain/errors.js';
import { parseUrlOr } from '../common/page-helpers.js';

const THREAD = /(threads\/(?:[^/?#]*\.)?\d+)\/?(?:page-\d+\/?)?/;

/** `/threads/{slug}.{id}/` (or `index.php?threads/…`); `page-N` and fragments dropped. */
export function xenforoThreadUrl(url: string): string {
  const u = parseUrlOr(url, badUrl);
  u.hash = '';
  if (THREAD.test(u.pathname)) {
    u.pathname = u.pathname.replace(THREAD, '$1/').replace(/\/(post-\d+|latest|unread)\/?$/, '/');
    u.search = '';
    return u.href;
  }
  const query = decodeURIComponent(u.search);
  if (THREAD.test(query)) {
    // Cut from the first `&` of the last line (`.` in the old `/&.*$/` stopped at line ends), tried once per line.
    const rest = query.slice(1).replace(THREAD, '$1/');
    u.search = `?${rest.replace(/(?<![^\n\r\u2028\u2029])([^&\n\r\u2028\u2029]*)&.*$/, '$1')}`;
    return u.href;
  }
  throw badUrl(url);
}

export function xenforoPageUrl(thread: string, page: number): string {
  if (page <= 1) return thread;
  const u = new URL(thread);
  if (u.search) u.search = `${u.search}page-${page}`;
  else u.pathname = `${u.pathname}page-${page}`;
  return u.href;
}

function badUrl(url: string): ModdeskError {
  return new ModdeskError(
    'usage',
    `expected a XenForo thread URL such as https://forum.example/threads/game-thread.123/, got ${JSON.stringify(url)}`,
  );
}
