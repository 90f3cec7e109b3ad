import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { DESKTOP, PHONE, shot, signIn, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { pendingCount, post, repoFile } from './games.js';
import { PAYLOADS, XSS_NAMES, xssGame } from './xss-game.js';

const { browser } = useBrowser();

const TABS = ['', '/drafts', '/flags', '/night', '/votes', '/votes?day=D1', '/missiles'];

describe('browser: safety', () => {
  it('runs none of the XSS payloads in names and posts, on any page, also after a live refresh', async () => {
    const { game, posts } = xssGame();
    const desk = await openDesk(game, posts, { speed: 1 });
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      for (const tab of TABS) {
        await page.goto(`${base}${tab}`);
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), tab).toBeUndefined();
      }
      await page.goto(base);
      await page.waitForSelector('body[data-live-connected]');
      const text = await page.locator('main').textContent();
      for (const name of XSS_NAMES) expect(text).toContain(name);
      await desk.addPosts([
        post('Plain', '2026-05-06T12:00:00Z', { html: `<p>${PAYLOADS.join(' ')}<strong>Vote: Ann</strong></p>` }),
      ]);
      await expect
        .poll(async () => Number(await page.getAttribute('body', 'data-refreshes')), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
      // The clock the post moved may push a refresh that fetched the page before the poll read the post: the count
      // shows the vote at the refresh after it.
      await expect
        .poll(async () => await page.locator('[data-live="count"]').textContent(), { timeout: 10_000 })
        .toContain('Ann (1)');
      await page.goto(`${base}/flags`);
      await shot(page, 'xss-flags-phone', false);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(s.dialogs).toEqual([]);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 90_000);

  it('without the token shows how to get in, and a page on another origin cannot change anything', async () => {
    const desk = await openDesk(xssGame().game, [post('Ann', '2026-05-04T19:00:00Z', { action: 'Vote: Ben' })]);
    const s = await signIn(browser(), desk, DESKTOP);
    // The attacker: a page on 127.0.0.1 (same site, other port) that posts to the dashboard with the cookie.
    const draft = await pendingCount(desk);
    const target = `${s.base}/drafts/${draft!.id}/approve`;
    const attacker: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<form id="f" method="post" action="${target}"><input name="_csrf" value="guess"><input name="confirm" value="1"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', () => r()));
    try {
      const stranger = await browser().newPage();
      await stranger.goto(s.base);
      expect(await stranger.locator('h1').textContent()).toBe('This dashboard needs its token');
      await stranger.close();
      const { page } = s;
      const response = page.waitForResponse((r) => r.url() === target);
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      expect((await response).status()).toBe(403);
      const fetched = await (async () => {
        await page.goto(s.base);
        return page.evaluate(async (url) => {
          const r = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: '_csrf=wrong&confirm=1',
          });
          return r.status;
        }, target);
      })();
      expect(fetched).toBe(403);
      expect((await pendingCount(desk))?.id).toBe(draft!.id);
    } finally {
      attacker.close();
      await s.close();
      await desk.close();
    }
  }, 60_000);

  it('works at phone width (nothing wider than the screen) and from the keyboard (skip link first)', async () => {
    const game = loadGameFile(repoFile('config/demo/vanilla-demo.game.yaml'));
    const desk = await openDesk(game, loadDump(repoFile('config/demo/vanilla-demo.posts.jsonl')));
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      for (const tab of TABS) {
        await page.goto(`${base}${tab}`);
        const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(scroll, `${tab} is ${scroll}px wide on a ${width}px screen`).toBeLessThanOrEqual(width as number);
      }
      await shot(page, 'missiles-phone-vanilla', false);
      await page.goto(base);
      await shot(page, 'overview-phone', false);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.goto(`${base}/votes?day=D1`);
      expect(await page.locator('svg.timeline .hammer').textContent()).toContain('hammer: Zoe');
      await shot(page, 'votes-phone');
      await page.setViewportSize(DESKTOP);
      await shot(page, 'votes-desktop');
    } finally {
      await s.close();
      await desk.close();
    }
  }, 60_000);
});
