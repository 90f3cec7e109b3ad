import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { SLOW_FIRST } from './slow-first.js';

const root = fileURLToPath(new URL('..', import.meta.url));

it('every file vitest starts first is a test file that exists, named once', () => {
  expect(SLOW_FIRST.filter((f) => !f.endsWith('.test.ts') || !existsSync(root + f))).toEqual([]);
  expect(new Set(SLOW_FIRST).size).toBe(SLOW_FIRST.length);
});
