import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/game-cases.js';

// The count draft through `moddesk count` renders vote modifiers (H-VM1..H-VM4), posts per player (H-AC1), the vote
// lock (H-WV2) and the full count's parts (H-VC1..H-VC5, and all of them off) in every format. Golden files are
// hand-checked (each folder's README) and never written by the test: a missing one fails.
const golden = (folder: string) => join(root, 'test', 'golden', folder);
const house = (name: string, game: string, format: string) => ({
  dir: golden('house-rules'),
  name,
  game,
  format,
  args: ['--at', '2026-03-02T05:00:00Z', '--number', '1'],
});
const full = (name: string, game: string, format: string) => ({
  dir: golden('full-count'),
  name,
  game,
  format,
  args: ['--number', '2'],
});
const CASES = [
  house('modifiers.text', 'game.yaml', 'text'),
  house('modifiers.bbcode', 'game.yaml', 'bbcode'),
  house('modifiers.markdown', 'game.yaml', 'markdown'),
  house('hidden-weights.text', 'game-hidden.yaml', 'text'),
  house('hidden-weights.bbcode', 'game-hidden.yaml', 'bbcode'),
  house('hidden-weights.markdown', 'game-hidden.yaml', 'markdown'),
  house('activity.text', 'game-activity.yaml', 'text'),
  house('lock-activity.text', 'game-lock.yaml', 'text'),
  house('lock-activity.bbcode', 'game-lock.yaml', 'bbcode'),
  house('lock-activity.markdown', 'game-lock.yaml', 'markdown'),
  full('full.text', 'game.yaml', 'text'),
  full('full.bbcode', 'game.yaml', 'bbcode'),
  full('full.markdown', 'game.yaml', 'markdown'),
  full('off.text', 'game-off.yaml', 'text'),
];

const moddesk = (args: string[]) =>
  execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('house-rule count drafts match their golden files', () => {
  it.each(CASES)('$name ($dir)', ({ dir, name, game, format, args }) => {
    const file = join(dir, `${name}.txt`);
    expect(existsSync(file), `golden file ${file} is missing`).toBe(true);
    expect(moddesk(['count', '--game', join(dir, game), '--format', format, ...args])).toBe(readFileSync(file, 'utf8'));
  });

  it('the flags under the count name the player who asked for one', () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'bin', 'moddesk.js'), 'count', '--game', join(golden('full-count'), 'game.yaml')],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      'flag count-requested 2026-03-02T08:00:00Z p009 Fay: Fay asks for a vote count ("VC please")',
    );
  });
});
