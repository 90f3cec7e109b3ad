/**
 * The test files that take longest (every file over 15 s in CI's run of 2026-12-04, measured with `npx vitest run
 * --reporter=json`), longest first. vitest starts them first, so the workers end together instead of one running
 * the longest file alone at the end: on a clean clone vitest has no durations of its own and would order the files
 * by size. `test/slow-first.test.ts` holds every path true.
 */
export const SLOW_FIRST = [
  // Three workers (vitest.config.ts). The two kill -9 suites with many watchers each are kept mostly apart: the
  // first beside phpBB's whole games, which mostly wait (phpBB takes a form back only a second after it gave it),
  // and files the third worker takes meanwhile; the second after those (in CI it started 36 s before the first
  // ended, where in this list's old order both started at once). The files that mostly wait on a forum's timers
  // (phpBB's posting, Reddit's contract, PMs sent, phpBB's edits and locks) stand apart, each among files that keep
  // the cores busy: in CI's runs of 2026-12-04, two or three of them side by side left a core idle for 20-40 s.
  // (The parser's fuzz files run before all these: test/without-native.mjs.)
  'test/reliability/kill9.test.ts',
  'test/whole-game/whole-game-phpbb.test.ts',
  'test/web/browser-accounts.test.ts',
  'test/real-games.test.ts',
  'test/whole-game/whole-game-kill9.test.ts',
  'test/web/browser-tidy-desk.test.ts',
  'test/web/browser-drafts-flags.test.ts',
  'test/adapters/phpbb-posting.test.ts',
  'test/linear-regex.test.ts',
  'test/reliability/forum-post-kill9.test.ts',
  'test/adapters/cli.test.ts',
  'src/adapters/reddit/contract.test.ts',
  'test/scenarios.test.ts',
  'test/reliability/pm-kill9.test.ts',
  'test/web/browser-night-missiles.test.ts',
  'test/adapters/pm-send.test.ts',
  'test/web/browser-mod-events.test.ts',
  'test/cli-errors.test.ts',
  'test/web/browser-desk-health.test.ts',
  'test/reliability/edit-lock-kill9.test.ts',
  'test/adapters/phpbb-edit-lock.test.ts',
  'test/cli/cli-minor.test.ts',
  'test/desk/demo.test.ts',
  'test/reliability/second-desk.test.ts',
  'test/desk/long-thread.test.ts',
  'test/web/browser-phone-layout.test.ts',
  'test/web/browser-minor-items.test.ts',
  'test/whole-game/whole-game.test.ts',
];
