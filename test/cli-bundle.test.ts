import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.js';

// The CLI as `npm ci` builds it (scripts/build.mjs → dist/bin) and `npm start` runs it: the bundle finds the
// repository's files (the demo game, package.json) from dist/bin, and a call loads its command's file alone.
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

  it("--help prints commander's own output, the same from the bundle as from the sources", () => {
    const fromSources = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test', 'desk', 'cli.ts'), '--help'],
      { encoding: 'utf8' },
    );
    expect(fromSources).toMatch(/^Usage: moddesk /);
    for (const flag of ['--help', '-h', 'help'])
      expect(execFileSync(process.execPath, [BIN, flag], { encoding: 'utf8' })).toBe(fromSources);
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
});

/** The bundle's file for `command`: what a call of it loads besides bin/moddesk.js. */
function loadedBy(command: string): { bytes: number; text: string } {
  const file = join(ROOT, 'dist', 'bin', `${command}.mjs`);
  if (!existsSync(file)) throw new Error(`dist/bin has no ${command}.mjs`);
  const text = readFileSync(file, 'utf8');
  return { bytes: Buffer.byteLength(text), text };
}

// Decision 0044: each command is one file holding all it loads. The modules a call loads were 16 files for `state`
// (shared chunks); resolving, reading and linking each one cost more than compiling the code twice on disk.
describe('one file per command', () => {
  it('every command moddesk --help lists has its own file, which runs it and nothing else', () => {
    const listed = [
      ...execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' }).matchAll(/^ {2}([a-z][a-z-]*)\b/gm),
    ]
      .map((m) => m[1]!)
      .filter((name) => name !== 'help');
    const files = readdirSync(join(ROOT, 'src', 'cli'))
      .map((f) => /^([a-z][a-z-]*)-command\.ts$/.exec(f)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(listed.sort()).toEqual(files.sort());
    for (const name of listed) {
      const { text } = loadedBy(name);
      // Static imports only: a command's file imports Node's own modules and the packages left in node_modules.
      expect([...text.matchAll(/\bimport\s*(?:[^'"()]*?from\s*)?["']\.{1,2}\/([^"']+)["']/g)].map((m) => m[1])).toEqual(
        [],
      );
    }
  });

  it("bin/moddesk.js runs the command's file (main.mjs knows no command's options)", () => {
    for (const name of ['state', 'count']) {
      const run = spawnSync(process.execPath, [BIN, name, '--help'], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: moddesk ${name} `));
      expect(run.stdout).toContain('--game <file>');
    }
  });

  it('main.mjs asked for a command says the command has no file in this build (never runs it as a bare command)', () => {
    const list = JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'bin', 'main.mjs')).href);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { main } = await import(${list}); process.exitCode = await main(['state']);`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toBe(
      'moddesk: this build has no file for the command "state" (dist/bin/state.mjs): run npm run build\n',
    );
    expect(run.stdout).toBe('');
  });
});

// Issue 29: compiling the modules a call loads is a fixed cost of every `state` call (the scorer makes ~300) and of
// every start of the desk. zod imported by name kept every locale (+430 KB), cheerio's index brought undici and
// iconv-lite's tables (+520 KB), htmlparser2's index domhandler and dom-serializer: the bounds catch such a slip.
describe('what a command loads', () => {
  it('state: under 700 KB, no DOM builder, no encoding tables, no zod locale but English, no zod classic', () => {
    const { bytes, text } = loadedBy('state');
    expect(bytes).toBeLessThan(700_000);
    expect(text).not.toMatch(/iconv|fromURL|DomHandler|invalide|ZodClassic|toJSONSchema/);
  });

  // zod/mini has no words of its own: src/domain/zod.ts sets English once, and a command's file must keep it.
  it("state's file words a game file's mistake in English", () => {
    const dir = tempDir('moddesk-zod-words-');
    const game = join(dir, 'game.yaml');
    writeFileSync(
      game,
      'ruleset: vanilla\nplayers: [{ name: Ann }, { name: 3 }]\nphases: [{ name: D1, start: "2026-01-05T18:00:00Z" }]\n',
    );
    const run = spawnSync(process.execPath, [BIN, 'state', '--game', game], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('line 2: players[1].name: Invalid input: expected string, received number');
  });

  it('watch: under 1,700 KB with the dashboard, cheerio without its fetching half', () => {
    const { bytes, text } = loadedBy('watch');
    expect(bytes).toBeLessThan(1_700_000);
    expect(text).not.toMatch(/iconv|fromURL|invalide/);
    // snoowrap and its request stack are 0.5 s of CPU to load: required when a Reddit game makes its gateway.
    expect(text).not.toMatch(/\bfrom\s*["']snoowrap["']/);
  });
});

// commander requires node:child_process when it loads, for executable subcommands; the bundle gives it to commander
// on first use (scripts/bundle-packages.mjs), which spares every call 14 ms of CPU.
describe("commander's child_process, given on use", () => {
  it('a call loads no child_process module', () => {
    const watch = `process.on('exit', () => { if (process.moduleLoadList.some((m) => / child_process$/.test(m))) process.stderr.write('child_process was loaded'); });`;
    const run = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(watch)}`, BIN, 'state', '--help'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: moddesk state/);
    expect(run.stderr).toBe('');
  });

  it('an executable subcommand still starts its own process through it', async () => {
    const { build } = await import('esbuild');
    const { BUNDLE_PACKAGES } = await import('../scripts/bundle-packages.mjs');
    const dir = tempDir('moddesk-commander-');
    writeFileSync(join(dir, 'tool-hello.cjs'), "require('node:fs').writeFileSync(process.argv[2], 'hello');\n");
    const entry = join(dir, 'tool.mjs');
    writeFileSync(
      entry,
      `import { Command } from ${JSON.stringify(fileURLToPath(import.meta.resolve('commander')))};\n` +
        `new Command('tool').executableDir(${JSON.stringify(dir)}).command('hello', 'say hello', { executableFile: 'tool-hello.cjs' }).parse();\n`,
    );
    const out = join(dir, 'tool.bundle.mjs');
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'warning',
      ...BUNDLE_PACKAGES,
    });
    expect(readFileSync(out, 'utf8')).toContain('child-process-on-use');
    const said = join(dir, 'said.txt');
    const run = spawnSync(process.execPath, [out, 'hello', said], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(said, 'utf8')).toBe('hello');
  });
});
