import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const IMPURE = [
  /from ['"](node:)?(fs|http|https|net|child_process|fs\/promises)['"]/,
  /from ['"](undici|better-sqlite3|pino|snoowrap)['"]/,
  /from ['"]\.\.\/(\.\.\/)*(adapters|storage|app|web)\//,
  /\bDate\.now\(/,
  /\bnew Date\(\)/,
  /\bMath\.random\(/,
  /\bsetTimeout\(/,
  /\bsetInterval\(/,
  /\bprocess\./,
];

describe('architecture invariants', () => {
  it.each(['src/parser', 'src/machine', 'src/reporter'])(
    'invariant 1: %s is pure (no I/O, clock or randomness)',
    (dir) => {
      const offenders: string[] = [];
      for (const file of sources(dir)) {
        const text = readFileSync(join(root, file), 'utf8');
        text.split('\n').forEach((line, i) => {
          if (IMPURE.some((re) => re.test(line))) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
      expect(offenders).toEqual([]);
    },
  );

  it('invariant 4: snoowrap is imported in at most one file', () => {
    const importers = sources('src').filter((f) => /from ['"]snoowrap['"]/.test(readFileSync(join(root, f), 'utf8')));
    expect(importers.length).toBeLessThanOrEqual(1);
  });
});
