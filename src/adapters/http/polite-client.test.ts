import { afterEach, describe, expect, test } from 'vitest';
import { FakeServer } from '../../../test/fakes/fake-server.js';
import type { ModdeskError } from '../../domain/errors.js';
import { HostScheduler } from './host-scheduler.js';
import { PoliteClient } from './polite-client.js';
import { userAgent } from './user-agent.js';

const servers: FakeServer[] = [];
const clients: PoliteClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function setup(route: (path: string) => string | null, opts: ConstructorParameters<typeof PoliteClient>[0] = {}) {
  const server = new FakeServer((req) => {
    const body = route(req.path);
    return body === null ? null : { status: 200, body };
  });
  servers.push(server);
  const base = await server.start();
  const client = new PoliteClient({
    minGapMs: 1,
    jitter: 0,
    // No test here waits for a timeout, and several count requests: a loaded machine's slow answer is no retry.
    timeoutMs: 10_000,
    backoffBaseMs: 5,
    scheduler: new HostScheduler(),
    ...opts,
  });
  clients.push(client);
  return { server, base, client };
}

describe('polite HTTP client', () => {
  test('concurrent reads of one host share one robots.txt fetch and queue up', async () => {
    const { server, base, client } = await setup(() => '<html>ok</html>', { minGapMs: 60 });
    await Promise.all([1, 2, 3, 4].map((n) => client.get(`${base}/page?n=${n}`)));
    const log = server.take();
    expect(log[0]).toBe('GET /robots.txt');
    expect(log.filter((l) => l === 'GET /robots.txt')).toHaveLength(1);
    expect(log).toHaveLength(5);
    expect(client.requests).toBe(5);
  });

  test('the gap is kept between requests (timed on the server)', async () => {
    const times: number[] = [];
    const { base, client } = await setup(
      () => {
        times.push(Date.now());
        return '<html>ok</html>';
      },
      { minGapMs: 80 },
    );
    await Promise.all([1, 2, 3].map((n) => client.get(`${base}/p${n}`)));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(75);
  });

  test('honest User-Agent: moddesk/<version> (+contact), contact from MODDESK_CONTACT', async () => {
    expect(userAgent({ MODDESK_CONTACT: 'mod@example.org' })).toMatch(
      /^moddesk\/\d+\.\d+\.\d+ \(\+mod@example\.org\)$/,
    );
    const { server, base, client } = await setup(() => '<html></html>');
    await client.get(`${base}/x`);
    expect(server.requests.every((r) => /^moddesk\//.test(String(r.headers['user-agent'])))).toBe(true);
  });

  test('robots.txt 404 allows everything; 5xx stops everything (RFC 9309)', async () => {
    const a = await setup(() => '<html></html>');
    a.server.robotsTxt = null;
    await expect(a.client.get(`${a.base}/ucp.php`)).resolves.toMatchObject({ status: 200 });
    const b = await setup(() => '<html></html>', { maxAttempts: 2 });
    b.server.inject('500', { match: /^\/robots\.txt$/, times: 2 });
    const err = await b.client.get(`${b.base}/viewtopic.php`).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/robots\.txt .* could not be read/);
    expect(b.server.take()).toEqual(['GET /robots.txt', 'GET /robots.txt']);
  });

  test('robots.txt Crawl-delay raises the gap', async () => {
    const times: number[] = [];
    const { server, base, client } = await setup(() => {
      times.push(Date.now());
      return '<html></html>';
    });
    server.robotsTxt = 'User-agent: *\nCrawl-delay: 0.15\n';
    await client.get(`${base}/a`);
    await client.get(`${base}/b`);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
  });

  test('a Retry-After beyond the limit is an error, not a wait', async () => {
    const { server, base, client } = await setup(() => '<html></html>', { maxRetryAfterMs: 5000 });
    server.inject('429', { retryAfter: '3600' });
    const err = await client.get(`${base}/x`).catch((e: unknown) => e);
    expect((err as ModdeskError).code).toBe('http');
    expect((err as Error).message).toMatch(/wait 3600 s/);
  });

  test('403 and 404 are not retried and say why', async () => {
    const { server, base, client } = await setup((p) => (p === '/ok' ? '<html></html>' : null));
    const err = await client.get(`${base}/missing`).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/HTTP 404: no such thread/);
    expect(server.take()).toEqual(['GET /robots.txt', 'GET /missing']);
    server.unexpected.splice(0);
  });

  test('gives up after maxAttempts with the last problem named', async () => {
    const { server, base, client } = await setup(() => '<html></html>', { maxAttempts: 3 });
    server.inject('500', { match: /^\/x/, times: 3 });
    const err = await client.get(`${base}/x`).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/failed 3 times; last problem: HTTP 500/);
  });

  test('redirects are followed one request at a time and counted', async () => {
    const server = new FakeServer((req) =>
      req.path === '/old'
        ? { status: 301, body: '', headers: { location: '/new' } }
        : req.path === '/new'
          ? { status: 200, body: '<html>new</html>' }
          : null,
    );
    servers.push(server);
    const base = await server.start();
    const client = new PoliteClient({ minGapMs: 1, jitter: 0, scheduler: new HostScheduler() });
    clients.push(client);
    const res = await client.get(`${base}/old`);
    expect(res.body).toBe('<html>new</html>');
    expect(res.url).toBe(`${base}/new`);
    expect(client.requests).toBe(3);
  });

  test('gzip bodies are decoded', async () => {
    const big = `<html>${'x'.repeat(5000)}</html>`;
    const { base, client } = await setup(() => big);
    expect((await client.get(`${base}/big`)).body).toBe(big);
  });
});
