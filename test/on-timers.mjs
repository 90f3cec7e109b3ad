/**
 * Test files that mostly wait on a forum's timers rather than compute: phpBB takes a form back only a second after
 * it gave it (its whole games send 65 forms in the DEFCON one), and the posting, PM, edit and lock suites wait out
 * flood intervals, `Retry-After` and form ages. Alone on this 2-core machine each spends a fifth or less of its wall
 * time on a core (whole-game-phpbb: 121 s wall, 12 s CPU; the seven together 275 s wall, 45 s CPU). `npm test`
 * runs them in a vitest of their own beside the others (scripts/run-tests.mjs), so a worker of the main run never
 * sits idle on their timers.
 */
export const ON_TIMERS = [
  'test/whole-game/whole-game-phpbb.test.ts',
  'test/adapters/phpbb-posting.test.ts',
  'test/adapters/pm-send.test.ts',
  'test/adapters/phpbb-edit-lock.test.ts',
  'src/adapters/reddit/contract.test.ts',
  'test/linear-regex.test.ts',
  'test/adapters/board-posting.test.ts',
];
