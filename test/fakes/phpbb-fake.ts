import type { FakeRequest, FakeResponse } from './fake-server.js';
import { FakeThread, type FakeThreadOptions } from './fake-thread.js';
import { type ForumFake, html, slice, startFake } from './forum-fake.js';
import { renderPhpbbPage } from './render/phpbb.js';

export interface PhpbbFakeOptions extends FakeThreadOptions {
  variant?: 'prosilver' | 'mafiascum';
  perPage?: number;
  topicId?: number;
  forumId?: number;
  timeZone?: string;
  posts?: number;
  thread?: FakeThread;
  /** Routes answered before the pages (the board's login and posting forms). */
  live?: (req: FakeRequest) => FakeResponse | null;
}

/** phpBB 3.3 `viewtopic.php?t=&start=` (MafiaScum also `ppp=`), start clamped like `validate_start`. */
export async function startPhpbbFake(opts: PhpbbFakeOptions = {}): Promise<ForumFake> {
  const thread = opts.thread ?? new FakeThread(opts);
  if (!opts.thread) thread.addPosts(opts.posts ?? 25);
  const variant = opts.variant ?? 'prosilver';
  const topicId = opts.topicId ?? 4242;
  const forumId = opts.forumId ?? 7;
  return startFake(
    thread,
    (req) => {
      if (req.method !== 'GET' || req.url.pathname !== '/viewtopic.php') return null;
      const q = req.url.searchParams;
      if (q.get('t') !== String(topicId)) return null;
      const pppParam = q.get('ppp');
      if (pppParam !== null && variant !== 'mafiascum') return null;
      const perPage = pppParam ? Math.min(200, Math.max(1, Number(pppParam))) : (opts.perPage ?? 10);
      const total = thread.visible().length;
      let start = Number(q.get('start') ?? 0);
      if (start < 0 || start >= total)
        start = start < 0 || total === 0 ? 0 : Math.floor((total - 1) / perPage) * perPage;
      const page = Math.floor(start / perPage) + 1;
      return html(
        renderPhpbbPage({
          variant,
          topicId,
          forumId,
          title: variant === 'mafiascum' ? 'Mini 2500 - Example Mafia' : 'Example Game Thread',
          posts: slice(thread, start, perPage, variant === 'mafiascum' ? 0 : 1),
          page,
          pageCount: Math.max(1, Math.ceil(total / perPage)),
          perPage,
          total,
          timeZone: opts.timeZone ?? 'America/New_York',
          extraQuery: pppParam ? `&amp;ppp=${perPage}` : '',
          locked: thread.locked,
        }),
      );
    },
    (base) =>
      `${base}/viewtopic.php?f=${forumId}&t=${topicId}${variant === 'mafiascum' && opts.perPage ? `&ppp=${opts.perPage}` : ''}`,
    opts.live,
  );
}
