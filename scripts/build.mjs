#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` runs it): bundles the CLI into dist/bin/ with esbuild, one chunk
// per command plus shared chunks, so a call loads a few files instead of hundreds (docs/decisions/0005).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bin');

// Native (better-sqlite3), worker-thread transports found by path (pino), and the large clients only `fetch`,
// `watch` and `demo` use stay in node_modules.
const external = ['better-sqlite3', 'pino', 'snoowrap', 'undici'];

// The parser uses htmlparser2's Parser alone; the package's index also loads domhandler, domutils and
// dom-serializer (with entities' encoding tables) at start-up, which no call of the parser uses (issue 11).
const htmlparser2Parser = realpathSync(join(root, 'node_modules', 'htmlparser2', 'dist', 'esm', 'Parser.js'));
const parserOnly = {
  name: 'htmlparser2-parser-only',
  setup(b) {
    b.onResolve({ filter: /^htmlparser2$/ }, (args) =>
      /[\\/]src[\\/]parser[\\/]/.test(args.importer) ? { path: htmlparser2Parser } : undefined,
    );
  },
};
// The parse cache's keys carry a hash of every file the parser is built from (htmlparser2 and entities included), the
// count rules' readings kept beside the parses among them, so a cache filled by another build is never read as this
// one's (src/storage/parser-version.ts).
async function versionOf(entryPoints) {
  const probe = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external,
    plugins: [parserOnly],
    outdir: join(root, 'dist', 'probe'),
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const input of Object.keys(probe.metafile.inputs).sort()) {
    hash.update(input.replace(/^.*node_modules\//, 'node_modules/')).update('\0');
    hash.update(readFileSync(join(root, input))).update('\0');
  }
  return hash.digest('base64url').slice(0, 22);
}
const parserVersion = await versionOf(['src/parser/extract-actions.ts', 'src/parser/count-posts.ts']);
// The same for the fold points of one-shot calls (decision 0013): the dump reader, the machine, every ruleset and
// the cache's own code and the command whose output a point keeps, so a point saved by another build is never
// resumed nor its answer given (src/storage/fold-points.ts).
const foldVersion = await versionOf(['src/domain/dump.ts', 'src/cli/state-command.ts']);
const define = {
  __MODDESK_PARSER_VERSION__: JSON.stringify(parserVersion),
  __MODDESK_FOLD_VERSION__: JSON.stringify(foldVersion),
};

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  external,
  plugins: [parserOnly],
  define,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  // Bundled CommonJS packages (commander, cli-progress) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __moddeskRequire } from 'node:module';const require = __moddeskRequire(import.meta.url);",
  },
  logLevel: 'warning',
  write: false,
});

// commander requires node:child_process (which loads net and streams: about 5 ms of every call) for executable
// subcommands, which moddesk has none of: in the CommonJS scripts it gets a stand-in that loads it on first use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]lib[\\/]command\.js$/.test(args.importer)
        ? { path: 'node:child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "let m; module.exports = { spawn: (...a) => (m ??= require('node:child_process')).spawn(...a) };",
      loader: 'js',
    }));
  },
};

// The libraries only some calls use, each a CommonJS script of its own (vendor-<name>.cjs) that a command's script
// loads when a call first uses it (decision 0030): YAML and zod read a game file no earlier call parsed, htmlparser2
// a post none parsed. A later scorer call resumes from a point, with the game file and posts kept, and so reads,
// deserializes and sets up none of them (half of `state`'s script).
const VENDORS = { yaml: 'yaml', zod: 'zod', htmlparser2: htmlparser2Parser };
// htmlparser2 only as the parser imports it (the Parser alone); the desk's pages use the whole package.
const vendorImporter = (name, file) => name !== 'htmlparser2' || /[\\/]src[\\/]parser[\\/]/.test(file);
const vendorNames = await namesUsed();
for (const [name, spec] of Object.entries(VENDORS)) {
  const exported = new Set(Object.keys(await import(spec.startsWith('/') ? pathToFileURL(spec).href : spec)));
  const missing = vendorNames[name].filter((n) => !exported.has(n));
  if (missing.length) throw new Error(`build: ${name} exports no ${missing.join(', ')}`);
}

