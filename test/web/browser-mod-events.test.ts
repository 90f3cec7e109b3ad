import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CAUSES, gameFileSchema } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { DESKTOP, navigating, PHONE, type Session, signIn, useBrowser } from './browser.js';
import { atHour as at, post } from './games.js';
import { openWatchDesk, type WatchDesk } from './watch-desk.js';

// Issue 15: the dashboard records a phase, a kill (cause from the listed choices), a replacement and a votes reset
// without touching YAML: each checked before the game file is written (atomically, its comments kept), each
// behind the CSRF check. The desk is `watch`'s (it writes the game file), over a `file` thread.
const GAME_YAML = `# Harbour Town: the moderator's notes stay in this file.
ruleset: vanilla
title: Harbour Town
moderator: Mod
thread:
  platform: file
  url: posts.jsonl # the thread dump beside this file
players:
  - { name: Alice, faction: town }
  - { name: Bob, faction: mafia } # the goon
  - { name: Cleo, faction: town }
  - { name: Dan, faction: town }
  - { name: Eve, faction: town }
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z", deadline: "2026-05-06T18:00:00Z" }
`;
const VOTES: Post[] = [
  post('Alice', at(1), { action: 'Vote: Bob' }),
  post('Cleo', at(2), { action: 'Vote: Bob' }),
  post('Dan', at(3), { action: 'Vote: Eve' }),
];

const { browser } = useBrowser();

/** The game the test's YAML says, for the desk's folder and id ('harbour-town'). */
const GAME = gameFileSchema().parse(parse(GAME_YAML));

const watchDesk = () => openWatchDesk(GAME, VOTES, { at: Date.parse(at(4)), gameText: GAME_YAML });

async function withModPage(viewport: typeof DESKTOP, run: (s: Session, w: WatchDesk) => Promise<void>) {
  const w = await watchDesk();
  const s = await signIn(browser(), { desk: w.desk, id: w.id }, viewport);
  try {
    await s.page.goto(`${s.base}/mod`);
    await run(s, w);
    expect(s.errors).toEqual([]);
  } finally {
    await s.close();
    await w.close();
  }
}

const fileOf = (w: WatchDesk) => readFileSync(w.gameFile, 'utf8');
const submit = (page: Page, id: string) => navigating(page, () => page.click(`#${id}`));
const stateOf = (w: WatchDesk) => w.desk.state(w.id);

/** The file keeps every comment it had, and still loads as YAML. */
function commentsKept(text: string): void {
  for (const c of ["# Harbour Town: the moderator's notes", '# the thread dump beside this file', '# the goon'])
    expect(text).toContain(c);
  expect(() => parse(text)).not.toThrow();
}

