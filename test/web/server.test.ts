import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { openDesk, type TestDesk } from './desk.js';
import { pendingCount, post, smallGame } from './games.js';
import { csrfOf, request } from './http-client.js';

const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const TOKEN = 'test-token-1234567890';
const cookie = { cookie: `moddesk_token=${TOKEN}` };

let desk: TestDesk;
let server: WebServer;
let base: string;

beforeEach(async () => {
  desk = await openDesk(smallGame(), [
    post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
    post('Dan', D1(2), { action: 'Vote: Jelly', id: 'p2' }),
  ]);
  server = await startWebServer(desk.desk, { token: TOKEN });
  base = `${server.url}games/${desk.id}`;
});
afterEach(async () => {
  await server.close();
  await desk.close();
});

/** Everything a change could touch, to prove a refused request changed nothing. */
async function snapshot() {
  return {
    drafts: await desk.desk.drafts(desk.id),
    flags: await desk.desk.flags(desk.id),
    state: await desk.desk.state(desk.id),
    file: desk.snapshot(),
  };
}

describe('the dashboard guard', () => {
  it('is bound to 127.0.0.1 by default and prints a random token when none is given', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const other = await startWebServer(desk.desk, {});
    expect(other.token).toMatch(/^[\w-]{32}$/);
    expect(other.token).not.toBe(TOKEN);
    await other.close();
  });

  it('refuses every page without the token, or with a wrong one', async () => {
    for (const path of ['/', '/games/small-town', '/games/small-town/drafts', '/games/small-town/events']) {
      const r = await request(new URL(path, server.url).href);
      expect(r.status, path).toBe(401);
      expect(r.body).not.toContain('Bob');
      const wrong = await request(new URL(path, server.url).href, { headers: { cookie: 'moddesk_token=nope' } });
      expect(wrong.status).toBe(401);
    }
    expect((await request(`${server.url}?token=wrong`)).status).toBe(401);
  });

  it('takes the token once from the link, then keeps it in an HttpOnly SameSite=Strict cookie', async () => {
    const first = await request(`${base}/drafts?token=${TOKEN}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/games/small-town/drafts');
    expect(first.headers['set-cookie']?.[0]).toBe(`moddesk_token=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`);
    const page = await request(`${base}/drafts`, { headers: cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await request(`${base}/drafts`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('refuses a Host it does not serve (DNS rebinding)', async () => {
    const r = await request(`${base}`, { headers: { ...cookie, host: 'evil.example' } });
    expect(r.status).toBe(421);
    expect(
      (await request(`${base}`, { headers: { ...cookie, host: `localhost:${new URL(server.url).port}` } })).status,
    ).toBe(200);
  });

  it('a change without the token, or with a missing, wrong or cross-site CSRF token, changes nothing', async () => {
    const page = await request(`${base}/drafts`, { headers: cookie });
    const csrf = csrfOf(page.body);
    expect(csrf.length).toBeGreaterThan(20);
    const draft = await pendingCount(desk);
    const [flag] = await desk.desk.flags(desk.id);
    const before = await snapshot();
    const changes: [string, Record<string, string>][] = [
      [`/drafts/${draft!.id}/approve`, {}],
      [`/drafts/${draft!.id}/edit`, { text: 'hacked' }],
      [`/drafts/${draft!.id}/reject`, {}],
      ['/rulings', { kind: 'vote', postId: 'p2', target: 'Cleo', remember: '1', alias: 'Jelly' }],
      ['/rulings', { kind: 'ignore', postId: 'p1' }],
      ['/rulings', { kind: 'accept', flagId: flag!.id }],
      ['/night/action', { phase: 'D1', actor: 'Bob', line: 'Vote: Alice' }],
    ];
    for (const [path, form] of changes) {
      const url = `${base}${path}`;
      expect((await request(url, { form: { ...form, _csrf: csrf } })).status, `no token ${path}`).toBe(401);
      expect((await request(url, { form, headers: cookie })).status, `no csrf ${path}`).toBe(403);
      expect(
        (await request(url, { form: { ...form, _csrf: `${csrf}x` }, headers: cookie })).status,
        `bad csrf ${path}`,
      ).toBe(403);
      const evil = { ...cookie, origin: 'http://evil.example' };
      expect(
        (await request(url, { form: { ...form, _csrf: csrf }, headers: evil })).status,
        `cross-origin ${path}`,
      ).toBe(403);
      const site = { ...cookie, 'sec-fetch-site': 'cross-site' };
      expect((await request(url, { form: { ...form, _csrf: csrf }, headers: site })).status, `cross-site ${path}`).toBe(
        403,
      );
      expect((await request(url, { method: 'GET', headers: cookie })).status, `GET ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('with the token and the CSRF token, a change goes through and the page says so', async () => {
    const csrf = csrfOf((await request(`${base}/flags`, { headers: cookie })).body);
    const origin = `http://127.0.0.1:${new URL(server.url).port}`;
    const r = await request(`${base}/rulings`, {
      form: { kind: 'vote', postId: 'p2', target: 'Cleo', remember: '1', alias: 'Jelly', _csrf: csrf },
      headers: { ...cookie, origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/games/small-town/flags?notice=ruled');
    expect((await desk.desk.state(desk.id)).votes.wagons.map((w) => w.target)).toContain('Cleo');
    const draft = await pendingCount(desk);
    const ok = await request(`${base}/drafts/${draft!.id}/approve`, {
      form: { _csrf: csrf, seen: draft!.updatedAt },
      headers: cookie,
    });
    expect(ok.headers.location).toBe(`/games/small-town/drafts?copy=${draft!.id}#ready-h`);
    const shown = await request(`${base}/drafts?copy=${draft!.id}`, { headers: cookie });
    expect(shown.body).toContain('Ready to paste');
  });

  it('a refused change (a ruling naming nobody) is a 400 page with the reason, and changes nothing', async () => {
    const csrf = csrfOf((await request(`${base}/flags`, { headers: cookie })).body);
    const before = await snapshot();
    const r = await request(`${base}/rulings`, {
      form: { kind: 'vote', postId: 'p2', target: '<b>Nobody</b>', _csrf: csrf },
      headers: cookie,
    });
    expect(r.status).toBe(400);
    expect(r.body).toContain('&quot;&lt;b&gt;Nobody&lt;/b&gt;&quot; is not a player');
    expect(await snapshot()).toEqual(before);
  });

  it('streams the desk events to a signed-in page (server-sent events)', async () => {
    const { request: raw } = await import('node:http');
    const got = new Promise<string>((resolve, reject) => {
      const req = raw(`${base}/events`, { headers: cookie }, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let buf = '';
        res.on('data', (c: Buffer) => {
          buf += c.toString();
          if (buf.includes('"game.updated"')) {
            resolve(buf);
            req.destroy();
          }
        });
        setTimeout(() => void desk.addPosts([post('Eve', D1(3), { action: 'Vote: Alice' })]), 50);
      });
      req.on('error', reject);
      req.end();
    });
    expect(await got).toContain('data: {"type":"game.updated","gameId":"small-town"}');
  });
});
