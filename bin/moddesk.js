#!/usr/bin/env node
// The CLI entry. It runs the bundle `npm run build` makes (dist/bin/, which `npm ci` builds via `prepare`): the
// command's own file (dist/bin/state.mjs for `moddesk state`), or main.mjs, the list of commands. When
// `tsc -p tsconfig.build.json` ran after it, tsc's dist/cli/ is the newer build of the sources and runs instead.
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

const argv = process.argv.slice(2);
// A one-shot command is over in a second or so: V8's optimizing compiler (TurboFan) spends more CPU on its background
// threads than its code saves in that time (`state` over the largest real thread, 630 -> 512 ms; over 18,000 posts,
// 1,440 -> 1,225 ms; decision 0041), and so do a young generation grown to 16 MB a semi-space (each new page is
// touched for the first time) and scavenges shared with helper threads (487 -> 417 ms; decision 0042). The desk's
// commands run for days and keep V8's defaults.
const LONG_RUNNING = new Set(['watch', 'serve', 'demo']);
if (!LONG_RUNNING.has(argv[0])) setFlagsFromString('--no-opt --semi-space-growth-factor=1 --no-parallel-scavenge');

const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
// The command is the first word that is not an option (src/cli/program.ts `commandIn`).
const name = argv.find((a) => !a.startsWith('-'));
const own = name !== undefined && /^[a-z][a-z-]*$/.test(name) && name !== 'main' ? `../dist/bin/${name}.mjs` : null;
const bundle = mtime('../dist/bin/main.mjs');
const entry =
  bundle < 0 || bundle < mtime('../dist/cli/main.js')
    ? '../dist/cli/main.js'
    : own !== null && mtime(own) >= 0
      ? own
      : '../dist/bin/main.mjs';
const { main } = await import(entry);

main(argv).then(
  (code) => {
    process.exitCode = code;
    // A failed command is over: nothing it opened before failing may keep the process alive.
    if (code !== 0) process.exit(code);
  },
  (err) => {
    process.stderr.write(`moddesk: ${err?.message ?? err}\n`);
    process.exitCode = 70;
  },
);
