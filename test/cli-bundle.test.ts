import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
