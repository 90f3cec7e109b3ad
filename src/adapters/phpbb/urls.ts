import { ModdeskError } from '../../domain/errors.js';
import { parseUrlOr } from '../common/page-helpers.js';

/** `viewtopic.php?t=123` (with `f=`, MafiaScum's `ppp=` and other parameters kept); pages by `start=`. */
export function phpbbThreadUrl(url: string): string {
  const u = parseUrlOr(url, badUrl);
  if (!/viewtopic\.php$/.test(u.pathname) || !/^\d+$/.test(u.searchParams.get('t') ?? '')) throw badUrl(url);
  u.hash = '';
  for (const p of ['start', 'p', 'sid', 'view']) u.searchParams.delete(p);
  return u.href;
}

export function phpbbPageUrl(thread: string, page: number, perPage: number | null): string {
  if (page <= 1) return thread;
  const u = new URL(thread);
  const size = perPage ?? (Number(u.searchParams.get('ppp')) || 10);
  u.searchParams.set('start', String((page - 1) * size));
  return u.href;
}

function badUrl(url: string): ModdeskError {
  return new ModdeskError(
    'usage',
    `expected a phpBB topic URL such as https://forum.example/viewtopic.php?t=123, got ${JSON.stringify(url)}`,
  );
}
