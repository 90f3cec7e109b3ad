import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SLOW_FIRST } from './test/slow-first.js';

/** The slowest files first, longest first (test/slow-first.ts); the others in vitest's own order after them. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(relative(f.project.config.root, f.moduleId).replaceAll('\\', '/'));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the modules once for all its files, not once per file (imports were 197 s of CI's file
    // times). Test files restore what they change in the process (environment variables: vi.stubEnv).
    isolate: false,
    // Vitest's default on a 2-core machine is one worker, and most of the slow files wait on processes, servers,
    // a browser or a board's form timer rather than compute: three files at a time keep both cores busy (four
    // overloaded them: kill -9 runs and the demo timed out).
    maxWorkers: 3,
    // On a clean clone vitest knows no durations and starts the largest files first; the slowest are small ones.
    sequence: { sequencer: SlowFirst },
  },
});
