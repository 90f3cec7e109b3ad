import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from '../../src/adapters/http/undici-request.js';

// src/adapters/http/undici-request.ts loads undici's Agent and request from the package's own files instead of its
// index (fetch, WebSocket, the mocks: 0.1 s of CPU a start). Asked the same, both reach a server the same way.
interface Seen {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: string;
}

const seen: Seen[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const { host: _host, ...headers } = req.headers;
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers, body });
    res.writeHead(req.url?.includes('missing') ? 404 : 200, { 'content-type': 'text/plain', 'set-cookie': ['a=1'] });
    res.end(`${req.method} ${req.url} ${body}`);
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Ask = [path: string, opts: Record<string, unknown>];
const asks: Record<string, Ask> = {
  'a GET with a query': ['/viewtopic.php?t=1&start=25', { headers: { accept: 'text/html' } }],
  'a POST with a form body': [
    '/posting.php?mode=reply',
    { method: 'POST', body: 'message=hi', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  ],
  'a body without a method (PUT, as undici)': ['/put', { body: 'x' }],
  'a page that is not there': ['/missing', {}],
  'through an Agent of its own': ['/agent', { method: 'GET' }],
};

describe('undici-request: the same as undici’s own request', () => {
  it.each(Object.entries(asks))('%s', async (name, [path, opts]) => {
    const agent = name.includes('Agent') ? { ours: new Agent(), theirs: new undici.Agent() } : null;
    seen.length = 0;
    const ours = await request(`${base}${path}`, { ...opts, ...(agent ? { dispatcher: agent.ours } : {}) });
    const oursBody = await ours.body.text();
    const theirs = await undici.request(`${base}${path}`, {
      ...opts,
      ...(agent ? { dispatcher: agent.theirs } : {}),
    } as Parameters<typeof undici.request>[1]);
    const theirsBody = await theirs.body.text();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(ours.statusCode).toBe(theirs.statusCode);
    expect(oursBody).toBe(theirsBody);
    const { date: _a, ...oursHeaders } = ours.headers;
    const { date: _b, ...theirsHeaders } = theirs.headers;
    expect(oursHeaders).toEqual(theirsHeaders);
    await Promise.all([agent?.ours.close(), agent?.theirs.close()]);
  });

  it('a URL object and a string ask the same', async () => {
    seen.length = 0;
    await (await request(new URL(`${base}/u?x=1`))).body.text();
    await (await request(`${base}/u?x=1`)).body.text();
    expect(seen[0]).toEqual(seen[1]);
  });
});
