import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts, Role } from '../app/accounts.js';
import { formatInstant } from '../domain/time.js';
import { readCookie, sameOrigin } from './auth.js';
import type { Client } from './client.js';
import { html } from './html.js';
import { readForm, redirect, send } from './http-util.js';
import { LoginThrottle } from './login-throttle.js';
import { layout } from './pages/layout.js';

export const SESSION_COOKIE = 'moddesk_session';

/** Who a request is from: an account (or the token's holder, the moderator) and the CSRF token of their session. */
export interface Visitor {
  name: string;
  role: Role;
  csrf: string;
  /** The session's id (account mode); absent for the token's holder, who has no session to end. */
  session?: string;
}

/** Account mode's door: the sign-in page, sessions in cookies, sign-out, and the throttle on failed sign-ins. */
export class SignIn {
  readonly throttle: LoginThrottle;

  constructor(
    private readonly accounts: Accounts,
    private readonly now: () => number,
  ) {
    this.throttle = new LoginThrottle(now);
  }

  visitor(req: IncomingMessage): Visitor | null {
    const id = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (!id || id.length > 100) return null;
    const who = this.accounts.session(id, this.now());
    return who ? { ...who, csrf: csrfOf(id), session: id } : null;
  }

  /** `/login` (GET the page, POST the form) and `/logout` (POST, with the session's CSRF token). */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, client: Client): Promise<void> {
    const method = req.method ?? 'GET';
    if (url.pathname === '/logout') {
      const v = this.visitor(req);
      const form = method === 'POST' ? await readForm(req) : null;
      const given = form?.get('_csrf');
      if (!v || !form || given !== v.csrf || !sameOrigin(req, client.host))
        return send(res, 403, 'Sign-out needs the form on a dashboard page.\n', 'text/plain; charset=utf-8');
      this.accounts.endSession(v.session as string);
      return redirect(res, '/login?notice=out', { 'set-cookie': cookie('', 0, client.https) });
    }
    if (method !== 'POST') {
      if (this.visitor(req)) return redirect(res, '/');
      const out = url.searchParams.get('notice') === 'out';
      return send(res, 200, loginPage(safeNext(url.searchParams.get('next')), null, '', out ? 'Signed out.' : null));
    }
    const form = await readForm(req);
    if (!sameOrigin(req, client.host))
      return send(res, 403, 'Sign in from the sign-in page.\n', 'text/plain; charset=utf-8');
    const name = (form.get('name') ?? '').slice(0, 64).trim();
    const password = (form.get('password') ?? '').slice(0, 1024);
    const next = safeNext(form.get('next'));
    const wait = this.throttle.wait(name, client.address);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      return send(
        res,
        429,
        loginPage(next, `Too many failed sign-ins: try again in ${minutes} min.`, name),
        undefined,
        {
          'retry-after': String(Math.ceil(wait / 1000)),
        },
      );
    }
    const who = await this.accounts.check(name, password);
    if (!who) {
      this.throttle.failed(name, client.address);
      return send(res, 401, loginPage(next, 'Wrong account name or password.', name));
    }
    this.throttle.succeeded(name);
    const s = this.accounts.startSession(who.name, this.now(), client.address);
    redirect(res, next, { 'set-cookie': cookie(s.id, Math.floor((s.expiresAt - this.now()) / 1000), client.https) });
  }
}

/** Each session's own CSRF token, derived from its id, so it needs no storing and dies with the session. */
const csrfOf = (session: string) => createHmac('sha256', session).update('moddesk csrf v1').digest('base64url');

/** `Secure` whenever the browser came over TLS: such a cookie is never sent back over plain HTTP. */
function cookie(id: string, maxAge: number, https: boolean): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${https ? '; Secure' : ''}`;
}

/** Where to go after signing in: a path on this desk only (never `//elsewhere`). */
function safeNext(next: string | null): string {
  return next && /^\/(?![/\\])[^\s]*$/.test(next) && !next.startsWith('/login') ? next.slice(0, 500) : '/';
}

function loginPage(next: string, message: string | null, name = '', notice: string | null = null): string {
  return layout(
    { title: 'Sign in', csrf: '', now: formatInstant(Date.now()), error: message, notice },
    html`<h1>Sign in</h1>
<form method="post" action="/login" class="card sign-in">
<input type="hidden" name="next" value="${next}">
<p><label for="name">Account</label><br><input id="name" name="name" autocomplete="username" required value="${name}"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<div class="actions"><button type="submit" id="sign-in">Sign in</button></div>
</form>
<p class="small muted">Accounts are made on the desk's machine: <code>moddesk accounts add NAME --role co-moderator</code>.</p>`,
  );
}
