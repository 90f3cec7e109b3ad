import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/game-cases.js';

// The count draft renders vote modifiers (H-VM1..H-VM4) in every format, and posts per player (H-AC1); golden files are hand-checked (README).
const dir = join(root, 'test', 'golden', 'house-rules');
const CASES = [
  { golden: 'modifiers.text', game: 'game.yaml', format: 'text' },
  { golden: 'modifiers.bbcode', game: 'game.yaml', format: 'bbcode' },
  { golden: 'modifiers.markdown', game: 'game.yaml', format: 'markdown' },
  { golden: 'hidden-weights.text', game: 'game-hidden.yaml', format: 'text' },
  { golden: 'hidden-weights.bbcode', game: 'game-hidden.yaml', format: 'bbcode' },
  { golden: 'activity.text', game: 'game-activity.yaml', format: 'text' },
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