/**
 * The names the sources read from each library at run time: a named import (not `import type`), or `z.<name>` of
 * a namespace import. A library's script holds those alone (as the command scripts did, esbuild leaving the rest
 * out: all of zod takes about 30 ms to set up, the part used a few); TypeScript's parser tells a value's `z.object`
 * from a type's `z.core.$ZodIssue`. A namespace used any other way (passed as a value) stops the build.
 */
async function namesUsed() {
  const ts = (await import('typescript')).default;
  const names = Object.fromEntries(Object.keys(VENDORS).map((name) => [name, new Set()]));
  const sources = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? sources(join(dir, e.name))
        : /\.ts$/.test(e.name) && !e.name.includes('.test.')
          ? [join(dir, e.name)]
          : [],
    );
  for (const file of sources(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!/from '(yaml|zod|htmlparser2)'/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const namespaces = new Map();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const name = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!names[name] || !clause || clause.isTypeOnly || !vendorImporter(name, file)) continue;
      if (clause.name) throw new Error(`build: ${file} imports ${name}'s default export`);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, name);
      else
        for (const e of bindings?.elements ?? []) if (!e.isTypeOnly) names[name].add((e.propertyName ?? e.name).text);
    }
    const visit = (node) => {
      const library = ts.isIdentifier(node) && namespaces.get(node.text);
      if (library && !ts.isNamespaceImport(node.parent) && !ts.isQualifiedName(node.parent)) {
        if (!ts.isPropertyAccessExpression(node.parent) || node.parent.expression !== node)
          throw new Error(
            `build: ${file} uses ${library}'s namespace as a value (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`,
          );
        names[library].add(node.parent.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return Object.fromEntries(Object.entries(names).map(([name, used]) => [name, [...used].sort()]));
}
// In a command's script each library is a stand-in: an object with the library's export names whose values are
// read from the library's own script on first use. esbuild reads a CommonJS module's exports by their names (its
// __toESM defines a getter for each), and `__esModule` says they are the ES module's own, so nothing is loaded
// until a call reads one of them.
const lazyVendors = {
  name: 'lazy-vendors',
  setup(b) {
    b.onResolve({ filter: /^(yaml|zod|htmlparser2)$/ }, (args) =>
      vendorImporter(args.path, args.importer) ? { path: args.path, namespace: 'lazy-vendor' } : undefined,
    );
    b.onResolve({ filter: /^\.\/vendor-[a-z0-9]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-vendor' }, (args) => ({
      contents: `const names = new Set(${JSON.stringify(vendorNames[args.path])});
let library;
const load = () => (library ??= require('./vendor-${args.path}.cjs'));
module.exports = new Proxy({}, {
  ownKeys: () => [...names],
  getOwnPropertyDescriptor: (_, key) => names.has(key) ? { configurable: true, enumerable: true, writable: false, value: undefined } : undefined,
  has: (_, key) => key === '__esModule' || names.has(key),
  get: (_, key) => (key === '__esModule' ? true : names.has(key) ? load()[key] : undefined),
});`,
      loader: 'js',
    }));
  },
};
// What every CommonJS script bin/moddesk.js runs is built with (a library's, a command's, the dispatcher's).
const cjsScript = {
  absWorkingDir: root,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  write: false,
};
const vendorScripts = await Promise.all(
  Object.entries(VENDORS).map(([name, spec]) =>
    build({
      ...cjsScript,
      // Its ES module, as the command scripts bundled it before, with the names the sources use.
      stdin: {
        contents: `export { ${vendorNames[name].join(', ')} } from ${JSON.stringify(spec)};`,
        resolveDir: root,
        loader: 'js',
      },
      outfile: join(outdir, `vendor-${name}.cjs`),
    }),
  ),
);

// Each command as a CommonJS script of its own (the dispatcher, commander and that command's code only), which
// bin/moddesk.js runs through node:vm with V8's code cache (Node 20 has no compile cache for ES modules): a call
// then neither parses nor compiles what an earlier call of that command compiled (decision 0012), nor reads or
// deserializes any other command's code (`state`'s is 0.75 MB, the whole CLI 2.1 MB: decision 0025).
const COMMANDS = readdirSync(join(root, 'src', 'cli'))
  .map((f) => /^([a-z]+(?:-[a-z]+)*)-command\.ts$/.exec(f)?.[1])
  .filter((c) => c !== undefined)
  .sort();
const onlyCommand = (command) => ({
  name: 'only-command',
  setup(b) {
    // Only the dispatcher's imports: a command may use another's code (`demo` runs `watch`).
    b.onResolve({ filter: /-command\.js$/ }, (args) =>
      !/[\\/]src[\\/]cli[\\/]main\.ts$/.test(args.importer) || args.path === `./${command}-command.js`
        ? undefined
        : { path: args.path, external: true },
    );
  },
});
const scripts = await Promise.all(
  COMMANDS.map((command) =>
    build({
      ...cjsScript,
      entryPoints: ['src/cli/main.ts'],
      outfile: join(outdir, `command-${command}.cjs`),
      external,
      plugins: [lazyVendors, parserOnly, lazyChildProcess, onlyCommand(command)],
      define: { ...define, 'import.meta.url': '__moddeskImportMetaUrl' },
      // No source maps here (ten scripts would carry 35 MB of them): identifiers are not minified, so a stack
      // trace names our functions, and the ES chunks above keep their maps.
      banner: { js: "var __moddeskImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    }),
  ),
);

// `moddesk` without a command (`--help`) needs only the dispatcher and commander: a script of its own.
const help = await build({
  ...cjsScript,
  entryPoints: ['src/cli/main.ts'],
  outfile: join(outdir, 'help.cjs'),
  plugins: [
    lazyChildProcess,
    {
      name: 'no-commands',
      setup(b) {
        b.onResolve({ filter: /-command\.js$/ }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
});

// Tests and the scorer may run the CLI while it is rebuilt: every file is renamed into place whole, chunks before
// the entry that imports them; outputs of earlier builds are removed once they are a minute old.
mkdirSync(outdir, { recursive: true });
const entry = join(outdir, 'main.mjs');
const files = [
  ...vendorScripts.flatMap((s) => s.outputFiles),
  ...scripts.flatMap((s) => s.outputFiles),
  ...help.outputFiles,
  ...result.outputFiles,
].sort((a, b) => (a.path === entry) - (b.path === entry));
for (const f of files) {
  const tmp = `${f.path}.tmp-${process.pid}`;
  writeFileSync(tmp, f.contents);
  renameSync(tmp, f.path);
}
// `moddesk --help` to a pipe or a file prints this text without loading any of it (bin/moddesk.js): commander's own
// output from the script just written, for the width commander uses when stdout is not a terminal.
const helpText = join(outdir, 'help.txt');
const helpTmp = `${helpText}.tmp-${process.pid}`;
const helpOutput = execFileSync(
  process.execPath,
  ['-e', `require(${JSON.stringify(join(outdir, 'help.cjs'))}).main(['--help'])`],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
// bin/moddesk.js writes it in one write, which a pipe takes whole only up to PIPE_BUF (4 kB on Linux).
if (Buffer.byteLength(helpOutput) >= 4096) throw new Error('build: the help text outgrew one pipe write (4 kB)');
writeFileSync(helpTmp, helpOutput);
renameSync(helpTmp, helpText);
files.push({ path: helpText });
const current = new Set(files.map((f) => f.path));
for (const name of readdirSync(outdir)) {
  const path = join(outdir, name);
  if (!current.has(path) && Date.now() - statSync(path).mtimeMs > 60_000) unlinkSync(path);
}
