import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The CLI as `npm ci` builds it (scripts/build.mjs → dist/bin) and `npm start` runs it: the bundle finds the
// repository's files (the demo game, package.json) from dist/bin, and loads a command only when it runs.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'moddesk.js');

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(join(ROOT, 'dist', 'bin', 'main.mjs'))) throw new Error('npm run build made no dist/bin/main.mjs');
}, 120_000);

describe('the built CLI', () => {
  it('--help lists every command', () => {
    const out = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    for (const cmd of ['state', 'count', 'parse', 'fetch', 'draw', 'script', 'serve', 'watch', 'demo'])
      expect(out).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'));
  });

  it("--help to a pipe prints the build's text (dist/bin/help.txt), which is commander's own output", () => {
    const fromSources = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test', 'desk', 'cli.ts'), '--help'],
      { encoding: 'utf8' },
    );
    expect(fromSources).toMatch(/^Usage: moddesk /);
    expect(readFileSync(join(ROOT, 'dist', 'bin', 'help.txt'), 'utf8')).toBe(fromSources);
    for (const flag of ['--help', '-h', 'help'])
      expect(execFileSync(process.execPath, [BIN, flag], { encoding: 'utf8' })).toBe(fromSources);
    // Without its text (or with another build's), the CLI asks commander.
    const text = join(ROOT, 'dist', 'bin', 'help.txt');
    const saved = readFileSync(text);
    try {
      writeFileSync(text, 'not the help');
      utimesSync(text, new Date(0), new Date(0));
      expect(execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })).toBe(fromSources);
    } finally {
      writeFileSync(text, saved);
    }
  });

  it('npm start (demo) serves a dashboard that answers, and stops on Ctrl-C', async () => {
    const child = spawn(process.execPath, [BIN, 'demo', '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    let status = 0;
    for (let i = 0; i < 600 && status === 0; i += 1) {
      const url = /dashboard: (http:\/\/\S+)/.exec(out)?.[1];
      if (url)
        status = await fetch(url).then(
          (r) => r.status,
          () => 0,
        );
      else await new Promise((r) => setTimeout(r, 50));
      if (child.exitCode !== null) break;
    }
    child.kill('SIGINT');
    expect(await closed, out).toBe(0);
    expect(out).toMatch(/moddesk demo: .+ posts/);
    expect(status, out).toBeGreaterThan(0);
    expect(status).toBeLessThan(500);
  }, 60_000);

  it("each command runs from a script of its own (decision 0025), which holds no other command's code", () => {
    const dist = join(ROOT, 'dist', 'bin');
    const commands = readdirSync(join(ROOT, 'src', 'cli'))
      .map((f) => /^([a-z]+)-command\.ts$/.exec(f)?.[1])
      .filter((c): c is string => c !== undefined);
    // The same commands the dispatcher offers (src/cli/main.ts), as its --help lists them.
    const listed = [...readFileSync(join(dist, 'help.txt'), 'utf8').matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]);
    expect(new Set(commands)).toEqual(new Set(listed.filter((c) => c !== 'help')));
    for (const command of commands) {
      const script = readFileSync(join(dist, `command-${command}.cjs`), 'utf8');
      const registered = [...script.matchAll(/\.command\("([a-z]+)"\)/g)].map((m) => m[1]);
      expect(new Set(registered), command).toEqual(new Set([command]));
    }
    const help = execFileSync(process.execPath, [BIN, 'state', '--help'], { encoding: 'utf8' });
    expect(help).toMatch(/^Usage: moddesk state /);
    // An unknown command is the dispatcher's to refuse, with the list of the real ones.
    const unknown = spawnSync(process.execPath, [BIN, 'nosuch'], { encoding: 'utf8' });
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/nosuch/);
  });

  it('the one-shot commands and the libraries they load run from ASCII-only scripts (decisions 0027, 0030)', () => {
    // One character past ASCII makes V8 hold the whole 0.75 MB source as two-byte text (twice the memory, decoded
    // on every call): esbuild escapes strings but not regular expressions, so those are written with \u escapes.
    const libraries = ['yaml', 'zod', 'htmlparser2'].map((name) => `vendor-${name}`);
    for (const command of [...['state', 'count', 'parse', 'draw', 'script'].map((c) => `command-${c}`), ...libraries]) {
      const script = readFileSync(join(ROOT, 'dist', 'bin', `${command}.cjs`));
      const outside = script.findIndex((b) => b > 0x7f);
      expect(
        outside < 0 ? null : script.subarray(Math.max(0, outside - 60), outside + 20).toString(),
        command,
      ).toBeNull();
    }
  });

  it("a one-shot command loads its Node built-ins before V8's flag, so Node's code cache serves them, and never net (decisions 0025, 0027)", () => {
    // A flag set at run time voids Node's code cache for every built-in compiled after it: record what loads then.
    const dir = mkdtempSync(join(tmpdir(), 'moddesk-builtins-'));
    try {
      const hook = join(dir, 'hook.cjs');
      writeFileSync(
        hook,
        `const v8 = require('node:v8'); const set = v8.setFlagsFromString; let before = null;
        v8.setFlagsFromString = (f) => { before = new Set(process.moduleLoadList); return set(f); };
        process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'after.json'))},
          JSON.stringify(before && process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule')))));
        process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'all.json'))},
          JSON.stringify(process.moduleLoadList)));`,
      );
      const game = join(ROOT, 'test', 'games', 'defcon-sample', 'game.yaml');
      for (const args of [
        ['state', '--game', game, '--json'],
        ['count', '--game', game],
      ]) {
        execFileSync(process.execPath, ['--require', hook, BIN, ...args], {
          encoding: 'utf8',
          env: { ...process.env, MODDESK_CACHE_DIR: join(dir, 'cache') },
        });
        const after = JSON.parse(readFileSync(join(dir, 'after.json'), 'utf8')) as string[] | null;
        // `process` is the built-in's small facade; everything a call loads besides it comes before the flag.
        expect(after, args[0]).toEqual(expect.any(Array));
        expect(
          (after ?? []).filter((m) => m !== 'NativeModule process'),
          args[0],
        ).toEqual([]);
        // Its output (stdout and stderr are pipes here) is written without Node's streams (decision 0027).
        const all = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as string[];
        expect(
          all.filter((m) => m === 'NativeModule net'),
          args[0],
        ).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a command keeps the code V8 compiled for it (decision 0012); a broken or missing cache changes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moddesk-code-cache-'));
    try {
      const game = join(ROOT, 'test', 'games', 'defcon-sample', 'game.yaml');
      const state = (env: NodeJS.ProcessEnv = {}) =>
        execFileSync(process.execPath, [BIN, 'state', '--game', game, '--json'], {
          encoding: 'utf8',
          env: { ...process.env, MODDESK_CACHE_DIR: dir, ...env },
        });
      const first = state();
      const kept = readdirSync(dir).filter((f) => /^code-state-\d+-\d+\.bin$/.test(f));
      expect(kept).toHaveLength(1);
      expect(state()).toBe(first);
      writeFileSync(join(dir, kept[0] as string), 'not V8 code');
      expect(state()).toBe(first);
      expect(state({ MODDESK_CODE_CACHE: 'off' })).toBe(first);
      expect(JSON.parse(first).schema).toBe('moddesk.state/1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
