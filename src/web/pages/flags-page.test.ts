import { describe, expect, it } from 'vitest';
import { offersVoteReading } from './flags-page.js';

// Issue 32, m5: "Read the vote as another player" only on flags about a vote (docs/flag-codes.md).
describe('the vote form is offered on vote flags only', () => {
  it('vote and target flags get it; a night request, a missile or a prod does not', () => {
    for (const code of ['target-guessed', 'vote-after-day-end', 'hammer-needs-ruling', 'near-miss', 'edited-action'])
      expect(offersVoteReading(code), code).toBe(true);
    for (const code of ['request-wrong-phase', 'nuke-too-early', 'abort-late', 'prod-due', 'count-requested'])
      expect(offersVoteReading(code), code).toBe(false);
  });
});
