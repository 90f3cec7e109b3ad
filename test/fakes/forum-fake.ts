import { type FakeRequest, type FakeResponse, FakeServer } from './fake-server.js';
import type { FakePost, FakeThread } from './fake-thread.js';

/** What every fake forum gives a test. */
export interface ForumFake {
  server: FakeServer;
  thread: FakeThread;
  /** The thread's URL as a moderator would paste it. */
  threadUrl: string;
  close(): Promise<void>;
}

/** The visible posts of a page, with their thread-wide position (`base` 0 or 1). */
export function slice(
  thread: FakeThread,
  offset: number,
  size: number,
  base: 0 | 1,
): { post: FakePost; number: number }[] {
  const visible = thread.visible();
  return visible.slice(offset, offset + size).map((post, i) => ({ post, number: offset + i + base }));
}

/** Renders through a cache keyed by the thread's version, so a fake's own work stays out of CPU figures. */
export function cached(
  thread: FakeThread,
  render: (req: FakeRequest) => FakeResponse | null,
): (req: FakeRequest) => FakeResponse | null {
  const cache = new Map<string, FakeResponse | null>();
  let version = -1;
  return (req) => {
    if (req.method !== 'GET') return render(req);
    if (thread.version !== version) {
      cache.clear();
      version = thread.version;
    }
    const key = `${req.method} ${req.path}`;
    if (!cache.has(key)) cache.set(key, render(req));
    return cache.get(key) ?? null;
  };
}

export async function startFake(
  thread: FakeThread,
  route: (req: FakeRequest) => FakeResponse | null,
  path: (base: string) => string,
  /** Answered first and never cached (a board's forms and sessions: test/fakes/board-forms.ts). */
  live?: (req: FakeRequest) => FakeResponse | null,
): Promise<ForumFake> {
  const pages = cached(thread, route);
  const server = new FakeServer(live ? (req) => live(req) ?? pages(req) : pages);
  const base = await server.start();
  return { server, thread, threadUrl: path(base), close: () => server.close() };
}

export function html(body: string, status = 200): FakeResponse {
  return {
    status,
    body,
    headers: { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'private, no-cache="set-cookie"' },
  };
}

export function redirect(location: string): FakeResponse {
  return { status: 301, body: '', headers: { location } };
}
