import { describe, expect, test } from 'vitest';
import type { GameSummary } from '../../src/app/desk.js';
import { gamesList } from '../../src/web/pages/game-page.js';

/** Issue 12: the dashboard's poll status says when the last read could not get every post, how many and which. */
describe('games list: an incomplete read', () => {
  const game: GameSummary = {
    id: 'g1',
    title: 'Game',
    ruleset: 'vanilla',
    platform: 'reddit',
    phase: null,
    alive: 5,
    pendingDrafts: 0,
    openFlags: 0,
    lastPollAt: '2024-01-01T00:00:00Z',
    result: { status: 'ongoing' } as GameSummary['result'],
  };
  test('names the count and the ids, escaped', () => {
    const page = String(gamesList([{ ...game, missingPosts: ['k1', 'k2', '<b>'] }]));
    expect(page).toContain('<strong>3 posts could not be read</strong> (k1, k2, &lt;b&gt;); the next poll asks again');
  });
  test('says nothing when the read was complete', () => {
    expect(String(gamesList([{ ...game, missingPosts: [] }]))).not.toContain('could not be read');
    expect(String(gamesList([game]))).not.toContain('could not be read');
  });
});
