import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { navigating, PHONE, shot, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { post, repoFile, smallGame } from './games.js';

// Issue 32, m11: on a phone (390 × 844) the Missiles page's wrapped "Abort window" label printed over "Impact", the
// wagon chart's end labels collided, and the Flags page's filter form filled the whole first screen.
const { withDashboard } = useBrowser();

const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

/** Every stacked cell's column label against its cell: the label (floated in the padding) must end inside it. */
function labelsInCells(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table.stack td[data-label]')]
      .map((td) => {
        const box = td.getBoundingClientRect();
        const before = getComputedStyle(td, '::before');
        const cell = getComputedStyle(td);
        const height = Number.parseFloat(before.height);
        return {
          label: td.getAttribute('data-label') ?? '',
          lineHeight: Number.parseFloat(cell.fontSize) * 1.6,
          labelBottom: box.top + Number.parseFloat(cell.paddingTop) + height,
          cellBottom: box.bottom,
          shown: before.content !== 'none' && box.height > 0 && Number.isFinite(height),
        };
      })
      .filter((c) => c.shown),
  );
}

/** The wagon chart's words: any two drawn over each other, and any drawn outside the chart. */
function chartClashes(page: Page) {
  return page.evaluate(() => {
    const svg = [...document.querySelectorAll('svg.timeline, svg.timeline-narrow')].find(
      (e) => e.getBoundingClientRect().width > 0,
    ) as SVGSVGElement;
    const box = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')].map((t) => ({
      text: t.textContent ?? '',
      r: t.getBoundingClientRect(),
    }));
    const out: string[] = [];
    texts.forEach((a, i) => {
      for (const b of texts.slice(i + 1)) {
        const apart = a.r.right <= b.r.left || b.r.right <= a.r.left || a.r.bottom <= b.r.top || b.r.bottom <= a.r.top;
        if (!apart) out.push(`${a.text} / ${b.text}`);
      }
    });
    for (const t of texts)
      if (
        t.r.top < box.top - 0.5 ||
        t.r.bottom > box.bottom + 0.5 ||
        t.r.left < box.left - 0.5 ||
        t.r.right > box.right + 0.5
      )
        out.push(`outside the chart: ${t.text}`);
    return { out, labels: texts.map((t) => t.text) };
  });
}

describe('browser: m11 at 390 px', () => {
  it('m11: on Missiles a wrapped column label ("Abort window") stays in its own cell, never over "Impact"', async () => {
    const game = loadGameFile(repoFile('test/games/defcon-sample/game.yaml'));
    const posts = loadDump(repoFile('test/games/defcon-sample/posts.jsonl'));
    // Polled once an hour: a live refresh between reading the row and its screenshot would detach the row.
    const desk = await openDesk(game, posts, { at: Date.parse('2026-03-05T12:00:00Z'), pollSeconds: 3600 });
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/missiles`);
      const cells = await labelsInCells(page);
      const abort = cells.filter((c) => c.label === 'Abort window');
      expect(abort.length).toBeGreaterThan(0);
      // The case the trial saw: the label takes two lines while its cell's words take one.
      expect(Math.max(...abort.map((c) => c.labelBottom - (c.cellBottom - c.lineHeight)))).toBeGreaterThan(0);
      const over = cells.filter((c) => c.labelBottom > c.cellBottom + 0.5).map((c) => c.label);
      expect(over).toEqual([]);
      await page
        .locator('main table.stack tbody tr')
        .first()
        .screenshot({ path: 'test-artifacts/web/m11-missile-row-phone.png' });
      await shot(page, 'm11-missiles-phone', false);
    });
  }, 60_000);

  it("m11: the wagon chart's end labels, eight small wagons at the chart's foot, none over another nor outside", async () => {
    const names = ['Alexandria', 'Bartholomew', 'Cleopatra', 'Dunnstraling', 'Evangeline', 'Fitzgerald', 'Guinevere'];
    const more = ['Hieronymus', 'Isadora', 'Jacqueline', 'Konstantin', 'Leopoldine', 'Maximilian'];
    const players = [...names, ...more];
    // Eight wagons of one vote each: their labels all want the same spot near the time axis.
    const votes: [string, string][] = players
      .slice(0, 8)
      .map((voter, i) => [voter, players[(i * 2 + 1) % players.length]!]);
    const posts = votes.map(([voter, target], i) => post(voter, at(i + 1), { action: `Vote: ${target}` }));
    const desk = await openDesk(smallGame(players), posts);
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/votes?day=D1`);
      const chart = await chartClashes(page);
      expect(chart.out).toEqual([]);
      for (const [, target] of votes) expect(chart.labels).toContain(`${target} (1)`);
      await shot(page, 'm11-wagon-labels-phone', false);
    });
  }, 60_000);

  it('m11: on Flags the filter is folded, so the first flag is on the first screen; applied, it is open and says so', async () => {
    const posts = [
      post('Alice', at(1), { action: 'Vote: Bbo' }),
      post('Cleo', at(2), { action: 'Vote: Quuxington' }),
      post('Dan', at(3), { action: 'Vote: Zed' }),
    ];
    const desk = await openDesk(smallGame(), posts);
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/flags`);
      expect(await page.locator('details.filters-fold').getAttribute('open')).toBeNull();
      expect(await page.locator('#filter-kind').isVisible()).toBe(false);
      const firstFlag = await page.locator('.flag-group').first().boundingBox();
      expect(firstFlag!.y).toBeLessThan(PHONE.height);
      await shot(page, 'm11-flags-phone', false);
      await page.click('#filter-open');
      expect(await page.locator('#filter-kind').isVisible()).toBe(true);
      await page.selectOption('#filter-kind', 'target-unknown');
      await navigating(page, () => page.click('#filter-apply'));
      expect(await page.locator('details.filters-fold').getAttribute('open')).not.toBeNull();
      expect(await page.locator('#filter-open').textContent()).toBe('Filtered: target-unknown');
    });
  }, 60_000);
});
