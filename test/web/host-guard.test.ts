import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModdeskError } from '../../src/domain/errors.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { openDesk, type TestDesk } from './desk.js';
import { post, smallGame } from './games.js';
import { request } from './http-client.js';

// The DNS-rebinding guard holds on every bind address (issue 14 item 5), and a malformed URL is a 400 (item 6).
const TOKEN = 'host-guard-token-1234567890';
const cookie = { cookie: `moddesk_token=${TOKEN}` };
const desk = () => openDesk(smallGame(), [post('Alice', '2026-05-04T19:00:00Z', { action: 'Vote: Bob' })]);

let open: { server: WebServer; desk: TestDesk } | null = null;
afterEach(async () => {
  await open?.server.close();
  await open?.desk.close();
  open = null;
  vi.restoreAllMocks();
});

describe('binding beyond loopback', () => {
  it('is refused without an allow-list of host names, with a message naming the flag', async () => {
    const d = await desk();
    try {
      const err = await startWebServer(d.desk, { host: '0.0.0.0', token: TOKEN }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModdeskError);
      expect((err as ModdeskError).oneLine()).toMatch(/--host: binding the dashboard to 0\.0\.0\.0 .*--allow-host/);
    } finally {
      await d.close();
    }
  });

  it('on 0.0.0.0 answers only to loopback and the allowed names, and warns once', async () => {
    const warnings: string[] = [];
    const d = await desk();
    const server = await startWebServer(d.desk, {
      host: '0.0.0.0',
      token: TOKEN,
      allowedHosts: ['Desk.LAN'],
      warn: (l) => warnings.push(l),
    });
    open = { server, desk: d };
    const port = new URL(server.url).port;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/warning: the dashboard listens on 0\.0\.0\.0:\d+, beyond this machine/);
    expect(warnings[0]).toContain(`desk.lan:${port}`);
    const page = (host: string) => request(`${server.url}games/${d.id}`, { headers: { ...cookie, host } });
    for (const evil of ['evil.example', `evil.example:${port}`, `0.0.0.0:${port}`, `desk.lan.evil.example:${port}`])
      expect((await page(evil)).status, evil).toBe(421);
    for (const good of [`desk.lan:${port}`, `DESK.lan:${port}`, `127.0.0.1:${port}`, `localhost:${port}`])
      expect((await page(good)).status, good).toBe(200);
  });

  it('on loopback needs no allow-list and prints nothing', async () => {
    const warnings: string[] = [];
    const d = await desk();
    const server = await startWebServer(d.desk, { host: '127.0.0.1', token: TOKEN, warn: (l) => warnings.push(l) });
    open = { server, desk: d };
    expect(warnings).toEqual([]);
    expect((await request(`${server.url}`, { headers: { ...cookie, host: 'evil.example' } })).status).toBe(421);
  });

  it('m3: a port already taken is one clear line that says so and how to choose another, not a crash', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    const d = await desk();
    try {
      const err = await startWebServer(d.desk, { port, token: TOKEN }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModdeskError);
      expect((err as ModdeskError).oneLine()).toBe(
        `--port: port ${port} on 127.0.0.1 is taken (another moddesk watch, serve or demo?): stop it, or choose another port (0: any free one)`,
      );
    } finally {
      await d.close();
      taken.close();
    }
  });
});

describe('a malformed URL escape', () => {
  it('is a 400 on any path, with nothing written to stderr', async () => {
    const d = await desk();
    const server = await startWebServer(d.desk, { token: TOKEN });
    open = { server, desk: d };
    const stderr = vi.spyOn(process.stderr, 'write');
    for (const path of ['/games/%E0%A4%A', `/games/${d.id}/drafts/%E0%A4%A`, '/%', '/games/%ZZ/votes']) {
      const r = await request(`${server.url.slice(0, -1)}${path}`, { headers: cookie });
      expect(r.status, path).toBe(400);
      expect(r.body).not.toMatch(/at .*\.ts|URIError/);
    }
    expect(stderr).not.toHaveBeenCalled();
    expect((await request(`${server.url}games/${d.id}?q=%E0%A4%A`, { headers: cookie })).status).toBe(200);
  });
});
