import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { exited } from '../helpers/exited.js';
import { REPO } from './games.js';
import { request } from './http-client.js';

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill('SIGTERM');
  child = null;
});

/** Runs `moddesk serve …` from the sources and resolves with its first stdout line. */
function serve(args: string[]): Promise<{ line: string; code: Promise<number | null>; stderr: () => string }> {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/cli/main.ts').then(async (m) => { process.exitCode = await m.main(${JSON.stringify(['serve', ...args])}); })`,
    ],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child = proc;
  let err = '';
  proc.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const code = exited(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve({ line: out.split('\n')[0] as string, code, stderr: () => err });
    });
    void code.then((c) => reject(new Error(`serve exited ${c}: ${err}`)));
  });
}

describe('moddesk serve', () => {
  it('prints the link with its token, serves the game on 127.0.0.1 at its default port (m3: 4479), and stops on SIGTERM', async () => {
    const { line, code } = await serve(['--game', 'config/demo/vanilla-demo.game.yaml']);
    const m = /^moddesk dashboard for harbour-lights-mafia: (http:\/\/127\.0\.0\.1:4479\/)\?token=([\w-]+)$/.exec(line);
    expect(m, line).not.toBeNull();
    const [, url, token] = m as RegExpExecArray;
    expect((await request(url as string)).status).toBe(401);
    const page = await request(`${url}games/harbour-lights-mafia`, { headers: { cookie: `moddesk_token=${token}` } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Harbour Lights Mafia');
    child?.kill('SIGTERM');
    expect(await code).toBe(0);
  }, 30_000);

  it('a bad option is one clear line and a non-zero exit', async () => {
    await expect(serve(['--game', 'config/demo/vanilla-demo.game.yaml', '--port', 'eighty'])).rejects.toThrow(
      /--port: expected a port number, got "eighty"/,
    );
  }, 30_000);
});
