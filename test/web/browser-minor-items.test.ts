import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { DESKTOP, navigating, PHONE, useBrowser } from './browser.js';
import { pendingCount, post, repoFile, smallGame } from './games.js';
import { openWatchDesk } from './watch-desk.js';

// Issue 15, minor items on the dashboard, in the rendered page at both widths (the page-level tests are
// test/cli/draft-titles.test.ts and test/cli/night-console-message.test.ts): raw markdown in card titles,
// "Ready to paste: d3", and the night console offering "Record for D2" by day.
const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const twoVotes = () => [
  post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
  post('Cleo', D1(2), { action: 'Vote: Bob', id: 'p2' }),
];
const RAW = /\*\*|__|\[\/?b\]/;

const { withDashboard } = useBrowser();

describe('browser: issue 15 minor items on the dashboard', () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    it(`no raw markdown in card titles (${label})`, async () => {
      const desk = await openWatchDesk(smallGame(), twoVotes());
      const draft = await pendingCount(desk);
      expect(draft).toBeDefined();
      await withDashboard(desk, viewport, async ({ page, base }) => {
        await page.goto(`${base}/drafts`);
        const heading = page.locator(`#h-${draft!.id}`);
        // The drafted count opens with BBCode bold: the title shows the words only.
        const drafted = (await heading.textContent()) ?? '';
        expect(drafted).not.toMatch(RAW);
        expect(drafted).toMatch(new RegExp(`^Vote Count 1\\.${draft!.number} \\(through post #\\d+\\)$`));
        await page.fill(
          `#raw-${draft!.id}`,
          '**Vote Count __1.2__** [b]as of[/b] [#2](https://forum.example/p2)\nBob (2)',
        );
        await navigating(page, () => page.click(`#save-${draft!.id}`));
        expect(page.url()).toContain('notice=saved');
        const text = (await heading.textContent()) ?? '';
        expect(text).not.toMatch(RAW);
        expect(text).toBe('Vote Count 1.2 as of #2');
      });
    }, 60_000);

    it(`"Ready to paste" names the draft, not its id (${label})`, async () => {
      const desk = await openWatchDesk(smallGame(), twoVotes());
      const draft = await pendingCount(desk);
      expect(draft).toBeDefined();
      await withDashboard(desk, viewport, async ({ page, base }) => {
        await page.goto(`${base}/drafts`);
        await navigating(page, () => page.click(`#approve-${draft!.id}`));
        expect(page.url()).toContain(`copy=${draft!.id}`);
        const ready = (await page.locator('#ready-h').textContent()) ?? '';
        expect(ready).toMatch(new RegExp(`^Ready to paste: Vote Count 1\\.${draft!.number} \\(through post #\\d+\\)$`));
        expect(ready).not.toMatch(new RegExp(`\\b${draft!.id}\\b`));
        expect(ready).not.toMatch(RAW);
        expect(await page.locator('#ready-text').inputValue()).toBe(draft!.text);
      });
    }, 60_000);

    it(`the night console does not offer "Record for D2" by day (${label})`, async () => {
      const game = loadGameFile(repoFile('test/games/obsidian-sample/game.yaml'));
      const d2 = game.phases.find((p) => p.name === 'D2')!;
      const at = Date.parse(d2.start) + 3_600_000;
      const before = loadDump(repoFile('test/games/obsidian-sample/posts.jsonl')).filter(
        (p) => Date.parse(p.createdAt) < at,
      );
      const desk = await openWatchDesk(game, before, { at });
      await withDashboard(desk, viewport, async ({ page, base }) => {
        await page.goto(`${base}/night`);
        expect(await page.locator('h1').textContent()).toBe('Night console · D2');
        expect(await page.getByRole('button', { name: /Record for/ }).count()).toBe(0);
        expect(await page.locator('#pm-submit').count()).toBe(0);
        expect(await page.locator('main').textContent()).toContain('night actions are entered during a night');
      });
    }, 60_000);
  }
});
