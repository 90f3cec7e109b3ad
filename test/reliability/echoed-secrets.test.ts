import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';
import { createLogger } from '../../src/app/logger.js';
import { registerSecrets, scrubSecrets, secretForms } from '../../src/app/scrub.js';

/**
 * Issue 33 item 4 (invariant 7): a server that echoes what it was sent puts a secret in the answer in another
 * form than the one sent: raw, URL-encoded, HTML-escaped, base64, JSON-escaped. For the secret of each adapter
 * that talks HTTP for the desk (phpBB, XenForo and vBulletin through their forms, Reddit, Discourse), such an echo
 * in a failure's words reaches the log (the desk's logger) and the dashboard or stderr (the words the desk keeps,
 * `scrubSecrets`) with none of the forms, nor a cut-off start of one. And Reddit's token endpoint answering with
 * an echoing page (the probe's leak) is never quoted at all.
 */
const SECRETS = {
  MODDESK_FORUM_PASSWORD: 'fpw-Sw"ord\\fish &a=b+c%42<i>ü',
  REDDIT_PASSWORD: 'rpw-Hu"nt er2&x=<y>+%',
  REDDIT_CLIENT_SECRET: 'rcs-S3cr3t/+=value',
  DISCOURSE_API_KEY: 'dak-0123456789abcdef"&<>',
};

const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The request's body, and each secret it holds, in the five forms. */
function echo(body: string, auth: string): string {
  const decoded = new URLSearchParams(body);
  const values = [body, auth, ...decoded.values()];
  const forms = values.flatMap((v) => [
    v,
    encodeURIComponent(v),
    html(v),
    Buffer.from(v).toString('base64'),
    JSON.stringify(v).slice(1, -1),
  ]);
  return forms.join(' | ');
}

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const said = echo(body, `${req.headers.authorization ?? ''} ${req.headers['api-key'] ?? ''}`);
      // A login page every board's dialect reads as one (a form with a password box), and an error box that
      // echoes the request, as the probe's phpBB did.
      const page = `<html><body><div class="error">Login failed for ${said}</div><p class="error">${said}</p>
<div class="blockrow error">${said}</div><div class="blockMessage blockMessage--error">${said}</div>
<form method="post" action="${req.url}"><input name="username"><input name="login"><input name="vb_login_username">
<input type="password" name="password"><input type="password" name="vb_login_password"><input name="message"></form>${said}</body></html>`;
      res.writeHead(req.method === 'POST' ? 400 : 200, { 'content-type': 'text/html' }).end(page);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Every form a secret takes, and its first 10 characters (a cut-off start would show those). */
const leaks = (text: string): string[] =>
  Object.values(SECRETS)
    .flatMap((s) => [...secretForms(s), ...secretForms(s).map((f) => f.slice(0, 10))])
    .filter((f) => text.includes(f));

/** What each adapter that talks HTTP for the desk may carry in a failure's words: a secret it sent, echoed. */
const ADAPTERS: Record<string, string> = {
  'phpBB, XenForo, vBulletin (the login form)': SECRETS.MODDESK_FORUM_PASSWORD,
  'Reddit (the password grant)': SECRETS.REDDIT_PASSWORD,
  'Reddit (the client secret, in a Basic header)': SECRETS.REDDIT_CLIENT_SECRET,
  'Discourse (the API key header)': SECRETS.DISCOURSE_API_KEY,
};

describe('secrets echoed by a server reach neither the log nor the dashboard, in any form', () => {
  for (const [adapter, secret] of Object.entries(ADAPTERS)) {
    it(`${adapter}: an echo in the five forms (and JSON inside HTML, and a cut-off start) is scrubbed from the log and the dashboard's words`, () => {
      const echoed = `Login failed: ${echo(`username=Mod&password=${encodeURIComponent(secret)}`, `Basic ${Buffer.from(`client-id:${secret}`).toString('base64')}`)} | ${html(JSON.stringify(secret))} | ${encodeURIComponent(secret).slice(0, 12)}…`;
      expect(leaks(echoed).length, 'the echo holds the secret').toBeGreaterThan(0);
      const lines: string[] = [];
      const log = createLogger({
        level: 'trace',
        secrets: Object.values(SECRETS),
        destination: { write: (l) => lines.push(l) },
      });
      registerSecrets(Object.values(SECRETS));
      log.warn({ err: { message: echoed } }, 'posting failed; will retry');
      expect(leaks(lines.join('')), 'the log').toEqual([]);
      expect(lines.join('')).toContain('[redacted]');
      expect(leaks(scrubSecrets(echoed)), 'the dashboard and stderr').toEqual([]);
    });
  }

  it('Reddit, end to end: a token endpoint that answers 200 with an HTML page echoing the request; the error never quotes it', async () => {
    const env = {
      ...SECRETS,
      REDDIT_CLIENT_ID: 'client-id',
      REDDIT_USERNAME: 'Mod',
      REDDIT_USER_AGENT: 'node:moddesk-test:0.1.0 (by /u/Mod)',
      MODDESK_REDDIT_API_BASE: `${base}/oauth`,
      MODDESK_REDDIT_AUTH_BASE: `${base}/www`,
      MODDESK_REDDIT_MIN_GAP_MS: '0',
      MODDESK_REDDIT_QPM: '0',
      MODDESK_REDDIT_BACKOFF_MS: '10',
    };
    const source = createSource('reddit', { url: 'https://www.reddit.com/r/test/comments/abc123/game/', env });
    try {
      const err = await source.reply('Vote count 1.1', 'vc-1-1').then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/access_token: HTTP \d+ with a broken JSON body \(\d+ characters, not shown\)/);
      expect(leaks(err!.message)).toEqual([]);
    } finally {
      await (source as { close?: () => Promise<void> }).close?.();
    }
  });
});
