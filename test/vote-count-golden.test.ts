import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Golden files for the vote-count draft (interfaces §4 `count`): the demo game at the moments a moderator posts
// counts, in every format. Reviewers see the text diff. UPDATE_GOLDEN=1 rewrites them (read the diff first!).
const root = fileURLToPath(new URL('..', import.meta.url));
const game = join(root, 'config', 'demo', 'vanilla-demo.game.yaml');
const golden = join(root, 'test', 'golden', 'vanilla-demo');

const CASES: { name: string; args: string[] }[] = [
  { name: 'd1-opening.text', args: ['--at', '2026-01-05T20:30:00Z', '--format', 'text', '--number', '1'] },
  { name: 'd1-midday.text', args: ['--at', '2026-01-06T19:00:00Z', '--format', 'text', '--number', '2'] },
  { name: 'd1-midday.bbcode', args: ['--at', '2026-01-06T19:00:00Z', '--format', 'bbcode', '--number', '2'] },
  { name: 'd1-midday.markdown', args: ['--at', '2026-01-06T19:00:00Z', '--format', 'markdown', '--number', '2'] },
  { name: 'd1-hammer.text', args: ['--through', 'p017', '--format', 'text', '--history'] },
  { name: 'd1-hammer.bbcode', args: ['--through', 'p017', '--format', 'bbcode', '--history'] },
  { name: 'n1.text', args: ['--at', '2026-01-09T12:00:00Z', '--format', 'text'] },
  { name: 'd2-deadline-countdown.text', args: ['--at', '2026-01-10T09:30:00Z', '--format', 'text', '--number', '3'] },
];

describe('vote count drafts match their golden files', () => {
  it.each(CASES)('$name', ({ name, args }) => {
    const out = execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), 'count', '--game', game, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const file = join(golden, `${name}.txt`);
    if (process.env.UPDATE_GOLDEN === '1' && !process.env.CI) writeFileSync(file, out);
    expect(existsSync(file), `golden file ${file} is missing (write it with UPDATE_GOLDEN=1 and read the diff)`).toBe(
      true,
    );
    expect(out).toBe(readFileSync(file, 'utf8'));
  });
});
