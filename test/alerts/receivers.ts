import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { signBody } from '../../src/adapters/alerts/signed-webhook.js';

export interface Received {
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
}

/**
 * A receiver on 127.0.0.1 for the signed webhook (`/hook`: refused with 401 unless the signature over the timestamp
 * and raw body checks with `secret`) and Discord-shaped webhooks (`/api/webhooks/…`: `content` a string, 204). The
 * first `throttle` Discord calls get Discord's 429 with `retry_after`.
 */
export async function startReceiver(secret: string, o: { throttle?: number } = {}) {
  const got: Received[] = [];
  const refused: Received[] = [];
  let throttle = o.throttle ?? 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
      if (r.path === '/hook') {
        const ts = String(req.headers['x-moddesk-timestamp'] ?? '');
        const ok = req.headers['x-moddesk-signature'] === signBody(secret, ts, r.body);
        (ok ? got : refused).push(r);
        res.writeHead(ok ? 200 : 401).end();
        return;
      }
      if (throttle > 0) {
        throttle -= 1;
        refused.push(r);
        res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ retry_after: 0.05 }));
        return;
      }
      const ok = typeof (JSON.parse(r.body) as { content?: unknown }).content === 'string';
      (ok ? got : refused).push(r);
      res.writeHead(ok ? 204 : 400).end();
    });
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    got,
    refused,
    hooks: () => got.filter((r) => r.path === '/hook'),
    discords: () => got.filter((r) => r.path.startsWith('/api/webhooks/')),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A local SMTP server (smtp-server) taking mail with one user and password, without TLS (127.0.0.1 only). */
export async function startSmtp(user: string, password: string) {
  const mails: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === password) cb(null, { user });
      else cb(new Error('bad login'));
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((done) => server.close(() => done())) };
}
