import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { DESKTOP, navigating, PHONE, type Session, shot, useBrowser } from './browser.js';
import { post, REPO, smallGame } from './games.js';
import { D1, triageGame, triagePosts } from './triage-game.js';
import { openWatchDesk } from './watch-desk.js';

// Issue 15, the dashboard items of "drafts and flags that stay tidy", the blocker and Undo, in real Chromium
// against the desk `watch` runs (real SQLite file, rulings written into the game file), at 1280 and 390 px.
const WIDTHS = [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const;
const TABS = ['', '/drafts', '/flags', '/night', '/votes'];

const { withDashboard } = useBrowser();

const fitsWidth = (s: Session) => s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('browser: #15 the blocker click, replayed', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`#15 blocker, m5: "remember as alias" with the target's own name is refused inline on the Flags page, nothing is written, the game keeps working (${label})`, async () => {
      const early = post('Dan', '2026-05-04T17:00:00Z', { action: 'Vote: Nia', id: 'p0' });
      const h = await openWatchDesk(triageGame(), [early, ...triagePosts()]);
      const flag = (await h.desk.flags(h.id)).find((f) => f.postId === 'p0')!;
      const before = readFileSync(h.gameFile, 'utf8');
      await withDashboard(h, viewport, async (s) => {
        const { page, base } = s;
        await page.goto(`${base}/flags`);
        // The alias box is no longer pre-filled with a name someone already answers to.
        expect(await page.inputValue(`#alias-${flag.id}`)).toBe('');
        // The click: the target's own name as the alias, "remember" ticked.
        await page.selectOption(`#target-${flag.id}`, 'Nia');
        await page.check(`#remember-${flag.id}`);
        await page.fill(`#alias-${flag.id}`, 'Nia');
        const response = page.waitForResponse((r) => r.request().method() === 'POST');
        await navigating(page, () => page.click(`#vote-${flag.id}`));
        expect((await response).status()).toBe(400);
        expect(await page.locator('.error').textContent()).toContain(`"Nia" is already Nia's own name`);
        // m5: said on the Flags page itself, above the flag still open, not on a bare error page.
        expect(await page.locator('h1').textContent()).toBe('Flags');
        expect(await page.locator(`#flag-${flag.id}`).count()).toBe(1);
        expect(await page.locator('body').textContent()).not.toContain('Back button');
        await shot(page, `blocker-refused-${viewport.width}`, false);
        expect(readFileSync(h.gameFile, 'utf8')).toBe(before);
        for (const tab of TABS) {
          const r = await page.goto(`${base}${tab}`);
          expect(r?.status(), tab || 'overview').toBe(200);
          expect(await page.locator('.error').count(), tab || 'overview').toBe(0);
        }
        // watch still drafts: a new vote makes a new count, shown on the overview.
        await h.addPosts([post('Cleo', D1(60), { action: 'Vote: Alice', id: 'p9' })]);
        await page.goto(base);
        expect(await page.locator('[data-live="count"] .rendered').textContent()).toContain('Alice (2)');
      });
    }, 90_000);
  }
});

