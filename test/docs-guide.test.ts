import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain } from './helpers/run-main.js';

// Issue 15, Deliver 7: the moderator's guide is linked first from the README, covers what the issue lists, and
// every command line it shows uses a command and options the CLI has.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const guide = readFileSync(join(ROOT, 'docs', 'guide.md'), 'utf8');
const headings = guide.split('\n').filter((l) => l.startsWith('#'));

const helpOf = async (argv: string[]) => {
  const { code, out } = await runMain(argv);
  expect(code).toBe(0);
  return out;
};

describe("the moderator's guide (docs/guide.md)", () => {
  it("is the README's first link", () => {
    expect(readme.match(/\]\(([^)]+)\)/)?.[1]).toBe('docs/guide.md');
  });

  it('has a part for each platform, credentials, a hammer, the night, a crash, the database and its backup', () => {
    for (const want of [/reddit/i, /phpbb.*mafiascum/i, /discourse/i, /credentials/i, /hammer/i, /night/i, /crash/i])
      expect(
        headings.some((h) => want.test(h)),
        String(want),
      ).toBe(true);
    expect(headings.some((h) => /database/i.test(h) && /back/i.test(h))).toBe(true);
    expect(guide).toMatch(/sqlite3 \S+ "\.backup/);
  });

  it('every moddesk command line in it names a command and options the CLI has', async () => {
    const lines = [...guide.matchAll(/(?:^|`)moddesk ([a-z]+)((?: [^`\n#]*)?)/gm)].map((m) => ({
      cmd: m[1]!,
      opts: [...(m[2] ?? '').matchAll(/(--[a-z-]+)/g)].map((o) => o[1]!),
    }));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const top = await helpOf(['--help']);
    const helps = new Map<string, string>();
    for (const { cmd, opts } of lines) {
      expect(top, `moddesk ${cmd}`).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'));
      if (!helps.has(cmd)) helps.set(cmd, await helpOf([cmd, '--help']));
      for (const opt of opts) expect(helps.get(cmd), `moddesk ${cmd} ${opt}`).toContain(`${opt} `);
    }
  });
});
