import type { FakeRequest, FakeResponse } from './fake-server.js';
import { FakeThread, type FakeThreadOptions } from './fake-thread.js';
import { type ForumFake, html, slice, startFake } from './forum-fake.js';
import { renderVbPage } from './render/vbulletin.js';

export interface VbulletinFakeOptions extends FakeThreadOptions {
  version?: 4 | 5;
  perPage?: number;
  threadId?: number;
  timeZone?: string;
  posts?: number;
  thread?: FakeThread;
  /** Routes answered before the pages (the board's login and posting forms: board-forms.ts). */
  live?: (req: FakeRequest) => FakeResponse | null;
}

/** vB4 `showthread.php?t=ID&page=N`, vB5 `/forum/games/ID-slug/pageN`; a page past the end shows the last one. */
export async function startVbulletinFake(opts: VbulletinFakeOptions = {}): Promise<ForumFake> {
  const thread = opts.thread ?? new FakeThread(opts);
  if (!opts.thread) thread.addPosts(opts.posts ?? 25);
  const version = opts.version ?? 4;
  const threadId = opts.threadId ?? 5150;
  const perPage = opts.perPage ?? 10;
  const vb5Path = `/forum/games/${threadId}-example-mafia`;
  const page = (requested: number) => {
    const total = thread.visible().length;
    const pageCount = Math.max(1, Math.ceil(total / perPage));
    const n = Math.min(Math.max(1, requested), pageCount);
    return html(
      renderVbPage({
        version,
        threadId,
        threadPath: version === 4 ? `showthread.php?t=${threadId}` : vb5Path,
        title: 'Example Mafia',
        posts: slice(thread, (n - 1) * perPage, perPage, 1),
        page: n,
        pageCount,
        perPage,
        total,
        timeZone: opts.timeZone ?? 'America/Chicago',
        now: Date.now(),
        locked: thread.locked,
      }),
    );
  };
  return startFake(
    thread,
    (req) => {
      if (req.method !== 'GET') return null;
      if (version === 4) {
        const q = req.url.searchParams;
        if (req.url.pathname !== '/showthread.php' || q.get('t') !== String(threadId)) return null;
        if ([...q.keys()].some((k) => k !== 't' && k !== 'page')) return null;
        return page(Number(q.get('page') ?? 1));
      }
      if (req.url.search !== '') return null;
      const m = new RegExp(`^${vb5Path}(?:/page(\\d+))?$`).exec(req.url.pathname);
      return m ? page(Number(m[1] ?? 1)) : null;
    },
    (base) => (version === 4 ? `${base}/showthread.php?t=${threadId}` : `${base}${vb5Path}`),
    opts.live,
  );
}
