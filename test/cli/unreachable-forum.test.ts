import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';

// Issue 15: an unreachable forum is said in words with the host, at once: a DNS failure, a refused connection
// (no minute of retries, no robots.txt/RFC 9309 sentence), and Reddit's token error names the host once.
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
const env = { MODDESK_MIN_GAP_MS: '0', MODDESK_HTTP_TIMEOUT_MS: '2000' };

describe('unreachable forum: DNS failure vs refused connection, in words with the host', () => {
  it('a refused connection names the host and port and says refused, after one try', async () => {
    const port = await closedPort();
    const source = createSource('phpbb', { url: `http://127.0.0.1:${port}/viewtopic.php?t=1`, env });
    const err = await source.read(null).catch((e: Error) => e);
    await source.close?.();
    expect((err as Error).message).toBe(
      `127.0.0.1:${port} refused the connection: nothing answers there (wrong address or port, or the site is down)`,
    );
    expect((err as Error).message).not.toMatch(/RFC 9309|robots/);
  });

  it('a DNS failure names the host and says the lookup failed', async () => {
    const source = createSource('discourse', { url: 'http://moddesk-no-such-host.invalid/t/game/12', env });
    const err = await source.read(null).catch((e: Error) => e);
    await source.close?.();
    expect((err as Error).message).toMatch(/^cannot find the host moddesk-no-such-host\.invalid \(DNS lookup failed\)/);
  });

  it("Reddit's token error names the host once", async () => {
    const port = await closedPort();
    const source = createSource('reddit', {
      url: 'https://www.reddit.com/r/test/comments/abc123/game/',
      env: {
        REDDIT_CLIENT_ID: 'id',
        REDDIT_CLIENT_SECRET: 'secret',
        REDDIT_USERNAME: 'mod',
        REDDIT_PASSWORD: 'pw',
        MODDESK_REDDIT_AUTH_BASE: `http://127.0.0.1:${port}`,
        MODDESK_REDDIT_API_BASE: `http://127.0.0.1:${port}`,
        MODDESK_REDDIT_MIN_GAP_MS: '0',
        MODDESK_REDDIT_BACKOFF_MS: '1',
      },
    });
    const err = await source.read(null).catch((e: Error) => e);
    await source.close?.();
    expect((err as Error).message).toBe(`POST /api/v1/access_token: 127.0.0.1:${port} refused the connection`);
  });
});
