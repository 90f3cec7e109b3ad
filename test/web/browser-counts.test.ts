import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../../src/app/load-game-file.js';
import type { Post } from '../../src/domain/post.js';
import { DESKTOP, PHONE, useBrowser } from './browser.js';
import { openDesk } from './desk.js';

// H-VC6 (docs/rules/house-rules.md) in the rendered page, at both widths: the Counts tab lists the moderator's
// counts, each difference in words, a player's markup shown as text, and no row runs off a phone's screen.
const GAME = parseGameFile(
  `ruleset: vanilla
title: Counts Check Mafia
moderator: Host
thread: { platform: file, url: posts.jsonl }
players:
  - { name: Ann }
  - { name: Bob }
  - { name: Carl }
  - { name: "<b>Eve</b>" }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-09T00:00:00Z" }
`,
  'counts.yaml',
);
const post = (id: string, author: string, at: string, html: string, number: number): Post => ({
  id,
  author,
  createdAt: `2026-03-02T${at}:00Z`,
  editedAt: null,
  html,
  channel: 'thread',
  number,
});
const POSTS = [
  post('p1', '<b>Eve</b>', '10:00', '<span class="bbvote" title="This is an official vote.">VOTE: Bob</span>', 1),
  post('p2', 'Host', '14:30', 'Vote Count 1.1<br>Bob (0):<br>Not voting: Ann, Bob, Carl, &lt;b&gt;Eve&lt;/b&gt;', 2),
];

const { withDashboard } = useBrowser();

describe('browser: H-VC6 the Counts page', () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    it(`H-VC6 shows each difference in words with the player's markup as text (${label})`, async () => {
      const desk = await openDesk(GAME, POSTS, { at: Date.parse('2026-03-02T16:00:00Z') });
      await withDashboard(desk, viewport, async ({ page, base }) => {
        await page.goto(`${base}/counts`);
        await expect(page.locator('nav.tabs a[aria-current="page"]').textContent()).resolves.toBe('Counts');
        const item = page.locator('main tr.count-differs li');
        await expect(item.allTextContents()).resolves.toEqual([
          "count #2 leaves out <b>Eve</b>'s vote for Bob in #1, posted 4½ h earlier",
        ]);
        await expect(page.locator('main b').count()).resolves.toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }, 60_000);
  }
});
