#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` runs it): bundles the CLI into dist/bin/ with esbuild, one chunk
// per command plus shared chunks, so a call loads a few files instead of hundreds (docs/decisions/0005).
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
  ...BUNDLE_PACKAGES,
  define,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});

// Tests and the scorer may run the CLI while it is rebuilt: every file is renamed into place whole, chunks before
// the entry that imports them; outputs of earlier builds are removed once they are a minute old.
mkdirSync(outdir, { recursive: true });
const entry = join(outdir, 'main.mjs');
const files = result.outputFiles.sort((a, b) => (a.path === entry) - (b.path === entry));
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
