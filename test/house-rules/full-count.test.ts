import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/game-cases.js';

// The full count (H-VC1..H-VC5) through `moddesk count` in every format, and with every part off; golden files are
// hand-checked (test/golden/full-count/README.md) and never written by this test: a missing one fails.
const dir = join(root, 'test', 'golden', 'full-count');
const CASES = [
  { golden: 'full.text', game: 'game.yaml', format: 'text' },
  { golden: 'full.bbcode', game: 'game.yaml', format: 'bbcode' },
  { golden: 'full.markdown', game: 'game.yaml', format: 'markdown' },
  { golden: 'off.text', game: 'game-off.yaml', format: 'text' },
];

describe('full count drafts match their golden files', () => {
  it.each(CASES)('$golden', ({ golden, game, format }) => {
    const file = join(dir, `${golden}.txt`);
    expect(existsSync(file), `golden file ${file} is missing`).toBe(true);
    const args = ['count', '--game', join(dir, game), '--format', format, '--number', '2'];
    const out = execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe(readFileSync(file, 'utf8'));
  });

  it('the flags under the count name the player who asked for one', () => {
    const args = ['count', '--game', join(dir, 'game.yaml'), '--format', 'text'];
    const r = execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), ...args, '2>&1'], {
      encoding: 'utf8',
      shell: true,
    });
    expect(r).toMatch(/flag count-requested 2026-03-02T08:00:00Z p009 Fay: Fay asks for a vote count \("VC please"\)/);
  });
});
