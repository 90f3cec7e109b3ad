import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/game-cases.js';

// The count draft renders vote modifiers (H-VM1..H-VM4), posts per player (H-AC1) and the vote lock (H-WV2) in every
// format; golden files are hand-checked (README) and never written by the test (a missing one fails).
const dir = join(root, 'test', 'golden', 'house-rules');
const CASES = [
  { golden: 'modifiers.text', game: 'game.yaml', format: 'text' },
  { golden: 'modifiers.bbcode', game: 'game.yaml', format: 'bbcode' },
  { golden: 'modifiers.markdown', game: 'game.yaml', format: 'markdown' },
  { golden: 'hidden-weights.text', game: 'game-hidden.yaml', format: 'text' },
  { golden: 'hidden-weights.bbcode', game: 'game-hidden.yaml', format: 'bbcode' },
  { golden: 'activity.text', game: 'game-activity.yaml', format: 'text' },
  { golden: 'lock-activity.text', game: 'game-lock.yaml', format: 'text' },
  { golden: 'lock-activity.bbcode', game: 'game-lock.yaml', format: 'bbcode' },
  { golden: 'lock-activity.markdown', game: 'game-lock.yaml', format: 'markdown' },
];

describe('house-rule count drafts match their golden files', () => {
  it.each(CASES)('$golden', ({ golden, game, format }) => {
    const args = ['count', '--game', join(dir, game), '--at', '2026-03-02T05:00:00Z', '--format', format];
    const out = execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), ...args, '--number', '1'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe(readFileSync(join(dir, `${golden}.txt`), 'utf8'));
  });
});
