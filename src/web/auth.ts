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
  private readonly hosts: Set<string> | null;

  constructor(token: string | undefined, boundHost: string, port: number) {
    this.token = token && token.length > 0 ? token : randomBytes(24).toString('base64url');
    this.csrf = createHmac('sha256', this.token).update('moddesk csrf v1').digest('base64url');
    const loopback = ['127.0.0.1', 'localhost', '[::1]'];
    const wildcard = boundHost === '0.0.0.0' || boundHost === '::';
    this.hosts = wildcard ? null : new Set([...loopback, bracket(boundHost)].flatMap((h) => [`${h}:${port}`]));
  }

  hostAllowed(req: IncomingMessage): boolean {
    const host = (req.headers.host ?? '').toLowerCase();
    return this.hosts === null || this.hosts.has(host);
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

  /** A change must carry the CSRF token and, when the browser says where it comes from, come from this origin. */
  csrfOk(req: IncomingMessage, formToken: string | null): boolean {
    const given = (req.headers['x-csrf-token'] as string | undefined) ?? formToken;
    if (!given || !same(given, this.csrf)) return false;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return false;
    // An opaque origin ("null": sandboxed frames, some redirects) is accepted only when the browser vouches same-origin.
    const origin = req.headers.origin;
    if (origin === 'null') return site === 'same-origin';
    return !origin || origin.replace(/^https?:\/\//, '').toLowerCase() === (req.headers.host ?? '').toLowerCase();
  }

  cookieHeader(): string {
    return `${COOKIE}=${this.token}; HttpOnly; SameSite=Strict; Path=/`;
  }
}

function bracket(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
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
