import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Contract scenarios run through the CLI, as outside tests do (interfaces §4): ours in test/scenarios and the
// shared examples in ../shared/spec/examples, each with the shared runner check.mjs.
const root = fileURLToPath(new URL('..', import.meta.url));
const checker = join(root, '..', 'shared', 'spec', 'examples', 'check.mjs');
const suites = [join(root, 'test', 'scenarios'), join(root, '..', 'shared', 'spec', 'examples')];

function scenarios(dir: string): string[] {
  if (!existsSync(dir))
    throw new Error(`contract scenarios: no folder ${dir} (../shared must sit beside the checkout)`);
  return readdirSync(dir).filter((name) => existsSync(join(dir, name, 'checks.json')));
}

// Each scenario is its own `check.mjs` process, which waits on `npx moddesk` calls: two at a time keep both cores
// busy (vitest runs this file on one), and the scenarios share nothing but the CLI's caches, which are safe to share.
const runChecker = promisify(execFile);
let running = 0;
const waiting: (() => void)[] = [];
async function twoAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

describe.each(suites)('contract scenarios in %s', (dir) => {
  it.concurrent.each(scenarios(dir))(
    '%s',
    async (name) => {
      const output = await twoAtATime(() =>
        runChecker(process.execPath, [checker, root, dir, '--only', name], { encoding: 'utf8', timeout: 120_000 }).then(
          (r) => r.stdout,
          (err: { stdout?: string }) => String(err.stdout ?? err),
        ),
      );
      expect(output.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([]);
      expect(output).toMatch(/\(1\/1 scenarios\)/);
    },
    240_000,
  );
});
