import { describe, expect, it } from 'vitest';
import type { DraftRecord } from '../../src/app/desk.js';
import { title } from '../../src/web/pages/drafts-page.js';

// Issue 15 minor: "Game over: Game over:", raw markdown in card titles, and "Ready to paste: d3" (the ready card
// uses this same title).
const draft = (kind: DraftRecord['kind'], text: string, to: string | null = null) =>
  ({ id: 'd3', kind, text, to }) as DraftRecord;

describe('draft card titles', () => {
  it('"Game over: Game over:" is said once', () => {
    expect(title(draft('game-over', '**Game over: the town wins!**\n\nSurvivors: Ava.'))).toBe(
      'Game over: the town wins!',
    );
  });
  it('no raw markdown in card titles', () => {
    expect(title(draft('vote-count', '**Vote Count 2.3** (through post [#412](https://x/p412))'))).toBe(
      'Vote Count 2.3 (through post #412)',
    );
    expect(title(draft('day-start', '# __Day 2 begins__'))).toBe('Day start: Day 2 begins');
    expect(title(draft('vote-count', '[b]Vote Count 1.2[/b]'))).toBe('Vote Count 1.2');
  });
  it('"Ready to paste" names the draft, not its id', () => {
    expect(title(draft('night-result', 'You killed Bea.', 'Ava'))).toBe('Night result (PM to Ava): You killed Bea.');
    expect(title(draft('vote-count', '**Vote Count 3.1**'))).not.toMatch(/d3/);
  });
});