describe('browser: mod events from the dashboard, written into the game file', () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    it(`a kill with its cause chosen from the listed causes (${label})`, async () => {
      await withModPage(viewport, async (s, w) => {
        const { page } = s;
        expect(await page.locator('#kill-cause option').allTextContents()).toEqual([...CAUSES]);
        await page.selectOption('#kill-player', 'Eve');
        await page.selectOption('#kill-cause', 'vig');
        await page.check('#kill-confirm');
        await submit(page, 'kill-submit');
        expect(page.url()).toContain('notice=mod-kill');
        const eve = (await stateOf(w)).players.find((p) => p.name === 'Eve')!;
        expect(eve).toMatchObject({ alive: false, cause: 'vig' });
        const text = fileOf(w);
        commentsKept(text);
        expect(parse(text).events).toEqual([{ at: expect.any(String), kill: 'Eve', cause: 'vig' }]);
        // Dead now: not offered again.
        expect(await page.locator('#kill-player option').allTextContents()).not.toContain('Eve');
        await page.goto(s.base);
        expect(await page.locator('[data-live="players"]').textContent()).toContain('dead: vig');
      });
    }, 60_000);

    it(`a replacement, and a refused one (a name already in the game) writes nothing (${label})`, async () => {
      await withModPage(viewport, async (s, w) => {
        const { page } = s;
        await page.selectOption('#replace-player', 'Cleo');
        await page.fill('#replace-by', 'Zed');
        await page.selectOption('#replace-votes', 'carry');
        await page.check('#replace-confirm');
        await submit(page, 'replace-submit');
        expect(page.url()).toContain('notice=mod-replace');
        const state = await stateOf(w);
        expect(state.players.find((p) => p.name === 'Zed')).toMatchObject({ alive: true, formerNames: ['Cleo'] });
        // Cleo's vote stays with the slot (carry).
        expect(state.votes.wagons.find((x) => x.target === 'Bob')?.voters).toEqual(['Alice', 'Zed']);
        const text = fileOf(w);
        commentsKept(text);
        expect(parse(text).events).toEqual([{ at: expect.any(String), replace: 'Cleo', by: 'Zed', votes: 'carry' }]);

        await page.goto(`${s.base}/mod`);
        await page.selectOption('#replace-player', 'Dan');
        await page.fill('#replace-by', 'alice');
        await page.check('#replace-confirm');
        await submit(page, 'replace-submit');
        expect(await page.locator('.error').textContent()).toMatch(/alice|Alice/);
        expect(fileOf(w)).toBe(text);
        expect((await stateOf(w)).players.map((p) => p.name)).toEqual(['Alice', 'Bob', 'Zed', 'Dan', 'Eve']);
      });
    }, 60_000);

    it(`a votes reset clears the day; by night it is refused (${label})`, async () => {
      await withModPage(viewport, async (s, w) => {
        const { page } = s;
        expect((await stateOf(w)).votes.wagons.length).toBeGreaterThan(0);
        await page.fill('#reset-note', 'the lynch vote restarts after the modkill');
        await page.check('#reset-confirm');
        await submit(page, 'reset-submit');
        expect(page.url()).toContain('notice=mod-reset');
        expect((await stateOf(w)).votes.wagons).toEqual([]);
        const text = fileOf(w);
        commentsKept(text);
        expect(parse(text).events).toEqual([
          { at: expect.any(String), resetVotes: true, note: 'the lynch vote restarts after the modkill' },
        ]);
        await page.goto(s.base);
        expect(await page.locator('[data-live="count"]').textContent()).not.toContain('Bob (2)');
        await w.desk.modEvent(w.id, { kind: 'phase', name: 'N1' });
        await page.goto(`${s.base}/mod`);
        expect(await page.locator('#reset-h + p').textContent()).toContain('No day is open now');
        const before = fileOf(w);
        await page.check('#reset-confirm');
        await submit(page, 'reset-submit');
        expect(await page.locator('.error').textContent()).toContain('no day is open');
        expect(fileOf(w)).toBe(before);
      });
    }, 60_000);

    it(`starts the next phase now with its deadline; a deadline before the start is refused (${label})`, async () => {
      await withModPage(viewport, async (s, w) => {
        const { page } = s;
        expect(await page.inputValue('#phase-name')).toBe('N1');
        await page.fill('#phase-deadline', '2026-05-04T20:00:00Z');
        await submit(page, 'phase-submit');
        expect(await page.locator('.error').textContent()).toMatch(/deadline must be after the start/);
        expect(fileOf(w)).toBe(GAME_YAML);

        await page.goto(`${s.base}/mod`);
        await page.fill('#phase-deadline', '2026-05-05T22:00:00Z');
        await submit(page, 'phase-submit');
        expect(page.url()).toContain('notice=mod-phase');
        const state = await stateOf(w);
        expect(state.phase).toMatchObject({ name: 'N1', kind: 'night', deadline: '2026-05-05T22:00:00Z' });
        const text = fileOf(w);
        commentsKept(text);
        expect(parse(text).phases.at(-1)).toEqual({
          name: 'N1',
          start: '2026-05-04T22:00:01Z',
          deadline: '2026-05-05T22:00:00Z',
        });
        // The page now offers D2.
        expect(await page.inputValue('#phase-name')).toBe('D2');
      });
    }, 60_000);
  }

  it('issue 32, M1: a kill needs its box ticked, is listed with an Undo, and the Undo takes it out of the file', async () => {
    await withModPage(DESKTOP, async (s, w) => {
      const { page } = s;
      // Without the box ticked (the browser asks first; a post that skips it is refused by the desk).
      const refused = await page.evaluate(async (url) => {
        const form = new FormData(document.querySelector('#kill-submit')!.closest('form')!);
        form.set('player', 'Eve');
        form.delete('confirm');
        const r = await fetch(url, { method: 'POST', body: new URLSearchParams(form as never) });
        return { status: r.status, text: await r.text() };
      }, `${s.base}/mod/kill`);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Yes, kill this player');
      expect(fileOf(w)).toBe(GAME_YAML);
      expect(await page.locator('#recorded-h + p').textContent()).toContain('No mod events');

      await page.selectOption('#kill-player', 'Eve');
      await page.check('#kill-confirm');
      await submit(page, 'kill-submit');
      expect(await page.locator('[data-mod-event="0"]').textContent()).toContain('Eve killed (modkill)');
      await submit(page, 'undo-event-0');
      expect(page.url()).toContain('notice=mod-undo');
      expect((await stateOf(w)).players.every((p) => p.alive)).toBe(true);
      const text = fileOf(w);
      commentsKept(text);
      expect(parse(text).events ?? []).toEqual([]);
      expect(await page.locator('#kill-player option').allTextContents()).toContain('Eve');
    });
  }, 60_000);

  it('every mod-event form needs the CSRF token: a post without it changes nothing', async () => {
    await withModPage(DESKTOP, async (s, w) => {
      const status = await s.page.evaluate(async (url) => {
        const r = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'player=Eve&cause=modkill',
        });
        return r.status;
      }, `${s.base}/mod/kill`);
      expect(status).toBe(403);
      expect(fileOf(w)).toBe(GAME_YAML);
      expect((await stateOf(w)).players.every((p) => p.alive)).toBe(true);
    });
  }, 60_000);

  it('while the game file does not load, a mod event is refused with the file error (nothing lost from the file)', async () => {
    const w = await watchDesk();
    try {
      const broken = GAME_YAML.replace(
        '- { name: Eve, faction: town }',
        '- { name: Eve, faction: town }\n  - { name: Bob }',
      );
      writeFileSync(w.gameFile, broken);
      await w.running.watcher.pollAll();
      const err = await w.desk.modEvent(w.id, { kind: 'kill', player: 'Eve', cause: 'modkill' }).catch((e: Error) => e);
      expect((err as Error).message).toMatch(
        /^the game file does not load \(.*game\.yaml: line 14.*Bob.*twice.*\); fix it first/,
      );
      expect(fileOf(w)).toBe(broken);
      expect((await stateOf(w)).players.every((p) => p.alive)).toBe(true);
    } finally {
      await w.close();
    }
  });
});
