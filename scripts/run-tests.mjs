#!/usr/bin/env node
// `npm test`: type-check, lint, unit and scenario tests (vitest), the contract examples and the real-game
// scorer; ends with the plain line `N passed, N failed` that CI reads (reference/packages-node20.md G9).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ON_TIMERS } from '../test/on-timers.mjs';
import { WITHOUT_NATIVE } from '../test/without-native.mjs';

let passed = 0;
let failed = 0;
/** Runs `cmd` with its output shown as it comes; true when it succeeded. Others started `quietly` go on meanwhile. */
const step = (name, cmd, args) =>
  new Promise((resolve) => {
    process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`);
    spawn(cmd, args, { stdio: 'inherit' }).on('close', (code) => resolve(code === 0));
  });

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

const NATIVE_BINARY = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

/** One vitest run (`run`: `step`, or `quietly` beside another), its JSON report counted (none written: one failure). */
async function vitest(name, report, args, run = step) {
  rmSync(report, { force: true });
  await run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args]);
  if (!existsSync(report)) {
    failed += 1;
    process.stdout.write(`FAILED: ${name} wrote no results\n`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
}

// CI installs with `--ignore-scripts` (.ci/run): there better-sqlite3 compiles from source (about 65 s on one
// core; its prebuilt binaries cannot be downloaded), so it is built here, on one core, while the other does what
// never loads it: the build, the type check, lint and the fuzz files of test/without-native.mjs. After a plain
// `npm ci` the binary is there and the tests run as one pass.
const native = existsSync(NATIVE_BINARY)
  ? null
  : quietly('native', 'npm', ['rebuild', 'better-sqlite3', '--foreground-scripts']);
tally('build', await step('build', 'npm', ['run', 'build']));
const checks = await Promise.all([
  quietly('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']),
  quietly('lint', 'npx', ['biome', 'check', 'src', 'test', 'bench', 'scripts']),
]);
for (const [i, name] of ['typecheck', 'lint'].entries()) tally(name, checks[i]);
const early = native ? WITHOUT_NATIVE : [];
if (early.length) await vitest('vitest (without the native module)', 'vitest-early.json', [...early, '--maxWorkers=1']);
if (native) tally('native', await native);

// Installable like any CLI: npm pack, npm install -g into a temporary prefix, then demo and init (issue 15). It
// mostly waits on npm and its disk: beside the tests.
const install = quietly('install', 'npx', ['tsx', 'scripts/check-install.ts']);
// The files that mostly wait on forums' timers (test/on-timers.mjs) in their own vitest beside the others: two
// workers that mostly sleep, so the main run's three always have files that use the cores.
const onTimers = vitest(
  'vitest (files that wait on timers)',
  'vitest-timers.json',
  [...ON_TIMERS, '--maxWorkers=2'],
  quietly,
);
await vitest(
  'vitest',
  'vitest-results.json',
  [...early, ...ON_TIMERS].flatMap((file) => ['--exclude', file]),
);
await onTimers;
tally('install', await install);

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
