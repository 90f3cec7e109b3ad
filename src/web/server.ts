import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Desk } from '../app/desk.js';
import { Guard } from './auth.js';
import { Dashboard } from './dashboard.js';

export interface WebServer {
  /** The dashboard's address, without the token (add `?token=` for a first visit). */
  url: string;
  token: string;
  close(): Promise<void>;
}

/**
 * Serves the dashboard for a desk: bound to 127.0.0.1 unless `host` says otherwise, on `port` (0 or absent: a
 * free one), guarded by `token` (a random one when absent). The desk may also offer the optional DeskExtras.
 */
export async function startWebServer(
  desk: Desk,
  opts: { host?: string; port?: number; token?: string },
): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const guard = new Guard(opts.token, host, port);
  const dashboard = new Dashboard(desk, guard);
  server.on('request', (req, res) => {
    void dashboard.handle(req, res);
  });
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    token: guard.token,
    close: async () => {
      dashboard.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