describe('browser: #15 flags triaged in a minute', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`#15 bulk ruling: accept all guessed readings as the player with one alias; filter, then read a group as votes (${label})`, async () => {
      const h = await openWatchDesk(triageGame(), triagePosts());
      const guessed = (await h.desk.flagTriage(h.id, { kind: 'target-guessed' })).groups[0]!;
      await withDashboard(h, viewport, async (s) => {
        const { page, base } = s;
        await page.goto(`${base}/flags`);
        expect(await page.locator(`#gh-${guessed.key}`).textContent()).toContain('TheReverend');
        expect(await page.locator(`#${guessed.key} .group-flags`).getAttribute('open')).toBeNull();
        expect(await fitsWidth(s)).toBe(true);
        await page.check(`#accept-remember-${guessed.key}`);
        await navigating(page, () => page.click(`#bulk-accept-${guessed.key}`));
        expect(await page.locator('.notice').textContent()).toContain('One ruling recorded for the whole group');
        for (const f of guessed.open)
          expect(await page.locator(`#flag-${f.id} .status`).textContent()).toBe('accepted');
        expect(loadGameFile(h.gameFile).players.find((p) => p.name === 'TheReverend')!.aliases).toEqual([
          guessed.aliasSuggestion,
        ]);

        await page.click('#filter-open');
        await page.selectOption('#filter-kind', 'target-unknown');
        await navigating(page, () => page.click('#filter-apply'));
        expect(page.url()).toContain('kind=target-unknown');
        const groups = page.locator('[data-live="flags-open"] .flag-group');
        expect(await groups.count()).toBe(1);
        const key = (await groups.first().getAttribute('id'))!;
        await page.selectOption(`#bulk-target-${key}`, 'Cleo');
        await page.check(`#vote-remember-${key}`);
        await navigating(page, () => page.click(`#bulk-vote-${key}`));
        expect(page.url()).toContain('kind=target-unknown');
        expect(await page.locator('[data-live="flags-open"]').textContent()).toContain(
          'No open flags for this filter.',
        );
        await shot(page, `flags-bulk-${viewport.width}`);
        expect(loadGameFile(h.gameFile).events).toEqual([
          { post: 'p3', vote: 'Cleo' },
          { post: 'p4', vote: 'Cleo' },
        ]);
        await page.goto(base);
        expect(await page.locator('[data-live="count"] .rendered').textContent()).toContain('Cleo (2)');
      });
    }, 90_000);

    it(`#15 undo from the Ruled table: the ruling leaves the game file and the count moves back (${label})`, async () => {
      const h = await openWatchDesk(triageGame(), triagePosts());
      await h.desk.rule(h.id, { kind: 'vote', postId: 'p3', target: 'Cleo' });
      await h.desk.rule(h.id, { kind: 'vote', postId: 'p4', target: 'Cleo' });
      const ruled = (await h.desk.flags(h.id)).find((f) => f.postId === 'p3')!;
      await withDashboard(h, viewport, async (s) => {
        const { page, base } = s;
        await page.goto(base);
        expect(await page.locator('[data-live="count"] .rendered').textContent()).toContain('Cleo (2)');
        await page.goto(`${base}/flags?status=ruled`);
        expect(await page.locator(`#flag-${ruled.id} .status`).textContent()).toBe('ruled');
        await navigating(page, () => page.click(`#undo-${ruled.id}`));
        expect(await page.locator('.notice').textContent()).toContain('Ruling undone');
        expect(page.url()).toContain('status=ruled');
        await page.goto(`${base}/flags`);
        expect(await page.locator(`[data-live="flags-open"] #flag-${ruled.id} .status`).textContent()).toBe('open');
        await shot(page, `flags-undone-${viewport.width}`);
        expect(loadGameFile(h.gameFile).events).toEqual([{ post: 'p4', vote: 'Cleo' }]);
        await page.goto(base);
        const count = (await page.locator('[data-live="count"] .rendered').textContent()) ?? '';
        expect(count).toContain('Cleo (1)');
        expect(count).not.toContain('Cleo (2)');
      });
    }, 90_000);
  }

  // The real day: MafiaScum thread 15787, day 2, read from ../shared at run time (78 open flags).
  it('#15 a real day with 78 open flags is triaged on a phone: grouped, a kind filter accepted at once, one ruling per other group (390 px)', async () => {
    const dir = join(REPO, '..', 'shared', 'eval-data', 'mafiascum-donbot', 'games', '15787');
    if (!existsSync(join(dir, 'posts.jsonl'))) throw new Error(`the real game is missing: looked in ${dir}`);
    const h = await openWatchDesk(loadGameFile(join(dir, 'day-2.game.yaml')), loadDump(join(dir, 'posts.jsonl')));
    const before = await h.desk.flagTriage(h.id);
    expect(before.open).toBe(78);
    const groups = before.groups.filter((g) => g.open.length > 0);
    // 78 flags fall into 21 groups (one kind and player each): 21 rulings clear the day.
    expect(groups.length).toBeLessThanOrEqual(25);
    await withDashboard(h, PHONE, async (s) => {
      const { page, base } = s;
      await page.goto(`${base}/flags`);
      expect(await fitsWidth(s)).toBe(true);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await shot(page, 'flags-real-day-phone', false);
      // A screen per group at most: the flags of a group stay folded until opened.
      expect(height).toBeLessThan(groups.length * PHONE.height);
      // Every vote after the day's end, whoever cast it: one filter, one ruling.
      const late = before.groups.filter((g) => g.code === 'vote-after-day-end');
      expect(late.length).toBeGreaterThan(1);
      await page.click('#filter-open');
      await page.selectOption('#filter-kind', 'vote-after-day-end');
      await navigating(page, () => page.click('#filter-apply'));
      await navigating(page, () => page.click('#bulk-accept-shown'));
      expect(await page.locator('[data-live="flags-open"]').textContent()).toContain('No open flags for this filter.');
      await page.goto(`${base}/flags`);
      let rulings = 1;
      for (;;) {
        const next = page.locator('[data-live="flags-open"] .flag-group').first();
        if ((await next.count()) === 0) break;
        const key = (await next.getAttribute('id'))!;
        const bulk = page.locator(`#bulk-accept-${key}`);
        const one = next.locator('button[id^="accept-"]').first();
        const button = (await bulk.count()) > 0 ? bulk : one;
        await navigating(page, () => button.click());
        rulings += 1;
        expect(rulings).toBeLessThanOrEqual(groups.length);
      }
      expect(rulings).toBe(groups.length - late.length + 1);
      expect((await h.desk.flagTriage(h.id)).open).toBe(0);
    });
  }, 180_000);
});

