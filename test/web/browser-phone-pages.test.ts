import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { PHONE, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { post, repoFile, smallGame } from './games.js';
import { phoneFaults, pngWidth } from './phone-geometry.js';

// Issue 31 item 1, phone first: every dashboard page, and the players' public page, at 390 × 844, screenshotted and
// measured: nothing scrolls sideways, no two words of the wagon chart over each other, no column label over its
// cell, every form control on the screen and pressable, and the Flags filter leaves the first flag on the first screen.
const { withDashboard } = useBrowser();
const SHOTS = mkdtempSync(join(tmpdir(), 'moddesk-phone-'));
afterAll(() => {
  if (!process.env.MODDESK_KEEP_SHOTS) rmSync(SHOTS, { recursive: true, force: true });
});

const NAMES = ['Substrike22', 'TheReverendMoonbeam', 'Xylophonist', 'Quintessential', 'Player', 'Bob', 'Cleo', 'Dan'];
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

/** Opens `url`, takes its screenshot (the whole page, 390 px wide when nothing overflows) and measures it. */
async function check(page: Page, url: string, name: string) {
  await page.goto(url);
  const png = await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  return { width: pngWidth(png), ...(await phoneFaults(page)) };
}

const clean = { width: PHONE.width, overflow: [], chart: [], labels: [], controls: [] };

describe('browser: every page at 390 × 844, screenshotted and measured', () => {
  it('issue 31: the game, votes, counts, drafts, flags, mod events and night pages, and the public page', async () => {
    const game = smallGame(NAMES, { title: 'Harbour Lights Mafia: the Substrike22 Invitational', publicPage: true });
    const votes: [string, string][] = [
      ['Substrike22', 'TheReverendMoonbeam'],
      ['Xylophonist', 'TheReverendMoonbeam'],
      ['Bob', 'Substrike22'],
      ['Cleo', 'Quintessential'],
      ['Dan', 'Substrike22'],
      ['Player', 'TheReverendMoonbeam'],
    ];
    const posts = votes.map(([voter, target], i) => post(voter, at(i + 1), { action: `Vote: ${target}` }));
    posts.push(post('Bob', at(7), { action: 'Vote: Rev' }), post('Cleo', at(8), { action: 'Vote: Quuxington' }));
    const desk = await openDesk(game, posts);
    const count = (await desk.desk.drafts(desk.id)).find((d) => d.kind === 'vote-count' && d.status === 'pending');
    if (count) await desk.desk.approveDraft(desk.id, count.id, { confirm: true });
    await desk.addPosts([post('Quintessential', at(9), { action: 'Vote: Xylophonist' })]);
    await withDashboard(desk, PHONE, async ({ page, base, server }) => {
      const pages: Record<string, string> = {
        game: base,
        votes: `${base}/votes?day=D1`,
        counts: `${base}/counts`,
        drafts: `${base}/drafts`,
        flags: `${base}/flags`,
        'mod-events': `${base}/mod`,
        night: `${base}/night`,
        public: `${server.url}public/${desk.id}`,
      };
      const faults: Record<string, unknown> = {};
      for (const [name, url] of Object.entries(pages)) faults[name] = await check(page, url, `phone-${name}`);
      expect(faults).toEqual(Object.fromEntries(Object.keys(pages).map((k) => [k, clean])));
      // The pages held what was measured: a chart on votes and public, forms on drafts, flags and mod events.
      await page.goto(pages.votes!);
      expect(await page.locator('svg.timeline-narrow text').count()).toBeGreaterThan(3);
      await page.goto(pages.public!);
      expect(await page.locator('svg.timeline-narrow text').count()).toBeGreaterThan(3);
      expect(await page.locator('article.public-count-post').count()).toBeGreaterThan(0);
      for (const p of ['drafts', 'flags', 'mod-events']) {
        await page.goto(pages[p]!);
        expect(await page.locator('main form').count(), p).toBeGreaterThan(0);
      }
      // The Flags filter is folded: the first flag is on the first screen, the filter takes a line.
      await page.goto(pages.flags!);
      const fold = await page.locator('details.filters-fold').boundingBox();
      const first = await page.locator('.flag-group').first().boundingBox();
      expect(fold!.height).toBeLessThan(PHONE.height / 8);
      expect(first!.y).toBeLessThan(PHONE.height * 0.75);
    });
  }, 120_000);

  it('issue 31: Missiles (DEFCON, missiles in flight and landed) and the guided night (Obsidian)', async () => {
    const sample = (name: string) => ({
      game: loadGameFile(repoFile(`test/games/${name}/game.yaml`)),
      posts: loadDump(repoFile(`test/games/${name}/posts.jsonl`)),
    });
    const defcon = sample('defcon-sample');
    const board = await openDesk(defcon.game, defcon.posts, { at: Date.parse('2026-03-05T12:00:00Z') });
    await withDashboard(board, PHONE, async ({ page, base }) => {
      const missiles = await check(page, `${base}/missiles`, 'phone-missiles');
      expect(await page.locator('main table.stack tbody tr').count()).toBeGreaterThan(1);
      const game = await check(page, base, 'phone-defcon-game');
      expect({ missiles, game }).toEqual({ missiles: clean, game: clean });
    });
    const obsidian = sample('obsidian-sample');
    const night = await openDesk(obsidian.game, obsidian.posts, { at: Date.parse('2026-04-06T17:00:00Z') });
    await withDashboard(night, PHONE, async ({ page, base }) => {
      const faults = await check(page, `${base}/night`, 'phone-obsidian-night');
      expect(await page.locator('main form').count()).toBeGreaterThan(0);
      expect(faults).toEqual(clean);
    });
  }, 120_000);
});
