import type { FakeRequest, FakeResponse } from './fake-server.js';
import { FakeThread, type FakeThreadOptions } from './fake-thread.js';
import { type ForumFake, html, redirect, slice, startFake } from './forum-fake.js';
import { renderXenforoPage } from './render/xenforo.js';

export interface XenforoFakeOptions extends FakeThreadOptions {
  perPage?: number;
  threadId?: number;
  timeZone?: string;
  posts?: number;
  thread?: FakeThread;
  /** Routes answered before the pages (the board's login and posting forms: board-forms.ts). */
  live?: (req: FakeRequest) => FakeResponse | null;
}

/** XenForo 2: `/threads/{slug}.{id}/page-N`; a page past the end redirects to the last one. */
export async function startXenforoFake(opts: XenforoFakeOptions = {}): Promise<ForumFake> {
  const thread = opts.thread ?? new FakeThread(opts);
  if (!opts.thread) thread.addPosts(opts.posts ?? 25);
  const perPage = opts.perPage ?? 20;
  const threadPath = `/threads/example-game.${opts.threadId ?? 99}/`;
  return startFake(
    thread,
    (req) => {
      if (req.method !== 'GET' || req.url.search !== '' || !req.url.pathname.startsWith(threadPath)) return null;
      const rest = req.url.pathname.slice(threadPath.length);
      const m = /^(?:page-(\d+))?$/.exec(rest);
      if (!m) return null;
      const requested = m[1] ? Number(m[1]) : 1;
      if (m[1] === '1') return redirect(threadPath);
      const total = thread.visible().length;
      const pageCount = Math.max(1, Math.ceil(total / perPage));
      if (requested > pageCount) return redirect(pageCount === 1 ? threadPath : `${threadPath}page-${pageCount}`);
      return html(
        renderXenforoPage({
          threadPath,
          title: 'Example Mafia Game',
          posts: slice(thread, (requested - 1) * perPage, perPage, 1),
          page: requested,
          pageCount,
          timeZone: opts.timeZone ?? 'America/New_York',
          locked: thread.locked,
        }),
      );
    },
    (base) => `${base}${threadPath}`,
    opts.live,
  );
}
