import { describe, expect, it } from 'vitest';
import { DESKTOP, shot, signIn, useBrowser } from './browser.js';
import { openDesk } from './desk.js';
import { post, smallGame } from './games.js';
import { XSS_NAMES } from './xss-game.js';

// The game page's count shows the house rules in force, in words (docs/rules/house-rules.md): vote modifiers,
// the vote lock, posts today and prods; a hostile player name stays text.
const { browser } = useBrowser();

const hostile = XSS_NAMES[0] as string;

function houseGame() {
  const g = smallGame(['Alice', 'Bob', 'Cleo', 'Dan', hostile], {
    options: { voteLock: true, prodHours: 12 },
  });
  const mods: Record<string, { voteWeight?: number; modifiers?: ('loved' | 'hated' | 'voteless' | 'unvotable')[] }> = {
    Alice: { voteWeight: 2 },
    Bob: { modifiers: ['loved'] },
    Cleo: { modifiers: ['hated'] },
    Dan: { modifiers: ['voteless'] },
    [hostile]: { modifiers: ['unvotable'] },
  };
  return { ...g, players: g.players.map((p) => ({ ...p, ...mods[p.name] })) };
}

describe('browser: house rules on the game page', () => {
  it('says the modifiers, the lock and the activity in words, and runs nothing from a name', async () => {
    const posts = [
      post('Alice', '2026-05-04T19:00:00Z', { action: 'Vote: Bob' }),
      post('Cleo', '2026-05-04T20:00:00Z', { action: 'Vote: Bob' }),
      post('Cleo', '2026-05-04T20:30:00Z', { html: '<p><strong>VC please</strong></p>', id: 'p900' }),
    ];
    const desk = await openDesk(houseGame(), posts, { at: Date.parse('2026-05-05T07:30:00Z') });
    const s = await signIn(browser(), desk, DESKTOP);
    try {
      await s.page.goto(s.base);
      const count = s.page.locator('[data-live="count"]');
      const text = (await count.textContent()) ?? '';
      expect(text).toContain("Alice's vote counts 2 times.");
      expect(text).toContain('Bob is loved: it takes 4 to lynch them, one vote more than the others.');
      expect(text).toContain('Cleo is hated: it takes 2 to lynch them, one vote fewer than the others.');
      expect(text).toContain('Dan may not vote.');
      expect(text).toContain(`${hostile} cannot be voted for.`);
      expect(text).toContain('Votes are locked: once a player has voted, they cannot unvote or change.');
      expect(text).toContain('Cleo: 2 posts; prod in 1 hour');
      expect(text).toContain('Bob: 0 posts; prod due (1.5 hours past the prod time)');
      await shot(s.page, 'house-rules-desktop');
      const flags = await desk.desk.flags(desk.id);
      expect(flags.filter((f) => f.code === 'prod-due').map((f) => f.actor)).toContain('Bob');
      expect(flags.find((f) => f.code === 'count-requested')).toMatchObject({ postId: 'p900', actor: 'Cleo' });
      await s.page.goto(`${s.base}/flags`);
      expect(await s.page.locator('main').textContent()).toContain('Cleo asks for a vote count ("VC please")');
      expect(await s.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await desk.close();
    }
  });
});
