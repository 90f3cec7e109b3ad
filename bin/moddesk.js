#!/usr/bin/env node
// The CLI entry. It runs the bundle `npm run build` makes (dist/bin/, which `npm ci` builds via `prepare`);
// when `tsc -p tsconfig.build.json` ran after it, tsc's dist/cli/ is the newer build of the sources and runs instead.
// A command runs from its own one-script build (dist/bin/command-<name>.cjs) with V8's code cache (decision 0012); `--help`
// written to a pipe or file is the text the build took from commander (dist/bin/help.txt), else the dispatcher's own
// small script (dist/bin/help.cjs) prints it. CommonJS (bin/package.json): an ES entry costs a call about 4 ms more.
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const stat = (file) => statSync(join(dist, file), { throwIfNoEntry: false });
const mtime = (file) => stat(file)?.mtimeMs ?? -1;
const argv = process.argv.slice(2);
const bundle = mtime('bin/main.mjs');
const fresh = bundle >= 0 && bundle >= mtime('cli/main.js');
const command = argv.find((a) => !a.startsWith('-'));
// A one-shot command runs for a few hundred milliseconds, and V8's optimizing compiler spent more CPU compiling its
// many warm functions than running them optimized saved (decision 0023): only code that runs about 60 times as
// long as V8's default asks for it gets optimized (a huge input's hot loops still are). The long-running commands
// (watch, serve, demo, fetch) keep V8's defaults.
// V8 refuses Node's code cache for a built-in module compiled after a flag changes, so the built-ins such a call
// loads (node:vm and node:module to run the script; crypto, zlib and os for the caches) are loaded first: compiled
// from source, they cost a scorer's call about 4% more (decision 0025). Such a call prints without `process.stdout`,
// so net and the streams never load (src/cli/output.ts, decision 0027).
if (['state', 'count', 'parse', 'draw', 'script'].includes(command)) {
  for (const builtin of ['vm', 'module', 'crypto', 'zlib', 'os']) require(`node:${builtin}`);
  require('node:v8').setFlagsFromString('--interrupt-budget=4000000');
}
// Files of one build are written within seconds; an older one is another build's.
const ofThisBuild = (info) => fresh && info !== undefined && info.mtimeMs >= bundle - 60_000;

if (!(ofThisBuild(stat('bin/help.txt')) && printedHelp(argv))) {
  // A command's own script (scripts/build.mjs); anything else (no command, an unknown one) the dispatcher's.
  const own = command && /^[a-z]+(?:-[a-z]+)*$/.test(command) ? `bin/command-${command}.cjs` : null;
  const scriptFile = own && stat(own) ? own : 'bin/help.cjs';
  const script = stat(scriptFile);
  const loaded = ofThisBuild(script)
    ? Promise.resolve(runCached(join(dist, scriptFile), script, command ?? 'main'))
    : import(require('node:url').pathToFileURL(join(dist, fresh ? 'bin/main.mjs' : 'cli/main.js')).href);
  loaded
    .then(({ main }) => main(argv))
    .then(
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
}

/**
 * `moddesk --help` (or `-h`, `help`) to a pipe or a file: commander's text for a width of 80, taken at build time
 * from the same program (scripts/build.mjs; test/cli-bundle.test.ts checks it against commander's own output). A
 * terminal gets commander itself, which wraps to the terminal's width.
 */
function printedHelp(args) {
  if (args.length !== 1 || !['--help', '-h', 'help'].includes(args[0])) return false;
  if (stdoutIsTerminal()) return false;
  const text = readFileSync(join(dist, 'bin', 'help.txt'));
  try {
    // Under 4 kB, so a pipe takes all of it or none (PIPE_BUF).
    require('node:fs').writeSync(1, text);
  } catch (err) {
    // `moddesk --help | head -1`: a reader that stops early ends our output, quietly (as main.ts does). Any
    // other failure (a full non-blocking pipe) wrote nothing: commander prints it instead.
    return err?.code === 'EPIPE';
  }
  return true;
}

/**
 * Whether stdout is a terminal, as `tty.isatty(1)` says. `node:tty` loads Node's streams and `net` (about 6 ms, a
 * tenth of the whole call); the binding it wraps loads nothing. Where that binding is not offered, `node:tty`.
 */
function stdoutIsTerminal() {
  // Under --pending-deprecation the binding would print a deprecation warning.
  const pending =
    process.execArgv.includes('--pending-deprecation') ||
    (process.env.NODE_OPTIONS ?? '').includes('--pending-deprecation') ||
    process.env.NODE_PENDING_DEPRECATION === '1';
  if (!pending)
    try {
      const isTTY = process.binding('tty_wrap').isTTY;
      if (typeof isTTY === 'function') return isTTY(1) === true;
    } catch {}
  return require('node:tty').isatty(1);
}

/**
 * Runs the CommonJS build through node:vm with the code V8 compiled for this command last time (a file per
 * command and build in the cache directory); written at exit when there was none or V8 refused it. The cache only
 * saves compiling: a missing, stale or unwritable one changes nothing but time. `MODDESK_CODE_CACHE=off` skips it.
 */
function runCached(file, info, name) {
  const vm = require('node:vm');
  // The build's scripts are ASCII (test/cli-bundle.test.ts): read as Latin-1, the text is made from the bytes in one
  // copy; Node's UTF-8 read grows a second buffer by doubling (about 100 page faults more a call; decision 0028).
  const bytes = readFileSync(file);
  const source = require('node:buffer').isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
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
  compiled.runInThisContext()(mod.exports, scriptRequire(file), mod, file, join(file, '..'));
  return mod.exports;
}

/**
 * The `require` a script runs with: Node's, but a library's own script of this build (`./vendor-<name>.cjs`, which a
 * command's script asks for when a call first uses the library: decision 0030) runs with its code cache as well.
 */
function scriptRequire(file) {
  const nodeRequire = require('node:module').createRequire(file);
  return Object.assign((id) => {
    const vendor = /^\.\/(vendor-[a-z0-9]+)\.cjs$/.exec(id);
    const info = vendor && stat(`bin/${vendor[1]}.cjs`);
    return info && ofThisBuild(info)
      ? runCached(join(dist, 'bin', `${vendor[1]}.cjs`), info, vendor[1])
      : nodeRequire(id);
  }, nodeRequire);
}

function codeCacheDir() {
  const env = process.env;
  if (env.MODDESK_CODE_CACHE === 'off') return null;
  if (env.MODDESK_CACHE_DIR) return env.MODDESK_CACHE_DIR;
  const isDir = (d) => statSync(d, { throwIfNoEntry: false })?.isDirectory() === true;
  const base = env.XDG_CACHE_HOME || join(require('node:os').homedir(), '.cache');
  if (isDir(base)) return join(base, 'moddesk');
  const fallback = join(__dirname, '..', 'node_modules', '.cache');
  return isDir(fallback) ? join(fallback, 'moddesk') : null;
}

function saveCodeCache(compiled, dir, cacheFile, slug) {
  const { mkdirSync, readdirSync, renameSync, unlinkSync, writeFileSync } = require('node:fs');
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
