import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { PHONE, shot, signIn, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { post, repoFile, smallGame } from './games.js';

const { browser, withDashboard } = useBrowser();

const NAMES = ['Substrike22', 'TheReverendMoonbeam', 'Xylophonist', 'Quintessential', 'Player', 'Bob', 'Cleo', 'Dan'];
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const VOTES: [string, string][] = [
  ['Substrike22', 'TheReverendMoonbeam'],
  ['Xylophonist', 'TheReverendMoonbeam'],
  ['Bob', 'Substrike22'],
  ['Cleo', 'Quintessential'],
  ['Dan', 'Substrike22'],
  ['Player', 'TheReverendMoonbeam'],
  ['Quintessential', 'Substrike22'],
  ['TheReverendMoonbeam', 'Xylophonist'],
];

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** Words of table cells drawn on more than one line: `Substri|ke22`. */
  splitWords: string[];
  /** Cells whose right edge is past the screen's. */
  offscreen: string[];
}

/** What the page looks like at this width, measured: overflow, words broken across lines, cells off-screen. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const splitWords: string[] = [];
    const offscreen: string[] = [];
    for (const cell of document.querySelectorAll('main td, main th')) {
      const r = cell.getBoundingClientRect();
      if (r.width > 0 && r.right > window.innerWidth + 0.5) offscreen.push(cell.textContent?.trim() ?? '');
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
          if (lines.size > 1) splitWords.push(m[0]);
        }
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      splitWords,
      offscreen,
    };
  });
}

// Issue 15: at 390 px table cells broke inside words (`Substri ke22`, `Pla yer`), the wagon chart was unreadable
// and the home page's columns ran off-screen.
describe('browser: the dashboard at 390 px', () => {
  it('no page scrolls sideways, no table cell breaks inside a word, no column runs off-screen', async () => {
    const game = smallGame(NAMES, { title: 'Harbour Lights Mafia: the Substrike22 Invitational' });
    const posts = VOTES.map(([voter, target], i) => post(voter, at(i + 1), { action: `Vote: ${target}` }));
    // Flags too (a guessed name, an unknown one), one of them ruled: the Flags page's open and ruled tables.
    posts.push(post('Bob', at(9), { action: 'Vote: Rev' }), post('Cleo', at(10), { action: 'Vote: Quuxington' }));
    const desk = await openDesk(game, posts);
    const flags = await desk.desk.flags(desk.id);
    const guessed = flags.find((f) => f.postId === posts.at(-2)!.id);
    if (guessed?.postId) await desk.desk.rule(desk.id, { kind: 'ignore', postId: guessed.postId });
    // A draft done too: the Drafts page's Done table.
    const draft = (await desk.desk.drafts(desk.id)).find((d) => d.status === 'pending');
    if (draft) await desk.desk.rejectDraft(desk.id, draft.id, 'a test');
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      const bad: Record<string, Partial<Layout>> = {};
      for (const path of [s.server.url, base, `${base}/drafts`, `${base}/flags`, `${base}/night`, `${base}/votes`]) {
        await page.goto(path);
        const m = await measure(page);
        expect(m.innerWidth).toBe(390);
        const wrong = {
          ...(m.scrollWidth > m.innerWidth ? { scrollWidth: m.scrollWidth } : {}),
          ...(m.splitWords.length ? { splitWords: m.splitWords } : {}),
          ...(m.offscreen.length ? { offscreen: m.offscreen } : {}),
        };
        if (Object.keys(wrong).length) bad[`/${path.replace(s.server.url, '')}`] = wrong;
      }
      expect(bad).toEqual({});
      // The pages measured did hold those tables.
      await page.goto(`${base}/flags`);
      expect(await page.locator('table.ruled tbody tr').count()).toBeGreaterThan(0);
      await page.goto(`${base}/drafts`);
      expect(await page.locator('[data-live="drafts-done"] tbody tr').count()).toBeGreaterThan(0);
      await page.goto(s.server.url);
      await shot(page, 'phone-home');
      await page.goto(base);
      await shot(page, 'phone-overview');
      // Every name whole in the players table.
      const names = await page.locator('[data-live="players"] .name').allTextContents();
      expect(names.sort()).toEqual([...NAMES].sort());
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 60_000);

  it('the wagon chart is readable: labels at 11 px or more, inside the chart, none over another', async () => {
    const game = smallGame(NAMES);
    const posts = VOTES.map(([voter, target], i) => post(voter, at(i + 1), { action: `Vote: ${target}` }));
    const desk = await openDesk(game, posts);
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      await page.goto(`${base}/votes?day=D1`);
      await shot(page, 'phone-votes');
      const chart = await page.evaluate(() => {
        const svgs = [...document.querySelectorAll('svg.timeline, svg.timeline-narrow')].filter(
          (e) => e.getBoundingClientRect().width > 0,
        );
        const svg = svgs[0] as SVGSVGElement;
        const box = svg.getBoundingClientRect();
        const texts = [...svg.querySelectorAll('text')].map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        });
        const fontPx = [...svg.querySelectorAll('text')].map(
          (t) => Number(t.getAttribute('font-size')) * (box.width / svg.viewBox.baseVal.width),
        );
        return {
          shown: svgs.length,
          box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
          texts,
          fontPx,
        };
      });
      expect(chart.shown).toBe(1);
      expect(chart.box.right).toBeLessThanOrEqual(390);
      expect(Math.min(...chart.fontPx)).toBeGreaterThanOrEqual(11);
      for (const t of chart.texts) {
        expect(t.left, t.text).toBeGreaterThanOrEqual(chart.box.left - 0.5);
        expect(t.right, t.text).toBeLessThanOrEqual(chart.box.right + 0.5);
      }
      const overlaps: string[] = [];
      chart.texts.forEach((a, i) => {
        for (const b of chart.texts.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          if (!apart) overlaps.push(`${a.text} / ${b.text}`);
        }
      });
      expect(overlaps).toEqual([]);
      // Every wagon still standing is labelled with its name whole.
      const labels = chart.texts.map((t) => t.text);
      for (const name of ['TheReverendMoonbeam (3)', 'Substrike22 (3)']) expect(labels).toContain(name);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 60_000);

  it('the night and missile tables stack one block per row like the others: no table scrolls sideways', async () => {
    const sample = (name: string) => {
      const dir = `test/games/${name}`;
      return { game: loadGameFile(repoFile(`${dir}/game.yaml`)), posts: loadDump(repoFile(`${dir}/posts.jsonl`)) };
    };
    /** The tables (by their card) that scroll sideways on this page, and how many stacked rows it has. */
    const tables = (page: Page) =>
      page.evaluate(() => ({
        sideways: [...document.querySelectorAll('main .table-wrap')]
          .filter((w) => w.scrollWidth > w.clientWidth + 0.5)
          .map((w) => w.closest('[data-live]')?.getAttribute('data-live') ?? 'a table'),
        unstacked: document.querySelectorAll('main table:not(.stack)').length,
        rows: [...document.querySelectorAll('main table.stack tbody tr')].filter(
          (r) => getComputedStyle(r).display === 'block',
        ).length,
      }));
    // Obsidian late in N2: last night's results, and tonight's PMs so far.
    const obsidian = sample('obsidian-sample');
    const night = await openDesk(obsidian.game, obsidian.posts, { at: Date.parse('2026-04-06T17:00:00Z') });
    await withDashboard(night, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/night`);
      expect(await page.locator('[data-live="night-results"] tbody tr').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-live="night-actions"] tbody tr').count()).toBeGreaterThan(0);
      const t = await tables(page);
      expect(t).toMatchObject({ sideways: [], unstacked: 0 });
      expect(t.rows).toBeGreaterThan(1);
      expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(390);
      await shot(page, 'phone-night-tables');
    });
    // DEFCON with missiles in flight and landed, and a Doomsday window.
    const defcon = sample('defcon-sample');
    const board = await openDesk(defcon.game, defcon.posts, { at: Date.parse('2026-03-05T12:00:00Z') });
    await withDashboard(board, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/missiles`);
      expect(await page.locator('main table.stack tbody tr').count()).toBeGreaterThan(1);
      const t = await tables(page);
      expect(t).toMatchObject({ sideways: [], unstacked: 0 });
      expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(390);
      await shot(page, 'phone-missile-tables');
    });
  }, 120_000);
});
