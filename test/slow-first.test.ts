import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ON_TIMERS } from './on-timers.mjs';
import { SLOW_FIRST } from './slow-first.js';
import { WITHOUT_NATIVE } from './without-native.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

it('every file vitest starts first is a test file that exists, named once', () => {
  expect(SLOW_FIRST.filter((f) => !f.endsWith('.test.ts') || !existsSync(root + f))).toEqual([]);
  expect(new Set(SLOW_FIRST).size).toBe(SLOW_FIRST.length);
});

it('every file npm test runs apart (on timers; before the native module) exists, and is in one group only', () => {
  const apart = [...ON_TIMERS, ...WITHOUT_NATIVE];
  expect(apart.filter((f) => !f.endsWith('.test.ts') || !existsSync(root + f))).toEqual([]);
  expect(new Set(apart).size).toBe(apart.length);
  // The timers' own run starts with the longest file of all, phpBB's whole games.
  expect(ON_TIMERS[0]).toBe('test/whole-game/whole-game-phpbb.test.ts');
});
