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

// The parser and the domain's markup readers use htmlparser2's Parser alone; the package's index also loads domhandler, domutils and
// dom-serializer (with entities' encoding tables) at start-up, which no call of the parser uses (issue 11).
const htmlparser2Parser = realpathSync(join(root, 'node_modules', 'htmlparser2', 'dist', 'esm', 'Parser.js'));
const parserOnly = {
  name: 'htmlparser2-parser-only',
  setup(b) {
    b.onResolve({ filter: /^htmlparser2$/ }, (args) =>
      /[\\/]src[\\/](?:parser|domain)[\\/]/.test(args.importer) ? { path: htmlparser2Parser } : undefined,
    );
  },
};
// cheerio's index also holds fromURL and the stream readers: they import undici (external, so loaded at start-up)
// and bundle iconv-lite's encoding tables. The adapters use `load` alone, which load-parse.js holds (issue 29).
const cheerioLoad = realpathSync(join(root, 'node_modules', 'cheerio', 'dist', 'esm', 'load-parse.js'));
const cheerioLoadOnly = {
  name: 'cheerio-load-only',
  setup(b) {
    b.onResolve({ filter: /^cheerio$/ }, (args) =>
      /[\\/]src[\\/]adapters[\\/]/.test(args.importer) ? { path: cheerioLoad } : undefined,
    );
  },
};

export const BUNDLE_PACKAGES = { external, plugins: [parserOnly, cheerioLoadOnly] };
