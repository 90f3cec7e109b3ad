import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { consoleOf, cueView } from '../../src/reporter/night-console.js';
import { replay } from '../../src/reporter/replay.js';
import { DESKTOP, navigating, PHONE, shot, signIn, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { repoFile, smallGame } from './games.js';

const { browser } = useBrowser();

describe('browser: the obsidian night console', () => {
  it('walks the night in wake order at phone width (record, undo, skip, resolve) and matches the PM route', async () => {
    const game = loadGameFile(repoFile('test/games/obsidian-sample/game.yaml'));
    const all = loadDump(repoFile('test/games/obsidian-sample/posts.jsonl'));
    const [start, end] = ['2026-04-02T18:00:00Z', '2026-04-03T18:00:00Z'];
    const before = all.filter((p) => p.createdAt < start);
    const pms = all.filter((p) => p.channel === 'pm' && p.createdAt >= start && p.createdAt < end);
    // What the players sent by PM that night: the picks to make, and the outcome to match.
    const pmRoute = replay(game, [...before, ...pms], { at: Date.parse(end) });
    const during = toStateJson(replay(game, [...before, ...pms], { at: Date.parse(end) - 60_000 }).context, 0);
    const expected = consoleOf(during);
    if (!expected) throw new Error('no night console in the sample game during N1');
    const expectedStatuses = expected.cues.map((c) => cueView(expected, c.index)?.status);

    const desk = await openDesk(game, before, { at: Date.parse('2026-04-02T18:30:00Z') });
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      await page.goto(`${base}/night`);
      const consoleEl = page.locator('#console');
      // Every console step is a form post answered by a redirect back to the page: wait for that page.
      const step = (act: () => Promise<unknown>) => navigating(page, act);
      const submit = (selector: string) => step(() => page.click(selector));
      const seen: string[] = [];
      let undone = false;
      for (let guard = 0; guard < 60; guard += 1) {
        const at = await consoleEl.getAttribute('data-step');
        if (at === 'done') break;
        const cue = Number(await consoleEl.getAttribute('data-cue'));
        seen[cue] = (await consoleEl.getAttribute('data-status')) ?? '';
        const entry = expected.entries.find((e) => e.cue === cue);
        const target = entry?.target ?? null;
        if (entry && target && !undone) {
          // A wrong tap first, then Undo: back at the same cue with nothing recorded.
          const wrong = during.players.find((x) => x.alive && x.name !== target)?.name as string;
          await shot(page, 'night-cue-phone', false);
          await submit(`.targets button[value="${wrong}"]`);
          expect(Number(await consoleEl.getAttribute('data-cue'))).toBe(cue + 1);
          await submit('#console-undo');
          expect(Number(await consoleEl.getAttribute('data-cue'))).toBe(cue);
          expect(await page.locator('#cue-entry').count()).toBe(0);
          undone = true;
        }
        if (entry && target) await submit(`.targets button[value="${target}"]`);
        else if (entry) await submit('#console-nobody');
        else {
          // Narration, a role with no living holder, or one not woken tonight: step on (keyboard).
          await page.focus('#console-next');
          await step(() => page.keyboard.press('Enter'));
        }
      }
      expect(undone).toBe(true);
      expect(seen).toEqual(expectedStatuses);
      expect(await consoleEl.getAttribute('data-step')).toBe('done');
      // The Dawn Report previewed from the picks (the desk resolves them as state JSON) is the PM route's.
      const want = toStateJson(pmRoute.context, pmRoute.at);
      const removed = want.eliminations.filter((e) => e.phase === 'N1' && e.cause === 'compromise');
      expect(removed.length).toBeGreaterThan(0);
      const preview = (await page.locator('#dawn-preview').textContent()) ?? '';
      for (const e of removed) expect(preview).toContain(`Node ${e.name} has been compromised`);
      await shot(page, 'night-done-phone');
      await submit('#console-resolve');
      expect(await page.locator('.notice').textContent()).toContain('The night is resolved');
      await shot(page, 'night-resolved-phone');
      const state = await desk.desk.state(desk.id);
      expect(state.phase).toMatchObject({ name: 'N1', endReason: 'mod' });
      expect(state.nightResults).toEqual(want.nightResults);
      expect(state.eliminations.map((e) => [e.name, e.cause])).toEqual(want.eliminations.map((e) => [e.name, e.cause]));
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 120_000);
});

describe('browser: night actions for any ruleset', () => {
  it('enters a PM action from the night console form; the night kill happens at the deadline', async () => {
    const desk = await openDesk(smallGame(), [], { at: Date.parse('2026-05-06T20:00:00Z') });
    const s = await signIn(browser(), desk, PHONE);
    try {
      const { page, base } = s;
      await page.goto(`${base}/night`);
      expect(await page.locator('#console').count()).toBe(0);
      await page.selectOption('#pm-actor', 'Bob');
      await page.fill('#pm-line', 'Kill: Eve');
      await navigating(page, () => page.click('#pm-submit'));
      expect(page.url()).toContain('notice=recorded');
      expect(await page.locator('[data-live="night-actions"] td').first().textContent()).toBe('Bob');
      expect(await page.locator('[data-live="night-actions"]').textContent()).toContain('Eve');
      await shot(page, 'night-pm-entry-phone', false);
      const after = await desk.desk.state(desk.id, '2026-05-07T18:00:00Z');
      expect(after.players.find((p) => p.name === 'Eve')).toMatchObject({ alive: false, cause: 'nightkill' });
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 60_000);
});

describe('browser: the missile board', () => {
  it('counts down to an impact, then shows the missile landed (the desk clock fires, the page follows)', async () => {
    const game = loadGameFile(repoFile('test/games/defcon-sample/game.yaml'));
    const posts = loadDump(repoFile('test/games/defcon-sample/posts.jsonl'));
    const final = toStateJson(replay(game, posts, null).context, Date.parse(posts.at(-1)?.createdAt as string));
    const missile = final.missiles.find((m) => m.status === 'landed' && m.launcher !== null);
    if (!missile) throw new Error('the sample game has no landed missile');
    const desk = await openDesk(game, posts, { speed: 1, at: Date.parse(missile.landsAt) - 5_000 });
    const s = await signIn(browser(), desk, DESKTOP);
    try {
      const { page, base } = s;
      await page.goto(`${base}/missiles`);
      await page.waitForSelector('body[data-live-connected]');
      const row = page.locator(`[data-live="missiles-flying"] #missile-${missile.id}`);
      const clock = row.locator('.countdown[aria-label="lands in"]');
      const first = await clock.textContent();
      expect(first).toMatch(/^00:00:0[1-5]$/);
      expect(await row.textContent()).toContain(missile.target);
      await shot(page, 'missiles-in-flight');
      await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
      const landed = page.locator(`[data-live="missiles-ended"] #missile-${missile.id} .status`);
      await expect.poll(() => landed.count(), { timeout: 20_000 }).toBe(1);
      expect(await landed.textContent()).toBe('landed');
      await shot(page, 'missiles-landed');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 120_000);

  it('counts down an abort window; when it closes the missile flies on, no longer abortable', async () => {
    const game = loadGameFile(repoFile('test/games/defcon-sample/game.yaml'));
    const posts = loadDump(repoFile('test/games/defcon-sample/posts.jsonl'));
    const final = toStateJson(replay(game, posts, null).context, Date.parse(posts.at(-1)?.createdAt as string));
    const missile = final.missiles.find(
      (m) => m.kind === 'launch' && m.status === 'landed' && m.abortableUntil !== null,
    );
    if (!missile?.abortableUntil) throw new Error('the sample game has no abortable missile that landed');
    const desk = await openDesk(game, posts, { speed: 1, at: Date.parse(missile.abortableUntil) - 4_000 });
    const s = await signIn(browser(), desk, DESKTOP);
    try {
      const { page, base } = s;
      await page.goto(`${base}/missiles`);
      await page.waitForSelector('body[data-live-connected]');
      const row = page.locator(`[data-live="missiles-flying"] #missile-${missile.id}`);
      expect(await row.locator('.countdown[aria-label="abort window closes in"]').textContent()).toMatch(
        /^00:00:0[1-4]$/,
      );
      expect(await row.locator('.countdown[aria-label="lands in"]').textContent()).toMatch(/^1d 00:00:0[1-4]$/);
      await shot(page, 'missiles-abort-window');
      await expect
        .poll(() => row.locator('.countdown[aria-label="abort window closes in"]').count(), { timeout: 20_000 })
        .toBe(0);
      expect(await row.textContent()).toContain('closed');
      expect(await row.locator('.status').textContent()).toBe('in-flight');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  }, 120_000);
});
