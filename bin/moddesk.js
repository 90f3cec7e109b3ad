#!/usr/bin/env node
// The CLI entry. It runs the bundle `npm run build` makes (dist/bin/, which `npm ci` builds via `prepare`);
// when `tsc -p tsconfig.build.json` ran after it, tsc's dist/cli/ is the newer build of the sources and runs instead.
// A command runs from the one-script build (dist/bin/moddesk.cjs) with V8's code cache (decision 0012); `--help`
// alone from the dispatcher's own small script (dist/bin/help.cjs).
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const stat = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false });
const mtime = (rel) => stat(rel)?.mtimeMs ?? -1;
const argv = process.argv.slice(2);
const bundle = mtime('../dist/bin/main.mjs');
const fresh = bundle >= 0 && bundle >= mtime('../dist/cli/main.js');
const command = argv.find((a) => !a.startsWith('-'));
const scriptFile = command ? '../dist/bin/moddesk.cjs' : '../dist/bin/help.cjs';
const script = stat(scriptFile);
const { main } =
  fresh && script && script.mtimeMs >= bundle - 60_000
    ? runCached(fileURLToPath(new URL(scriptFile, import.meta.url)), script, command ?? 'main')
    : await import(fresh ? '../dist/bin/main.mjs' : '../dist/cli/main.js');

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

/**
 * Runs the CommonJS build through node:vm with the code V8 compiled for this command last time (a file per
 * command and build in the cache directory); written at exit when there was none or V8 refused it. The cache only
 * saves compiling: a missing, stale or unwritable one changes nothing but time. `MODDESK_CODE_CACHE=off` skips it.
 */
function runCached(file, info, name) {
  // Loaded here, not imported above: `--help` alone pays for nothing it does not use.
  const vm = process.getBuiltinModule('node:vm');
  const { join } = process.getBuiltinModule('node:path');
  const source = readFileSync(file, 'utf8');
  const dir = codeCacheDir();
  const slug = name.replace(/[^a-z-]/g, '_').slice(0, 20);
  const cacheFile = dir && join(dir, `code-${slug}-${info.size}-${Math.round(info.mtimeMs)}.bin`);
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {}
  const compiled = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cacheFile && (!cachedData || compiled.cachedDataRejected))
    process.once('exit', () => saveCodeCache(compiled, dir, cacheFile, slug));
  const mod = { exports: {} };
  const require = process.getBuiltinModule('node:module').createRequire(file);
  compiled.runInThisContext()(mod.exports, require, mod, file, join(file, '..'));
  return mod.exports;
}

function codeCacheDir() {
  const { join } = process.getBuiltinModule('node:path');
  const { homedir } = process.getBuiltinModule('node:os');
  const env = process.env;
  if (env.MODDESK_CODE_CACHE === 'off') return null;
  if (env.MODDESK_CACHE_DIR) return env.MODDESK_CACHE_DIR;
  const isDir = (d) => statSync(d, { throwIfNoEntry: false })?.isDirectory() === true;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  if (isDir(base)) return join(base, 'moddesk');
  const fallback = fileURLToPath(new URL('../node_modules/.cache', import.meta.url));
  return isDir(fallback) ? join(fallback, 'moddesk') : null;
}

function saveCodeCache(compiled, dir, cacheFile, slug) {
  const { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } =
    process.getBuiltinModule('node:fs');
  const { join } = process.getBuiltinModule('node:path');
  try {
    const data = compiled.createCachedData();
    mkdirSync(dir, { recursive: true });
    const tmp = `${cacheFile}.tmp-${process.pid}`;
    writeFileSync(tmp, data, { flag: 'wx' });
    renameSync(tmp, cacheFile);
    // Other builds' files go once a day old (several checkouts may share the folder and take turns).
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (
        f.startsWith(`code-${slug}-`) &&
        f.endsWith('.bin') &&
        path !== cacheFile &&
        statSync(path).mtimeMs < Date.now() - 86_400_000
      )
        unlinkSync(path);
    }
  } catch {
    // No directory, no space, or another call wrote it first: the next call compiles again.
  }
}
