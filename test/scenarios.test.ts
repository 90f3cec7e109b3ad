import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Contract scenarios run through the CLI, as outside tests do (interfaces §4): ours in test/scenarios and the
// shared examples in ../shared/spec/examples, each with the shared runner check.mjs.
const root = fileURLToPath(new URL('..', import.meta.url));
const checker = join(root, '..', 'shared', 'spec', 'examples', 'check.mjs');
const suites = [join(root, 'test', 'scenarios'), join(root, '..', 'shared', 'spec', 'examples')];

function scenarios(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => existsSync(join(dir, name, 'checks.json')));
}

describe.each(suites)('contract scenarios in %s', (dir) => {
  it.each(scenarios(dir))('%s', (name) => {
    let output: string;
    try {
      output = execFileSync(process.execPath, [checker, root, dir, '--only', name], {
        encoding: 'utf8',
        timeout: 120_000,
      });
    } catch (err) {
      output = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(output.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(output).toMatch(/\(1\/1 scenarios\)/);
  });
});
