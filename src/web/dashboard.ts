import type { IncomingMessage, ServerResponse } from 'node:http';
import { actingAs } from '../app/acting.js';
import type { DashboardDesk, GameSummary } from '../app/desk.js';
import { scrubSecrets } from '../app/scrub.js';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { CHANGE_ROLE, may, PAGE_ROLE } from './access.js';
import { APP_CSS } from './assets/app-css.js';
import { APP_JS } from './assets/app-js.js';
import type { Guard } from './auth.js';
import { clientOf } from './client.js';
import { gamePage, tokenPage } from './get-routes.js';
import { html } from './html.js';
import { HttpError, readForm, redirect, SECURITY_HEADERS, send } from './http-util.js';
import { NightSessions } from './night-session.js';
import { deskHealth } from './pages/desk-health.js';
import { gamesList } from './pages/game-page.js';
import { type GameTab, layout, type PageVisitor } from './pages/layout.js';
import { backQuery, change, routeOf, tabOf } from './post-routes.js';
import { servePublic } from './public-route.js';
import type { SignIn, Visitor } from './sign-in.js';

/** Who the audit log names for what the single token's holder does. */
export const TOKEN_HOLDER = 'moderator (token)';

/** How the dashboard lets people in: the one token (`signIn` absent), or accounts; and which proxies it believes. */
export interface Door {
  signIn?: SignIn;
  trustedProxies: ReadonlySet<string>;
}

const NOTICES: Record<string, string> = {
  saved: 'Draft saved.',
  posted: 'Posted in the thread.',
  stopped: 'Retries stopped: the draft stays approved and unposted until you press Retry now.',
  waiting:
    'Not posted yet: an earlier try may have reached the thread; the desk checks the thread before trying again.',
  changed: 'Not posted: the thread moved on since this was drafted. Check the recount below.',
  stale: 'Not posted: this draft changed while you were reading it. Check it and approve again.',
  rejected: 'Draft rejected.',
  correction: 'A correction of the posted count is drafted below: approve it to edit that post.',
  'count-stands': 'Counted again as of when it was posted, the count reads the same: nothing to correct.',
  'role-pms': 'Role PMs approved: they are sent one after another; each card below says how it went.',
  ruled: 'Ruling recorded; the state is replayed with it.',
  'ruled-group': 'One ruling recorded for the whole group; the state is replayed with it.',
  undone: 'Ruling undone: it is gone from the game file and the state is replayed without it.',
  recorded: 'Night action recorded.',
  flagged: 'Not counted as a night action: the entry was flagged for your ruling (see Flags).',
  'no-action': 'Entered as a PM, but no night action was read from it: check the line, e.g. "Target: Bob".',
  resolved: 'The night is resolved: everyone, wake up.',
  'mod-kill': 'Kill recorded in the game file; the state is replayed with it.',
  'mod-replace': 'Replacement recorded in the game file; the state is replayed with it.',
  'mod-reset': 'Votes reset; the state is replayed with it.',
  'mod-phase': 'Phase recorded in the game file; the state is replayed with it.',
  'mod-undo': 'Mod event undone: it is gone from the game file and the state is replayed without it.',
};

/** What a notice says under `serve`, which writes nothing to the game file (m7): no claim that it did. */
const IN_MEMORY_NOTICES: Record<string, string> = {
  undone: 'Ruling undone; the state is replayed without it.',
  'mod-kill': 'Kill recorded until you stop serve; the state is replayed with it.',
  'mod-replace': 'Replacement recorded until you stop serve; the state is replayed with it.',
  'mod-phase': 'Phase recorded until you stop serve; the state is replayed with it.',
  'mod-undo': 'Mod event undone; the state is replayed without it.',
};

const TABS: Record<string, GameTab> = {
  '': 'overview',
  '/drafts': 'drafts',
  '/flags': 'flags',
  '/missiles': 'missiles',
  '/night': 'night',
  '/votes': 'votes',
  '/counts': 'counts',
  '/mod': 'mod',
};

