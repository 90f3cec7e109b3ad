#!/usr/bin/env node
// The CLI entry: runs the compiled sources (built by `npm run build`, which `npm ci` runs via `prepare`).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`moddesk: ${err?.message ?? err}\n`);
    process.exitCode = 70;
  },
);
