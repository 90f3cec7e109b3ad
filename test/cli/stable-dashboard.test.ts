import { type ChildProcess, spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PORTS } from '../../src/app/app-config.js';
import { ROOT } from '../desk/helpers.js';
import { exited } from '../helpers/exited.js';
import { tempDir } from '../temp-dir.js';

// Issue 32, m3: a restarted `watch` came up on a new port with a new token, so the moderator's bookmark broke.
const running: ChildProcess[] = [];
afterEach(() => {
  for (const c of running.splice(0)) if (c.exitCode === null) c.kill('SIGTERM');
});

const GAME = [
  'ruleset: vanilla',
  'moderator: Mod',
  'thread: { platform: file, url: posts.jsonl }',
  'players: [{ name: Alice }, { name: Bob }, { name: Cleo }]',
  'phases: [{ name: D1, start: "2026-05-04T18:00:00Z" }]',
  '',
].join('\n');

/** `moddesk watch --game G --db D` with no --port; resolves with its dashboard link, or with its exit and words. */
function watch(dir: string, db: string): Promise<{ child: ChildProcess; link?: string; out: string; code?: number }> {
  const env = { ...process.env };
  delete env.MODDESK_DASHBOARD_TOKEN;
  delete env.MODDESK_TOKEN;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test', 'desk', 'cli.ts'), 'watch', '--game', join(dir, 'game.yaml'), '--db', db],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.push(child);
  let out = '';
  return new Promise((resolve) => {
    const seen = (c: Buffer) => {
      out += c.toString();
      const m = /dashboard: (\S+\?token=\S+)/.exec(out);
      if (m) resolve({ child, link: m[1], out });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited(child).then((code) => resolve({ child, out, code: code ?? -1 }));
  });
}

const stop = async (child: ChildProcess) => {
  const gone = exited(child);
  child.kill('SIGINT');
  await gone;
};

describe('m3: watch keeps one dashboard address across restarts', () => {
  it(`m3: the same port (${DEFAULT_PORTS.watch}) and token after a restart, the token kept 0600 beside the database; a taken port is one line`, async () => {
    const dir = tempDir('moddesk-stable-dashboard-');
    writeFileSync(join(dir, 'game.yaml'), GAME);
    writeFileSync(join(dir, 'posts.jsonl'), '');
    const db = join(dir, 'w.db');

    const first = await watch(dir, db);
    expect(first.link, first.out).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${DEFAULT_PORTS.watch}/\\?token=`));
    expect(statSync(`${db}.token`).mode & 0o777).toBe(0o600);

    // A second desk (another database) while the first holds the port: one clear line, exit 1.
    const second = await watch(dir, join(dir, 'other.db'));
    expect(second.code, second.out).toBe(1);
    expect(second.out).toContain(
      `moddesk: --port: port ${DEFAULT_PORTS.watch} on 127.0.0.1 is taken (another moddesk watch, serve or demo?): stop it, or choose another port (0: any free one)`,
    );

    await stop(first.child);
    const again = await watch(dir, db);
    expect(again.link).toBe(first.link);
    await stop(again.child);
  }, 90_000);
});
