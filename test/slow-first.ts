/**
 * The test files that take longest (most of CI's vitest time, measured with `npx vitest run --reporter=json`),
 * longest first. vitest starts them first, so the two workers end together instead of one running the longest file
 * alone at the end: on a clean clone vitest has no durations of its own and would order the files by size.
 * `test/slow-first.test.ts` holds every path true.
 */
export const SLOW_FIRST = [
  'test/scenarios.test.ts',
  'test/real-games.test.ts',
  'test/parser/may-hold-action.test.ts',
  'test/parser/html-scan-lines.test.ts',
  'test/linear-regex.test.ts',
  'test/reliability/forum-post-kill9.test.ts',
  'test/house-rules/neutral.property.test.ts',
  'test/real-games-rulings.test.ts',
  'test/scenarios-chart.test.ts',
  'test/reliability/kill9.test.ts',
  'test/cli/cli-minor.test.ts',
  'test/cli-errors.test.ts',
  'test/adapters/phpbb-posting.test.ts',
  'test/fuzz/extract-actions.fuzz.test.ts',
  'test/reliability/second-desk.test.ts',
  'test/desk/demo.test.ts',
];
