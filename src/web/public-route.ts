import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DashboardDesk } from '../app/desk.js';
import { dayTimeline } from './get-routes.js';
import { publicPage } from './pages/public-page.js';

/** A players' page is seconds behind the thread at most; a forum's readers opening it together cost one build each. */
const MAX_AGE_SECONDS = 30;

/**
 * The public page's headers: no script at all, no framing, no form, no referrer (a player's link out to the thread
 * tells nothing of where they read it); cacheable, and never a cookie.
 */
const PUBLIC_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': `public, max-age=${MAX_AGE_SECONDS}`,
};

function plain(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...PUBLIC_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...extra,
  });
  res.end(body);
}

/**
 * `/public/<game id>`: the game's count page for players, read-only, with no login. A game that has not turned it on
 * (`publicPage: true` in its game file) and one that does not exist answer the same 404.
 */
export async function servePublic(
  desk: DashboardDesk,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
  const m = /^\/public\/([^/]+)\/?$/.exec(path);
  const id = m ? decodeURIComponent(m[1] as string) : null;
  const game = id === null ? undefined : (await desk.listGames()).find((g) => g.id === id && g.publicPage === true);
  if (!game) return plain(res, 404, 'Not found.\n');
  const state = await desk.state(game.id);
  const timeline = await dayTimeline(desk, game.id, state.votes.day, state);
  // An open day's chart ends at its last vote, not now: the page (and its ETag) changes only when the thread does.
  if (timeline && timeline.end === state.at) timeline.end = timeline.rows.at(-1)?.at ?? timeline.start;
  const body = publicPage({ game, state, drafts: await desk.drafts(game.id), timeline });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const asked = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (asked.includes(etag) || asked.includes('*')) {
    res.writeHead(304, { ...PUBLIC_HEADERS, etag });
    res.end();
    return;
  }
  res.writeHead(200, {
    ...PUBLIC_HEADERS,
    etag,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
