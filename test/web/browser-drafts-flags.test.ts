import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, navigating, PHONE, shot, tabTo, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { pendingCount, post, smallGame } from './games.js';

const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const twoVotes = () => [
  post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
  post('Cleo', D1(2), { action: 'Vote: Bob', id: 'p2' }),
];

const { withDashboard } = useBrowser();

/** A desk whose one open flag is Dan's `Vote: Jelly` (nobody of that name plays). */
async function deskWithJellyFlag() {
  const desk = await openDesk(smallGame(), [...twoVotes(), post('Dan', D1(3), { action: 'Vote: Jelly', id: 'p3' })]);
  const jelly = (await desk.desk.flags(desk.id)).find((f) => f.postId === 'p3');
  expect(jelly).toBeTruthy();
  return { desk, jelly: jelly! };
}

/** The flags page, live, with Cleo chosen in the flag's "vote for" list and the form not sent yet. */
async function startVotingCleo(page: Page, base: string, flagId: string) {
  await page.goto(`${base}/flags`);
  await page.waitForSelector('body[data-live-connected]');
  await page.selectOption(`#target-${flagId}`, 'Cleo');
}

describe('browser: drafts', () => {
  it('approves a draft with the keyboard alone, and offers the text to paste (m6: one notice; Done says "approved: paste it")', async () => {
    const desk = await openDesk(smallGame(), twoVotes());
    const draft = await pendingCount(desk);
    await withDashboard(desk, DESKTOP, async ({ page, base }) => {
      await page.goto(`${base}/drafts`);
      await expect
        .poll(() => page.locator(`#draft-${draft!.id} .rendered strong`).first().textContent())
        .toBe(`Vote Count 1.${draft!.number}`);
      await shot(page, 'drafts-pending');
      await tabTo(page, `approve-${draft!.id}`);
      await navigating(page, () => page.keyboard.press('Enter'));
      expect(page.url()).toContain(`copy=${draft!.id}`);
      // m6: one notice, the "Ready to paste" card's, not a second near-identical one above it.
      expect(await page.locator('.notice').count()).toBe(0);
      expect(await page.locator('main').textContent()).toMatch(
        /^(?![\s\S]*Approved\.[\s\S]*Approved\.)[\s\S]*Approved\./,
      );
      expect(await page.locator('#ready-text').inputValue()).toBe(draft!.text);
      // m6: the Done table does not say "posted" for a draft nobody posted.
      const done = page.locator(`[data-live="drafts-done"] #draft-${draft!.id} .status`);
      expect(await done.textContent()).toBe('approved: paste it');
      expect(await page.locator('[data-live="drafts-done"]').textContent()).not.toMatch(/\bposted\b/);
      await page.click('#ready-copy');
      await expect.poll(() => page.locator('#ready-copy').textContent()).toBe('Copied');
      await shot(page, 'drafts-approved');
      // The file adapter cannot post: the draft is done (ready to paste), with no post id.
      const after = (await desk.desk.drafts(desk.id)).find((d) => d.id === draft!.id);
      expect(after).toMatchObject({ status: 'posted', posted: { id: null } });
    });
  }, 60_000);

  it('shows the recount difference when the thread moved on since an edit, then approves on confirmation', async () => {
    const desk = await openDesk(smallGame(), twoVotes());
    const draft = await pendingCount(desk);
    await withDashboard(desk, DESKTOP, async ({ page, base }) => {
      await page.goto(`${base}/drafts`);
      await page.fill(`#raw-${draft!.id}`, '[b]My count[/b]\nBob (2): Alice, Cleo');
      await navigating(page, () => page.click(`#save-${draft!.id}`));
      expect(page.url()).toContain('notice=saved');
      expect(await page.locator(`#draft-${draft!.id} .rendered strong`).first().textContent()).toBe('My count');
      await desk.addPosts([post('Dan', D1(3), { action: 'Vote: Alice', id: 'p3' })]);
      await page.goto(`${base}/drafts`);
      await navigating(page, () => page.click(`#approve-${draft!.id}`));
      expect(page.url()).toContain('notice=changed');
      const diff = await page.locator('pre.diff').textContent();
      expect(diff).toContain('- [b]My count[/b]');
      expect(diff).toContain('+ [b]Alice (1)[/b]');
      await shot(page, 'drafts-recount-diff');
      await navigating(page, () => page.click(`#confirm-${draft!.id}`));
      expect(page.url()).toContain(`copy=${draft!.id}`);
      expect(await page.locator('#ready-text').inputValue()).toBe('[b]My count[/b]\nBob (2): Alice, Cleo');
    });
  }, 60_000);

  it('updates the vote count live as posts arrive (server-sent events), no reload', async () => {
    const desk = await openDesk(smallGame(), twoVotes(), { speed: 1 });
    await withDashboard(desk, DESKTOP, async ({ page, base }) => {
      await page.goto(base);
      await page.waitForSelector('body[data-live-connected]');
      const count = page.locator('[data-live="count"] .rendered');
      expect(await count.textContent()).toContain('Bob (2)');
      const url = page.url();
      await desk.addPosts([post('Dan', D1(3), { action: 'Vote: Alice', id: 'p3' })]);
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toContain('Alice (1)');
      expect(page.url()).toBe(url);
      expect(Number(await page.getAttribute('body', 'data-refreshes'))).toBeGreaterThanOrEqual(1);
      await shot(page, 'overview-live');
    });
  }, 60_000);

  it('a countdown ticks every second', async () => {
    // Polled once an hour: every poll is a live refresh, which sets the page's clock again from the desk's.
    const desk = await openDesk(smallGame(), twoVotes(), { speed: 1, pollSeconds: 3600 });
    await withDashboard(desk, DESKTOP, async ({ page, base }) => {
      // The page's clock is Playwright's: a second passes when the test moves it, however loaded the machine.
      await page.clock.install();
      await page.goto(base);
      await page.clock.pauseAt(Date.now() + 1_000);
      const el = page.locator('[data-live="phase"] .countdown');
      const seconds = async () => {
        const m = /^(?:(\d+)d )?(\d\d):(\d\d):(\d\d)$/.exec((await el.textContent()) ?? '');
        if (!m) throw new Error(`not a countdown: ${await el.textContent()}`);
        return Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
      };
      expect(await seconds()).toBeGreaterThan(40 * 3600);
      // A live refresh sets the page's clock from the desk's (real time, which a loaded machine moves further than
      // the test's three seconds): three readings with no refresh between them are the ones that judge the ticking.
      const refreshes = async () => Number((await page.getAttribute('body', 'data-refreshes')) ?? 0);
      // Each reading beside the refresh count read after it: readings i..i+2 share one clock when the count read
      // after reading i-1 is the count read after reading i+2 (a refresh syncs the clock and counts at once).
      const readings: { seconds: number; refreshes: number }[] = [{ seconds: NaN, refreshes: await refreshes() }];
      let shown: number[] | null = null;
      while (!shown && readings.length <= 40) {
        await page.clock.runFor(1_000);
        readings.push({ seconds: await seconds(), refreshes: await refreshes() });
        const n = readings.length;
        if (n >= 4 && readings[n - 4]!.refreshes === readings[n - 1]!.refreshes) {
          shown = readings.slice(n - 3).map((r) => r.seconds);
        }
      }
      if (!shown) throw new Error(`no three readings without a live refresh between them in ${readings.length - 1}`);
      // One tick a second, each one second less: the second and third readings follow the first by 1 and 2.
      expect(shown.map((s) => shown[0]! - s)).toEqual([0, 1, 2]);
      await shot(page, 'overview-countdown', false);
    });
  }, 60_000);
});

