#!/usr/bin/env node
// `npm test`: type-check, lint, unit and scenario tests (vitest), the contract examples and the real-game
// scorer; ends with the plain line `N passed, N failed` that CI reads (reference/packages-node20.md G9).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

let passed = 0;
let failed = 0;
const step = (name, cmd, args, opts = {}) => {
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status === 0;
};

const tally = (name, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    process.stdout.write(`FAILED: ${name}\n`);
  }
};

/** Runs `cmd` with its output kept, and prints it whole when it ends (side by side, outputs never interleave). */
const quietly = (name, cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('close', (code) => {
      process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n${out}`);
      resolve(code === 0);
    });
  });

tally('build', step('build', 'npm', ['run', 'build']));
// The type check is CPU, the install check mostly npm and its disk: side by side they take the longer one's time.
const checks = await Promise.all([
  quietly('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']),
  quietly('lint', 'npx', ['biome', 'check', 'src', 'test', 'bench', 'scripts']),
  // Installable like any CLI: npm pack, npm install -g into a temporary prefix, then demo and init (issue 15).
  quietly('install', 'npx', ['tsx', 'scripts/check-install.ts']),
]);
for (const [i, name] of ['typecheck', 'lint', 'install'].entries()) tally(name, checks[i]);

rmSync('vitest-results.json', { force: true });
step('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=vitest-results.json']);
if (existsSync('vitest-results.json')) {
  const r = JSON.parse(readFileSync('vitest-results.json', 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
} else {
  failed += 1;
  process.stdout.write('FAILED: vitest wrote no results\n');
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
