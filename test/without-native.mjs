/**
 * Test files that never load better-sqlite3's binary (the fuzz properties of the parser and the house rules): where
 * `npm test` finds the binary not built yet (CI installs with `--ignore-scripts`, .ci/run), it runs these on one core
 * while the other compiles it (scripts/run-tests.mjs), and the rest after. A file here that loaded the binary would
 * fail there with better-sqlite3's "Could not locate the bindings file". About 55 s on one core: the compile takes
 * about 70 s, of which the build, the type check and lint take the first 20 s.
 */
export const WITHOUT_NATIVE = [
  'test/parser/may-hold-action.test.ts',
  'test/parser/html-scan-lines.test.ts',
  'test/house-rules/neutral.property.test.ts',
];
