import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Who is asking, as far as the desk can believe it. */
export interface Client {
  /** The browser's address: the connecting one, or what a trusted proxy says it forwarded for. */
  address: string;
  /** Whether the browser reached the desk over TLS (directly, or at a trusted proxy saying https). */
  https: boolean;
  /** The Host the browser asked for (a trusted proxy's X-Forwarded-Host when it sends one), lower case. */
  host: string;
  /** Whether the request came through one of the trusted proxies. */
  proxied: boolean;
}

/**
 * X-Forwarded-For/-Proto/-Host are honoured only from a connecting address in `trusted`: from anyone else they are
 * words a browser or script can write, and are ignored.
 */
export function clientOf(req: IncomingMessage, trusted: ReadonlySet<string>): Client {
  const peer = plain(req.socket.remoteAddress ?? '');
  const tls = Boolean((req.socket as TLSSocket).encrypted);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!trusted.has(peer)) return { address: peer, https: tls, host, proxied: false };
  // The rightmost address a trusted proxy did not add is the browser's (the leftmost ones are the client's words).
  const chain = header(req, 'x-forwarded-for')
    .split(',')
    .map((a) => plain(a.trim()))
    .filter(Boolean);
  let address = peer;
  while (chain.length) {
    address = chain.pop() as string;
    if (!trusted.has(address)) break;
  }
  const proto = header(req, 'x-forwarded-proto').split(',')[0]?.trim().toLowerCase();
  const forwardedHost = header(req, 'x-forwarded-host').split(',')[0]?.trim().toLowerCase();
  return { address, https: proto ? proto === 'https' : tls, host: forwardedHost || host, proxied: true };
}

/** The set of trusted proxy addresses, written as the client's address will be read. */
export const trustedSet = (addresses: readonly string[] = []): ReadonlySet<string> => new Set(addresses.map(plain));

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : v) ?? '';
}

/** `::ffff:10.0.0.1` (an IPv4 address on a dual-stack socket) is 10.0.0.1. */
const plain = (a: string) => a.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
