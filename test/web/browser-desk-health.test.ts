import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { FakeClock } from '../../src/app/clock.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { startDesk, tempDir } from '../desk/helpers.js';
import { DESKTOP, PHONE, shot, signIn, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { post, smallGame } from './games.js';

const { browser } = useBrowser();

const TABS = ['', '/drafts', '/flags', '/night', '/votes', '/missiles'];

// Issue 15 (major): under `watch`, a failing poll showed only as JSON on stderr while the dashboard said "live".
describe('browser: poll health on every page (watch desk, local forum that starts failing)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a failing poll is said in words on every page, live, then clears (${label})`, async () => {
      const tmp = tempDir();
      const sample = loadGameFile(`${process.cwd()}/test/games/defcon-sample/game.yaml`);
      const clock = new FakeClock(Date.parse(sample.phases[0]!.start) + 3_600_000);
      let failing = false;
      const h = await startDesk({ dir: tmp.dir, clock, fault: () => (failing ? { status: 503 } : null) });
      h.watcher.start();
      const s = await signIn(browser(), { desk: h.desk, id: 'demo' }, viewport);
      try {
        const { page, base } = s;
        await page.goto(base);
        await page.waitForSelector('body[data-live-connected]');
        await expect.poll(() => page.locator('#live-status').textContent()).toBe('live');
        expect(await page.locator('[data-poll-state="ok"]').textContent()).toMatch(/last good read .+ · next read/);
        // How often the thread is read now, and why (decision 0015).
        expect(await page.locator('[data-poll-state="ok"] [data-poll-interval]').textContent()).toMatch(
          /^\((every [\d.]+ (s|min)|just after the next deadline)/,
        );

        failing = true;
        // Without a reload: the failed poll is pushed to the open page.
        const alert = page.locator('[data-poll-state="failing"]');
        await alert.waitFor({ timeout: 15_000 });
        const text = (await alert.textContent()) ?? '';
        expect(text).toMatch(/Reading the thread fails \(\d+ polls?( in a row)?\)/);
        expect(text).toMatch(/503/);
        expect(text).not.toMatch(/[{}]|"err"|"msg"/);
        expect(text).toMatch(/last good read /);
        expect(text).toMatch(/next try in \d/);
        expect(await page.locator('#live-status').textContent()).toBe('live, but reading the thread fails');
        await shot(page, `poll-failing-${label}`, false);

        for (const tab of TABS) {
          await page.goto(`${base}${tab}`);
          expect(await page.locator('[data-poll-state="failing"]').count(), tab || 'overview').toBe(1);
          expect(await page.locator('[data-poll-state="failing"] .poll-error').textContent()).toMatch(/503/);
        }
        await page.goto(s.server.url);
        const home = (await page.locator('[data-live="health"]').textContent()) ?? '';
        expect(home).toContain(h.demo.game.title);
        expect(home).toMatch(/Reading the thread fails/);

        failing = false;
        await page.goto(base);
        await page.locator('[data-poll-state="ok"]').waitFor({ timeout: 30_000 });
        expect(await page.locator('[data-poll-state="failing"]').count()).toBe(0);
        await expect.poll(() => page.locator('#live-status').textContent()).toBe('live');
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await h.close();
        tmp.remove();
      }
    }, 90_000);
  }
});

// Issue 15: a broken game file never takes the desk down: every page shows the error with its file and line and
// keeps the last good state.
describe('browser: a broken game file is shown on every page, the last good state kept', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a bad hand edit shows its file and line, live; the fix clears it (${label})`, async () => {
      const game = smallGame();
      const desk = await openDesk(game, [post('Alice', '2026-05-04T19:00:00Z', { action: 'Vote: Bob' })]);
      const runner = desk.running.watcher.runners.get(desk.id)!;
      const s = await signIn(browser(), desk, viewport);
      try {
        const { page, base } = s;
        await page.goto(base);
        await page.waitForSelector('body[data-live-connected]');
        expect(await page.locator('[data-game-file-error]').count()).toBe(0);
        // A hand edit that names Bob twice: line 12 of the YAML is the second Bob.
        const players = [...game.players, { name: 'Bob', faction: 'town' }];
        const text = stringify({ ...game, players });
        const line = text.split('\n').findIndex((l, i, all) => l.includes('name: Bob') && all.indexOf(l) !== i) + 1;
        writeFileSync(runner.gameFile, text);
        await desk.running.watcher.pollAll();
        const alert = page.locator('[data-game-file-error]');
        await alert.waitFor({ timeout: 10_000 });
        const said = (await alert.locator('.error-text').textContent()) ?? '';
        expect(said).toContain(runner.gameFile);
        expect(said).toContain(`line ${line}`);
        expect(said).toMatch(/Bob.*twice/);
        await shot(page, `game-file-error-${label}`, false);
        for (const tab of TABS) {
          await page.goto(`${base}${tab}`);
          expect(await page.locator('[data-game-file-error] .error-text').textContent(), tab || 'overview').toBe(said);
        }
        await page.goto(s.server.url);
        expect(await page.locator('[data-live="health"] .error-text').textContent()).toBe(said);
        // The last good state: five players, Alice's vote on Bob.
        await page.goto(base);
        expect(await page.locator('[data-live="players"] tbody tr').count()).toBe(5);
        expect(await page.locator('[data-live="count"]').textContent()).toContain('Bob (1)');
        expect((await desk.desk.state(desk.id)).players.map((p) => p.name)).toEqual(game.players.map((p) => p.name));

        writeFileSync(runner.gameFile, stringify(game));
        await desk.running.watcher.pollAll();
        await expect.poll(() => page.locator('[data-game-file-error]').count(), { timeout: 10_000 }).toBe(0);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await desk.close();
      }
    }, 60_000);
  }
});
