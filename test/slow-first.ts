/**
 * The test files that take longest (every file over 15 s in CI's run of 2026-12-04, measured with `npx vitest run
 * --reporter=json`), longest first. vitest starts them first, so the workers end together instead of one running
 * the longest file alone at the end: on a clean clone vitest has no durations of its own and would order the files
 * by size. `test/slow-first.test.ts` holds every path true.
 */
import { ON_TIMERS } from './on-timers.mjs';

export const SLOW_FIRST: readonly string[] = [
  // Three workers (vitest.config.ts). The two kill -9 suites with many watchers each are kept apart: the browser
  // suites, the scorer and the scenarios take the other two workers while the first runs, and the second starts as
  // it ends. (The parser's fuzz files run before all these: test/without-native.mjs.)
  'test/reliability/kill9.test.ts',
  'test/web/browser-accounts.test.ts',
  'test/real-games.test.ts',
  'test/web/browser-tidy-desk.test.ts',
  'test/scenarios.test.ts',
  'test/web/browser-drafts-flags.test.ts',
  'test/whole-game/whole-game-kill9.test.ts',
  'test/reliability/forum-post-kill9.test.ts',
  'test/adapters/cli.test.ts',
  'test/reliability/pm-kill9.test.ts',
  'test/web/browser-night-missiles.test.ts',
  'test/web/browser-mod-events.test.ts',
  'test/cli-errors.test.ts',
  'test/web/browser-desk-health.test.ts',
  'test/reliability/edit-lock-kill9.test.ts',
  'test/cli/cli-minor.test.ts',
  'test/desk/demo.test.ts',
  'test/reliability/second-desk.test.ts',
  'test/desk/long-thread.test.ts',
  'test/web/browser-phone-layout.test.ts',
  'test/web/browser-minor-items.test.ts',
  'test/whole-game/whole-game.test.ts',
  // `npm test` runs the files that mostly wait on forums' timers in a vitest of their own beside the others, two
  // workers, in this order: phpBB's whole games (the longest of all) first.
  ...ON_TIMERS,
];