describe('browser: #15 drafts that stay tidy', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`#15 superseded counts are shown as superseded and folded under one line (${label})`, async () => {
      const h = await openWatchDesk(smallGame(), [
        post('Alice', D1(60), { action: 'Vote: Bob', id: 'p1' }),
        post('Cleo', D1(120), { action: 'Vote: Bob', id: 'p2' }),
      ]);
      await h.addPosts([post('Dan', D1(180), { action: 'Vote: Alice', id: 'p3' })]);
      await h.addPosts([post('Eve', D1(240), { action: 'Vote: Alice', id: 'p4' })]);
      const counts = (await h.desk.drafts(h.id)).filter((d) => d.kind === 'vote-count');
      const superseded = counts.filter((d) => d.status === 'superseded');
      expect(superseded.length).toBeGreaterThanOrEqual(2);
      expect(counts.filter((d) => d.status === 'pending')).toHaveLength(1);
      await withDashboard(h, viewport, async (s) => {
        const { page, base } = s;
        await page.goto(`${base}/drafts`);
        expect(await page.locator('[data-live="drafts-pending"] article.draft[id^="draft-vc-"]').count()).toBe(1);
        const fold = page.locator('details#fold-D1');
        expect(await fold.getAttribute('open')).toBeNull();
        expect(await page.locator('details#fold-D1 > summary').textContent()).toContain(
          `${superseded.length} superseded counts`,
        );
        const first = page.locator(`#draft-${superseded[0]!.id}`);
        expect(await first.isVisible()).toBe(false);
        expect(await page.locator('main').textContent()).not.toMatch(/\brejected\b(?! yet)/);
        await page.locator('details#fold-D1 > summary').click();
        expect(await first.isVisible()).toBe(true);
        expect(await first.locator('.status').textContent()).toBe('superseded');
        expect(await first.textContent()).toContain(`by ${superseded[0]!.supersededBy}`);
        expect(await fitsWidth(s)).toBe(true);
        // A live refresh (any desk event) keeps the fold the mod opened open; it used to swap in a closed copy.
        await page.waitForSelector('body[data-live-connected]');
        const refreshes = () => page.getAttribute('body', 'data-refreshes');
        const before = await refreshes();
        h.desk.emit({ type: 'game.updated', gameId: h.id });
        await expect.poll(refreshes, { timeout: 10_000 }).not.toBe(before);
        expect(await fold.getAttribute('open')).not.toBeNull();
        expect(await first.isVisible()).toBe(true);
        await shot(page, `drafts-folded-${viewport.width}`);
      });
    }, 90_000);
  }
});
