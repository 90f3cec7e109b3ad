import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';
import { localRedditEnv } from '../fakes/local-reddit-env.js';

// Issue 15: a failing poll is shown on the dashboard in words. Reddit's error answers are JSON; the message the
// desk shows says the status and what Reddit said, never the JSON body.
describe('Reddit errors in words', () => {
  it('a 403 answer is "HTTP 403 (forbidden …); Reddit says …", with no JSON in it', async () => {
    const server = createServer((req, res) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url?.startsWith('/www/api/v1/access_token'))
        return json(200, { access_token: 't', token_type: 'bearer', expires_in: 3600 });
      json(403, { reason: 'private', message: 'Forbidden', error: 403 });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const source = createSource('reddit', {
      url: 'https://www.reddit.com/r/test/comments/abc123/game/',
      env: localRedditEnv(base),
    });
    try {
      const err = await source.read(null).catch((e: Error) => e);
      expect((err as Error).message).toBe(
        'GET /comments/abc123: HTTP 403 (forbidden: the thread is private, or the account may not read it); Reddit says "private"',
      );
    } finally {
      await source.close?.();
      await new Promise((r) => server.close(r));
    }
  });
});
