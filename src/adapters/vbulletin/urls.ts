import { ModdeskError } from '../../domain/errors.js';
import { parseUrlOr } from '../common/page-helpers.js';

/**
 * vBulletin thread URLs as forums print them: `showthread.php?t=123` (pages `&page=N`), `showthread.php?123-slug`
 * (pages `/pageN`), and path styles `/threads/123-slug`, `/forum/{section}/123-slug` (vB5; pages `/pageN`).
 */
export function vbulletinThreadUrl(url: string): string {
  const u = parseUrlOr(url, badUrl);
  u.hash = '';
  if (/showthread\.php$/.test(u.pathname)) {
    if (/^\d+$/.test(u.searchParams.get('t') ?? '')) {
      for (const p of ['page', 'p', 'highlight', 's']) u.searchParams.delete(p);
      return u.href;
    }
    const m = /^\?(\d+(?:-[^/&#]*)?)(?:\/page\d+)?/.exec(decodeURIComponent(u.search));
    if (m) {
      u.search = `?${m[1]}`;
      return u.href;
    }
    throw badUrl(url);
  }
  const m = /^(.*\/\d+(?:-[^/]*)?)(?:\/page\d+)?\/?$/.exec(u.pathname);
  if (!m || !/\/(threads|forum|showthread)\b/.test(u.pathname)) throw badUrl(url);
  u.pathname = m[1]!;
  u.search = '';
  return u.href;
}

export function vbulletinPageUrl(thread: string, page: number): string {
  if (page <= 1) return thread;
  const u = new URL(thread);
  if (u.searchParams.has('t')) {
    u.searchParams.set('page', String(page));
    return u.href;
  }
  if (u.search) return `${u.origin}${u.pathname}${u.search}/page${page}`;
  u.pathname = `${u.pathname}/page${page}`;
  return u.href;
}

function badUrl(url: string): ModdeskError {
  return new ModdeskError(
    'usage',
    `expected a vBulletin thread URL such as https://forum.example/showthread.php?t=123 (vB4) or https://forum.example/forum/games/123-game-thread (vB5), got ${JSON.stringify(url)}`,
  );
}
