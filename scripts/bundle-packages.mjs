// How the CLI's bundles take their packages: which stay in node_modules and which are cut to the part moddesk uses.
// scripts/build.mjs and the reliability suites' bundles (test/reliability/harness.ts) share it, so a watcher the
// suites start many times loads what an installed `moddesk watch` loads.
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Native (better-sqlite3), worker-thread transports found by path (pino), and the large clients only `fetch`,
// `watch` and `demo` use stay in node_modules.
const external = ['better-sqlite3', 'pino', 'snoowrap', 'undici', 'nodemailer'];

/** `pkg` imported from the given folders of src/ is bundled as its file `file` alone (the part moddesk uses). */
function onlyFile(pkg, file, folders) {
  const path = realpathSync(join(root, 'node_modules', pkg, file));
  const importer = new RegExp(`[\\\\/]src[\\\\/](?:${folders.join('|')})[\\\\/]`);
  return {
    name: `${pkg}-${file}-only`,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${pkg}$`) }, (args) => (importer.test(args.importer) ? { path } : undefined));
    },
  };
}

/**
 * commander requires `node:child_process` when it loads, for executable subcommands (a `moddesk-state` file beside
 * the CLI), which moddesk has none of; loading it (with `net` and `dgram`) is 14 ms of CPU in every call. commander
 * is given it on first use instead.
 */
const commanderChildProcessOnUse = {
  name: 'commander-child-process-on-use',
  setup(b) {
    const commander = /[\\/]node_modules[\\/]commander[\\/]/;
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      commander.test(args.importer) ? { path: 'child-process-on-use', namespace: 'moddesk' } : undefined,
    );
    b.onLoad({ filter: /^child-process-on-use$/, namespace: 'moddesk' }, () => ({
      loader: 'js',
      contents:
        "let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });\n",
    }));
  },
};

export const BUNDLE_PACKAGES = {
  external,
  plugins: [
    // The parser and the domain's markup readers use htmlparser2's Parser alone; the package's index also loads
    // domhandler, domutils and dom-serializer (with entities' encoding tables), which none of them uses (issue 11).
    onlyFile('htmlparser2', 'dist/esm/Parser.js', ['parser', 'domain']),
    // cheerio's index also holds fromURL and the stream readers: they import undici (external, so loaded at
    // start-up) and bundle iconv-lite's encoding tables. The adapters use `load` alone, in load-parse.js (issue 29).
    onlyFile('cheerio', 'dist/esm/load-parse.js', ['adapters']),
    commanderChildProcessOnUse,
  ],
  // Bundled CommonJS packages (commander, cli-progress) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __moddeskRequire } from 'node:module';const require = __moddeskRequire(import.meta.url);",
  },
};
