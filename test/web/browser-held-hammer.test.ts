import { describe, expect, it } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { GUESS_AT, heldDay, PLAYERS } from '../helpers/held-day.js';
import { DESKTOP, navigating, shot, useBrowser } from './browser.js';
import { smallGame } from './games.js';
import { openWatchDesk } from './watch-desk.js';

// Never end a day on a doubt (issue 28 item 2), on the dashboard `watch` serves: a one-edit guess as the seventh,
// hammering vote (R-V3, R-P5, docs/readings.md N8) is asked about at the top of every page of the game, in words,
// and its two buttons rule it into the game file.
const { withDashboard } = useBrowser();

describe('browser: a held hammer waits for the ruling at the top of the dashboard', () => {
  it('R-P5: the flag is shown first, in words; "Count it" ends the day at that post', async () => {
    const h = await openWatchDesk(smallGame(PLAYERS), heldDay());
    const flag = (await h.desk.flags(h.id)).find((f) => f.code === 'hammer-needs-ruling')!;
    await withDashboard(h, DESKTOP, async ({ page, base }) => {
      for (const tab of ['', '/drafts', '/votes']) {
        await page.goto(`${base}${tab}`);
        // The first thing in main after the thread's health line, before the page's own heading.
        const first = await page.evaluate(() => {
          const main = document.querySelector('main')!;
          const kids = [...main.children].filter((e) => !e.classList.contains('health'));
          return kids[0]?.id ?? '';
        });
        expect(first).toBe('hammer-rulings');
      }
      await page.goto(base);
      const text = (await page.locator('#hammer-rulings').textContent()) ?? '';
      expect(text).toContain('The day waits for your ruling');
      expect(text).toContain(
        'Kit wrote "Well then. VOTE: Pr77er", read as a vote for Pre77er (a near spelling, 1 edit away)',
      );
      expect(text).toMatch(/came second|no other player came close/);
      expect(text).toContain('This vote would end D1 with 7 of 7 votes');
      // The count players would see says the wagon waits, never that Pre77er was lynched.
      const count = (await page.locator('[data-live="count"]').textContent()) ?? '';
      expect(count).toContain('Pre77er (7)');
      expect(count).toContain("L-0, a vote awaits the moderator's ruling");
      expect(count).not.toContain('lynched');
      await shot(page, 'held-hammer-top');
      await navigating(page, () => page.click(`#hammer-count-${flag.id}`));
      expect(page.url()).toContain('notice=ruled');
      expect(await page.locator('#hammer-rulings').count()).toBe(0);
      const s = await h.desk.state(h.id);
      expect(s.phase).toMatchObject({ name: 'D1', endReason: 'threshold', endedAt: GUESS_AT });
      expect(s.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch' }]);
      expect(loadGameFile(h.gameFile).events).toContainEqual(expect.objectContaining({ post: 'p7', vote: 'Pre77er' }));
    });
  }, 90_000);

  it('"Not" leaves the vote uncounted and the day open', async () => {
    const h = await openWatchDesk(smallGame(PLAYERS), heldDay());
    const flag = (await h.desk.flags(h.id)).find((f) => f.code === 'hammer-needs-ruling')!;
    await withDashboard(h, DESKTOP, async ({ page, base }) => {
      // On the Flags page too, accepting a held hammer says what it does.
      await page.goto(`${base}/flags`);
      expect(await page.locator(`#accept-${flag.id}`).textContent()).toBe('Count it: the day ends at this post');
      await page.goto(base);
      await navigating(page, () => page.click(`#hammer-not-${flag.id}`));
      expect(await page.locator('#hammer-rulings').count()).toBe(0);
      const s = await h.desk.state(h.id);
      expect(s.phase).toMatchObject({ name: 'D1', endedAt: null });
      expect(s.votes.wagons).toMatchObject([{ target: 'Pre77er', count: 6 }]);
      expect(loadGameFile(h.gameFile).events).toContainEqual(expect.objectContaining({ post: 'p7', ignore: true }));
    });
  }, 90_000);
});
