#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` runs it): bundles the CLI into dist/bin/ with esbuild, one file per
// command holding all it loads (`state.mjs`, `watch.mjs`…) and `main.mjs`, the list of commands: a call loads one
// file besides bin/moddesk.js (docs/decisions/0005, 0044).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_PACKAGES } from './bundle-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bin');

// The desk's parse cache keys carry a hash of every file the parser is built from (htmlparser2 and entities
// included), so a cache filled by another build is never read as this one's (src/storage/parser-version.ts).
async function versionOf(entryPoints) {
  const probe = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    ...BUNDLE_PACKAGES,
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
const parserVersion = await versionOf(['src/parser/extract-actions.ts']);
const define = { __MODDESK_PARSER_VERSION__: JSON.stringify(parserVersion) };

// Each `src/cli/<name>-command.ts` is the command `<name>` (src/cli/program.ts lists them, test/cli-bundle.test.ts
// holds the two lists equal); its file runs the program with that command alone.
const commands = readdirSync(join(root, 'src', 'cli'))
  .map((f) => /^([a-z][a-z-]*)-command\.ts$/.exec(f)?.[1])
  .filter(Boolean);
const ENTRY = 'moddesk-command:';
const commandEntry = {
  name: 'moddesk-command-entry',
  setup(b) {
    b.onResolve({ filter: /^moddesk-command:/ }, (args) => ({
      path: args.path.slice(ENTRY.length),
      namespace: 'moddesk-command',
    }));
    b.onLoad({ filter: /.*/, namespace: 'moddesk-command' }, (args) => ({
      loader: 'ts',
      resolveDir: join(root, 'src', 'cli'),
      contents:
        args.path !== 'main'
          ? `import * as command from './${args.path}-command.ts';\nimport { runProgram } from './program.ts';\nexport const main = (argv: string[]) => runProgram(argv, command);\n`
          : "export { listCommands as main } from './program.ts';\n",
    }));
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: [{ in: `${ENTRY}main`, out: 'main' }, ...commands.map((name) => ({ in: `${ENTRY}${name}`, out: name }))],
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  ...BUNDLE_PACKAGES,
  plugins: [...BUNDLE_PACKAGES.plugins, commandEntry],
  define,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  // The maps name the sources in src/ (beside dist/ in the repository) rather than holding a copy of each in every file.
  sourcesContent: false,
  logLevel: 'warning',
  write: false,
});

// Tests and the scorer may run the CLI while it is rebuilt: every file is renamed into place whole (each holds all
// its command loads); outputs of earlier builds are removed once they are a minute old.
mkdirSync(outdir, { recursive: true });
const files = result.outputFiles;
for (const f of files) {
  const tmp = `${f.path}.tmp-${process.pid}`;
  writeFileSync(tmp, f.contents);
  renameSync(tmp, f.path);
}
const current = new Set(files.map((f) => f.path));
for (const name of readdirSync(outdir)) {
  const path = join(outdir, name);
  if (!current.has(path) && Date.now() - statSync(path).mtimeMs > 60_000) unlinkSync(path);
}
