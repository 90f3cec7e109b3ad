import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { problems, type ScenarioCheck } from './scenario-checks.js';

// Contract scenarios run through the CLI (interfaces §4). The shared examples in ../shared/spec/examples go through
// the shared runner check.mjs, as outside tests run them (`npx moddesk`, one process a check). Ours in
// test/scenarios ask every check of a scenario in one `moddesk state` call (several cuts, one replay) and match
// with check.mjs's rules (scenario-checks.ts): npx alone cost about 1.3 s of CPU a check, most of CI's scenario time.
const root = fileURLToPath(new URL('..', import.meta.url));
const shared = join(root, '..', 'shared', 'spec', 'examples');
const ours = join(root, 'test', 'scenarios');
const run = promisify(execFile);

function scenarios(dir: string): string[] {
  if (!existsSync(dir))
    throw new Error(`contract scenarios: no folder ${dir} (../shared must sit beside the checkout)`);
  return readdirSync(dir).filter((name) => existsSync(join(dir, name, 'checks.json')));
}

describe(`contract scenarios in ${shared}, through check.mjs`, () => {
  it.concurrent.each(scenarios(shared))(
    '%s',
    async (name) => {
      const { stdout } = await run(process.execPath, [join(shared, 'check.mjs'), root, shared, '--only', name], {
        encoding: 'utf8',
        timeout: 120_000,
      }).catch((err: { stdout?: string }) => ({ stdout: String(err.stdout ?? err) }));
      expect(stdout.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([]);
      expect(stdout).toMatch(/\(1\/1 scenarios\)/);
    },
    240_000,
  );
});

describe('contract scenarios in test/scenarios, every check of one in one `moddesk state` call', () => {
  it('there are scenarios of every ruleset', () => {
    for (const ruleset of ['vanilla-', 'defcon-', 'obsidian-'])
      expect(scenarios(ours).filter((n) => n.startsWith(ruleset)).length).toBeGreaterThanOrEqual(4);
  });

  it.concurrent.each(scenarios(ours))(
    '%s',
    async (name) => {
      const dir = join(ours, name);
      const checks = JSON.parse(readFileSync(join(dir, 'checks.json'), 'utf8')) as ScenarioCheck[];
      const cuts = checks.flatMap((c) => (c.at ? ['--at', c.at] : ['--through', c.through as string]));
      const args = ['state', '--game', join(dir, 'game.yaml'), '--posts', join(dir, 'posts.jsonl'), ...cuts, '--json'];
      const { stdout } = await run(process.execPath, [join(root, 'bin', 'moddesk.js'), ...args], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const states = stdout.trimEnd().split('\n');
      expect(states).toHaveLength(checks.length);
      const failed = checks.flatMap((c, i) =>
        problems(JSON.parse(states[i]!), c.expect).map((p) => `${c.at ?? c.through}: ${p}`),
      );
      expect(failed).toEqual([]);
    },
    120_000,
  );
});
