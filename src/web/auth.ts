import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const COOKIE = 'moddesk_token';

/**
 * The dashboard's guard: a secret token printed at start, kept in an HttpOnly SameSite=Strict cookie after the
 * first visit; a CSRF token (an HMAC of the secret, so it never needs storing) on every form and fetch that
 * changes something; and a Host check, so a page on another site cannot reach 127.0.0.1 by DNS rebinding.
 */
export class Guard {
  readonly token: string;
  readonly csrf: string;
  /** Every `Host` header served: the loopback names, the bound address, and the allow-list; with and without port. */
  readonly hosts: ReadonlySet<string>;
  private readonly names: ReadonlySet<string>;

  constructor(token: string | undefined, boundHost: string, port: number, allowedHosts: readonly string[] = []) {
    this.token = token && token.length > 0 ? token : randomBytes(24).toString('base64url');
    this.csrf = createHmac('sha256', this.token).update('moddesk csrf v1').digest('base64url');
    // A wildcard bind is no host name: it widens where the desk listens, never which names it answers to.
    const names = ['127.0.0.1', 'localhost', '[::1]', ...allowedHosts, ...(isWildcard(boundHost) ? [] : [boundHost])];
    this.names = new Set(allowedHosts.map(bracket));
    this.hosts = new Set(names.map(bracket).flatMap((h) => (port === 80 ? [h, `${h}:80`] : [`${h}:${port}`])));
  }

  hostAllowed(req: IncomingMessage): boolean {
    return this.hosts.has((req.headers.host ?? '').toLowerCase());
  }

  /** The Host check behind a trusted proxy: an allowed name as the browser wrote it (on the proxy's port). */
  proxiedHostAllowed(host: string): boolean {
    return this.hosts.has(host) || this.names.has(host.replace(/:(80|443)$/, ''));
  }

  /** The token the request carries (cookie, `Authorization: Bearer`, or `?token=` on a first visit), if valid. */
  authenticated(req: IncomingMessage, url: URL): { ok: boolean; viaQuery: boolean } {
    const cookie = readCookie(req.headers.cookie, COOKIE);
    if (cookie && same(cookie, this.token)) return { ok: true, viaQuery: false };
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ') && same(auth.slice(7).trim(), this.token)) return { ok: true, viaQuery: false };
    const q = url.searchParams.get('token');
    if (q && same(q, this.token)) return { ok: true, viaQuery: true };
    return { ok: false, viaQuery: false };
  }

  /**
   * A change must carry the CSRF token (`expected`: the token's own, or the session's in account mode) and, when the
   * browser says where it comes from, come from this origin (`host`: the Host the browser asked for).
   */
  csrfOk(req: IncomingMessage, formToken: string | null, expected = this.csrf, host = req.headers.host ?? ''): boolean {
    const given = (req.headers['x-csrf-token'] as string | undefined) ?? formToken;
    if (!given || !same(given, expected)) return false;
    return sameOrigin(req, host);
  }

  cookieHeader(): string {
    return `${COOKIE}=${this.token}; HttpOnly; SameSite=Strict; Path=/`;
  }
}

/** Whether the browser, when it says where a request comes from, says this origin. */
export function sameOrigin(req: IncomingMessage, host: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  // An opaque origin ("null": sandboxed frames, some redirects) is accepted only when the browser vouches same-origin.
  const origin = req.headers.origin;
  if (origin === 'null') return site === 'same-origin';
  return !origin || origin.replace(/^https?:\/\//, '').toLowerCase() === host.toLowerCase();
}

export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** Whether a bind address reaches this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function bracket(host: string): string {
  const h = host.toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}