/** The dashboard's request handling: guard, routes, and the server-sent event streams. */
export class Dashboard {
  private readonly sessions = new NightSessions();
  private readonly streams = new Set<{ res: ServerResponse; game: string | null }>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly desk: DashboardDesk,
    private readonly guard: Guard,
    private readonly door: Door = { trustedProxies: new Set() },
  ) {
    this.unsubscribe = desk.subscribe((event) => {
      // A desk with no page open pays nothing for its events (a thousand games' polls send them).
      if (this.streams.size === 0) return;
      const data = `data: ${JSON.stringify({ type: event.type, gameId: event.gameId })}\n\n`;
      for (const s of this.streams) if (s.game === null || s.game === event.gameId) s.res.write(data);
    });
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) s.res.write(': ping\n\n');
    }, 20_000);
    this.heartbeat.unref();
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.route(req, res);
    } catch (err) {
      if (res.headersSent) {
        res.end();
        return;
      }
      // A platform that failed (its 5xx, a lost answer) is not the moderator's error: 502, with the words.
      const status =
        err instanceof HttpError ? err.status : err instanceof ModdeskError ? (err.code === 'http' ? 502 : 400) : 500;
      const message =
        err instanceof HttpError || err instanceof ModdeskError
          ? scrubSecrets(err.message)
          : 'Something went wrong on the desk; nothing was changed by this request.';
      if (status === 500) process.stderr.write(`moddesk web: ${(err as Error)?.stack ?? err}\n`);
      const body = layout(
        { title: 'Error', csrf: '', now: formatInstant(Date.now()), error: message },
        html`<p>Use the browser's Back button to return, or go to <a href="/">the games</a>.</p>`,
      );
      send(res, status, body);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const client = clientOf(req, this.door.trustedProxies);
    if (client.proxied ? !this.guard.proxiedHostAllowed(client.host) : !this.guard.hostAllowed(req))
      return send(
        res,
        421,
        'Unknown host: open the dashboard at the address moddesk printed.\n',
        'text/plain; charset=utf-8',
      );
    const url = new URL(req.url ?? '/', 'http://dashboard.invalid');
    if (url.pathname === '/public' || url.pathname.startsWith('/public/'))
      return servePublic(this.desk, req, res, url.pathname);
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
      return send(res, 405, 'Method not allowed\n', 'text/plain; charset=utf-8', { allow: 'GET, POST' });
    if (url.pathname === '/assets/app.js') return send(res, 200, APP_JS, 'text/javascript; charset=utf-8');
    if (url.pathname === '/assets/app.css') return send(res, 200, APP_CSS, 'text/css; charset=utf-8');
    if (url.pathname === '/favicon.ico') return send(res, 204, '', 'text/plain');
    const { signIn } = this.door;
    if (signIn && (url.pathname === '/login' || url.pathname === '/logout'))
      return signIn.handle(req, res, url, client);
    let visitor: Visitor | null;
    if (signIn) {
      visitor = signIn.visitor(req);
      if (!visitor && method !== 'POST')
        return redirect(res, `/login?${new URLSearchParams({ next: url.pathname + url.search })}`);
    } else {
      const auth = this.guard.authenticated(req, url);
      if (auth.viaQuery && method !== 'POST') {
        url.searchParams.delete('token');
        return redirect(res, url.pathname + url.search, { 'set-cookie': this.guard.cookieHeader() });
      }
      visitor = auth.ok ? { name: TOKEN_HOLDER, role: 'moderator', csrf: this.guard.csrf } : null;
      if (!visitor && method !== 'POST') return send(res, 401, tokenPage());
    }
    if (!visitor)
      return send(
        res,
        401,
        `The dashboard ${signIn ? 'session' : 'token'} is missing or wrong; nothing was changed.\n`,
        'text/plain; charset=utf-8',
      );
    if (method === 'POST') return this.post(req, res, url, visitor, client.host);
    if (url.pathname === '/events') return this.stream(req, res, null);
    if (url.pathname === '/') {
      const games = await this.desk.listGames();
      // The desk's clock (`serve --at` may be far from the wall's): the next-try countdowns tick from it.
      const now = games[0] ? (await this.desk.state(games[0].id)).at : formatInstant(Date.now());
      const health = deskHealth(games, now, (await this.desk.alertChannels?.()) ?? []);
      return send(
        res,
        200,
        layout(
          { title: 'Games', csrf: visitor.csrf, now, health, who: this.who(visitor) },
          gamesList(games, may(visitor.role, PAGE_ROLE.drafts)),
        ),
      );
    }
    const m = /^\/games\/([^/]+)(\/[a-z/]*)?$/.exec(url.pathname);
    if (!m) throw new HttpError(404, 'No such page.');
    const game = await this.game(decodeURIComponent(m[1] as string));
    const rest = (m[2] ?? '').replace(/\/$/, '');
    if (rest === '/events') return this.stream(req, res, game.id);
    const tab = TABS[rest];
    if (!tab) throw new HttpError(404, 'No such page.');
    if (!may(visitor.role, PAGE_ROLE[tab]))
      throw new HttpError(403, `The ${tab} page holds private text: your account (${visitor.role}) cannot open it.`);
    const code = url.searchParams.get('notice') ?? '';
    const notice = (game.writesGameFile === false ? IN_MEMORY_NOTICES[code] : undefined) ?? NOTICES[code] ?? null;
    const warn = code === 'changed' || code === 'stale';
    const body = await gamePage(tab, {
      desk: this.desk,
      game,
      csrf: visitor.csrf,
      notice,
      warn,
      query: url.searchParams,
      sessions: this.sessions,
      visitor: this.who(visitor),
    });
    send(res, 200, body);
  }

  private async post(req: IncomingMessage, res: ServerResponse, url: URL, visitor: Visitor, host: string) {
    const form = await readForm(req);
    if (!this.guard.csrfOk(req, form.get('_csrf'), visitor.csrf, host)) {
      return send(
        res,
        403,
        'The request failed its CSRF check (reload the page and try again); nothing was changed.\n',
        'text/plain; charset=utf-8',
      );
    }
    const m = /^\/games\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!m) throw new HttpError(404, 'No such action.');
    const game = await this.game(decodeURIComponent(m[1] as string));
    const path = m[2] as string;
    const route = routeOf(path);
    if (!route) throw new HttpError(404, 'No such action.');
    const need = CHANGE_ROLE[route.route];
    if (!may(visitor.role, need))
      throw new HttpError(
        403,
        `Not done: this needs a ${need}'s account; yours (${visitor.name}) is a ${visitor.role}'s.`,
      );
    let result: Awaited<ReturnType<typeof change>>;
    try {
      result = await actingAs(visitor.name, () =>
        change(path, { desk: this.desk, game, form, sessions: this.sessions }),
      );
    } catch (err) {
      // A change the desk refuses (an alias that is already a name, a kill not ticked) is said on the page it was
      // asked from, with that page under it, so the moderator corrects it there (m5).
      const tab = tabOf(path);
      const refused = err instanceof ModdeskError ? err.code !== 'http' : err instanceof HttpError && err.status < 500;
      if (!tab || !refused || (err instanceof HttpError && err.status === 404)) throw err;
      const body = await gamePage(tab, {
        desk: this.desk,
        game: await this.game(game.id),
        csrf: visitor.csrf,
        notice: null,
        warn: false,
        error: `Not done: ${scrubSecrets((err as Error).message)}`,
        query: tab === 'flags' ? backQuery(form) : new URLSearchParams(),
        sessions: this.sessions,
        visitor: this.who(visitor),
      });
      return send(res, err instanceof HttpError ? err.status : 400, body);
    }
    const q = new URLSearchParams({ ...(result.notice ? { notice: result.notice } : {}), ...result.extra });
    const to = `/games/${encodeURIComponent(game.id)}/${result.to}`;
    redirect(res, `${to}${q.size ? `?${q}` : ''}${result.hash ? `#${result.hash}` : ''}`);
  }

  /** The visitor as the pages show them: a sign-out form in account mode. */
  private who(v: Visitor): PageVisitor {
    const hidden = new Set(Object.values(TABS).filter((t) => !may(v.role, PAGE_ROLE[t])));
    return { name: v.name, role: v.role, signOut: Boolean(this.door.signIn), hidden };
  }

  private async game(id: string): Promise<GameSummary> {
    const game = (await this.desk.listGames()).find((g) => g.id === id);
    if (!game) throw new HttpError(404, 'No such game on this desk.');
    return game;
  }

  private stream(req: IncomingMessage, res: ServerResponse, game: string | null): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    const entry = { res, game };
    this.streams.add(entry);
    req.on('close', () => this.streams.delete(entry));
  }
}