describe('browser: flags', () => {
  it('re-ruling a post from ignore to a vote counts the vote (the later ruling wins)', async () => {
    const posts = [...twoVotes(), post('Dan', D1(3), { action: 'Vote: Jelly', id: 'p3' })];
    const desk = await openDesk(smallGame(), posts);
    const jelly = (await desk.desk.flags(desk.id)).find((f) => f.postId === 'p3')!;
    await withDashboard(desk, DESKTOP, async ({ page, base }) => {
      await page.goto(`${base}/flags`);
      await navigating(page, () => page.click(`#ignore-${jelly.id}`));
      expect(await page.locator(`#flag-${jelly.id} .status`).textContent()).toBe('ignored');
      await page.selectOption(`#retarget-${jelly.id}`, 'Cleo');
      await navigating(page, () => page.click(`#revote-${jelly.id}`));
      expect(page.url()).toContain('notice=ruled');
      expect(await page.locator(`#flag-${jelly.id} .status`).textContent()).toBe('ruled');
      await shot(page, 'flags-reruled');
      await page.goto(base);
      expect(await page.locator('[data-live="count"] .rendered').textContent()).toContain('Cleo (1): Dan');
      const state = await desk.desk.state(desk.id);
      expect(state.votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan']);
    });
  }, 60_000);

  it('a ruling half made survives a live refresh, and a flag that came meanwhile shows beside it', async () => {
    const { desk, jelly } = await deskWithJellyFlag();
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await startVotingCleo(page, base, jelly.id);
      await page.check(`#remember-${jelly.id}`);
      await desk.addPosts([post('Eve', D1(4), { action: 'Vote: Quux', id: 'p4' })]);
      const quux = (await desk.desk.flags(desk.id)).find((f) => f.postId === 'p4');
      expect(quux).toBeTruthy();
      await expect.poll(() => page.locator(`#flag-${quux!.id}`).count(), { timeout: 10_000 }).toBe(1);
      expect(Number(await page.getAttribute('body', 'data-refreshes'))).toBeGreaterThanOrEqual(1);
      expect(await page.inputValue(`#target-${jelly.id}`)).toBe('Cleo');
      expect(await page.isChecked(`#remember-${jelly.id}`)).toBe(true);
      await navigating(page, () => page.click(`#vote-${jelly.id}`));
      expect(await page.locator(`#flag-${jelly.id} .status`).textContent()).toBe('ruled');
      expect(desk.snapshot().game.players.find((p) => p.name === 'Cleo')?.aliases).toEqual(['Jelly']);
    });
  }, 60_000);

  it('a ruling half made is kept when the flag is ruled elsewhere meanwhile; sending it then is the later ruling', async () => {
    const { desk, jelly } = await deskWithJellyFlag();
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await startVotingCleo(page, base, jelly.id);
      const refreshes = () => page.getAttribute('body', 'data-refreshes');
      const before = await refreshes();
      // Another tab, or a second moderator, ignores the post: the fresh page no longer lists the flag as open.
      await desk.desk.rule(desk.id, { kind: 'ignore', postId: 'p3' });
      await expect.poll(refreshes, { timeout: 10_000 }).not.toBe(before);
      expect(await page.inputValue(`#target-${jelly.id}`)).toBe('Cleo');
      expect(await page.locator(`#target-${jelly.id}`).count()).toBe(1);
      await navigating(page, () => page.click(`#vote-${jelly.id}`));
      expect(page.url()).toContain('notice=ruled');
      const state = await desk.desk.state(desk.id);
      expect(state.votes.wagons.map((w) => [w.target, w.voters])).toEqual([
        ['Bob', ['Alice', 'Cleo']],
        ['Cleo', ['Dan']],
      ]);
    });
  }, 60_000);

  it('rules on flags: reads a vote as another player and remembers the alias; ignores a post; accepts one', async () => {
    const posts = [
      ...twoVotes(),
      post('Dan', D1(3), { action: 'Vote: Jelly', id: 'p3' }),
      post('Eve', D1(4), { action: 'Vote: Quux', id: 'p4' }),
      post('Bob', D1(5), { action: 'Vote: Zorp', id: 'p5' }),
    ];
    const desk = await openDesk(smallGame(), posts);
    const flags = await desk.desk.flags(desk.id);
    const jelly = flags.find((f) => f.postId === 'p3');
    const quux = flags.find((f) => f.postId === 'p4');
    const zorp = flags.find((f) => f.postId === 'p5');
    expect(jelly && quux && zorp).toBeTruthy();
    await withDashboard(desk, PHONE, async ({ page, base }) => {
      await page.goto(`${base}/flags`);
      expect(await page.locator(`#flag-${jelly!.id} blockquote.quote-post`).textContent()).toContain('Vote: Jelly');
      expect(await page.getAttribute(`#flag-${jelly!.id} a[href*="p3"]`, 'href')).toBe(
        'https://forum.example/viewtopic.php?p=3#p3',
      );
      await shot(page, 'flags-open');
      await page.selectOption(`#target-${jelly!.id}`, 'Cleo');
      await page.check(`#remember-${jelly!.id}`);
      expect(await page.inputValue(`#alias-${jelly!.id}`)).toBe('Jelly');
      await navigating(page, () => page.click(`#vote-${jelly!.id}`));
      expect(page.url()).toContain('notice=ruled');
      expect(await page.locator(`#flag-${jelly!.id} .status`).textContent()).toBe('ruled');
      await navigating(page, () => page.click(`#ignore-${quux!.id}`));
      expect(page.url()).toContain('notice=ruled');
      expect(await page.locator(`#flag-${quux!.id} .status`).textContent()).toBe('ignored');
      await navigating(page, () => page.click(`#accept-${zorp!.id}`));
      expect(page.url()).toContain('notice=ruled');
      expect(await page.locator(`#flag-${zorp!.id} .status`).textContent()).toBe('accepted');
      expect(await page.locator('[data-live="flags-open"]').textContent()).toContain('No open flags.');
      await shot(page, 'flags-ruled');
      await page.goto(base);
      expect(await page.locator('[data-live="count"] .rendered').textContent()).toContain('Cleo (1): Dan');
      const state = await desk.desk.state(desk.id);
      expect(state.votes.wagons.map((w) => [w.target, w.voters])).toEqual([
        ['Bob', ['Alice', 'Cleo']],
        ['Cleo', ['Dan']],
      ]);
      expect(desk.snapshot().game.players.find((p) => p.name === 'Cleo')?.aliases).toEqual(['Jelly']);
    });
  }, 60_000);
});
