import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Accounts } from '../app/accounts.js';
import type { Desk } from '../app/desk.js';
import { ModdeskError } from '../domain/errors.js';
import { Guard, isLoopback, isWildcard } from './auth.js';
import { trustedSet } from './client.js';
import { Dashboard } from './dashboard.js';
import { pathDecodes, send } from './http-util.js';
import { SignIn } from './sign-in.js';

export interface WebServer {
  /** The dashboard's address, without the token (add `?token=` for a first visit). */
  url: string;
  /** Empty when the desk signs in with accounts. */
  token: string;
  close(): Promise<void>;
}

export interface WebServerOptions {
  host?: string;
  port?: number;
  token?: string;
  /** Host names (or addresses) the dashboard answers to besides loopback; required to bind beyond loopback. */
  allowedHosts?: readonly string[];
  /** Where the beyond-loopback warning goes (default: stderr). */
  warn?: (line: string) => void;
  /** Sign in with these accounts instead of the token (the token is then never accepted). */
  accounts?: Accounts;
  /** Proxies whose X-Forwarded-For/-Proto/-Host are believed (client.ts). */
  trustedProxies?: readonly string[];
  /** The clock of sessions and the sign-in throttle (tests move it). */
  now?: () => number;
}

/**
 * Serves the dashboard for a desk: bound to 127.0.0.1 unless `host` says otherwise, on `port` (0 or absent: a
 * free one), guarded by `token` (a random one when absent). The Host check holds on every bind address: beyond
 * loopback only the names in `allowedHosts` are served, and there must be at least one. The desk may also offer
 * the optional DeskExtras.
 */
export async function startWebServer(desk: Desk, opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const allowed = (opts.allowedHosts ?? []).map((h) => h.trim()).filter(Boolean);
  const exposed = !isLoopback(host);
  if (exposed && allowed.length === 0)
    throw new ModdeskError(
      'usage',
      `binding the dashboard to ${host} reaches beyond this machine; name the host names it is opened by with --allow-host (config: dashboard.allowedHosts), e.g. --allow-host desk.lan`,
      { place: '--host' },
    );
  const server = createServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new ModdeskError(
              'usage',
              `port ${opts.port} on ${host} is taken (another moddesk watch, serve or demo?): stop it, or choose another port (0: any free one)`,
              { place: '--port', cause: err },
            )
          : new ModdeskError('usage', `cannot listen on ${host}:${opts.port ?? 0} (${err.code ?? err.message})`, {
              place: '--host/--port',
              cause: err,
            }),
      ),
    );
    server.listen(opts.port ?? 0, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const guard = new Guard(opts.token, host, port, allowed);
  const signIn = opts.accounts ? new SignIn(opts.accounts, opts.now ?? Date.now) : undefined;
  const dashboard = new Dashboard(desk, guard, { signIn, trustedProxies: trustedSet(opts.trustedProxies) });
  server.on('request', (req, res) => {
    // A malformed escape (`%E0%A4%A`) is the client's error, whatever route would have read it.
    if (!pathDecodes(req.url ?? '/')) return send(res, 400, 'Malformed URL escape.\n', 'text/plain; charset=utf-8');
    void dashboard.handle(req, res);
  });
  if (exposed)
    (opts.warn ?? ((l) => process.stderr.write(l)))(
      `moddesk: warning: the dashboard listens on ${host}:${port}, beyond this machine; it answers only to Host ${[...guard.hosts].join(', ')}\n`,
    );
  const shown = isWildcard(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    token: signIn ? '' : guard.token,
    close: async () => {
      dashboard.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
