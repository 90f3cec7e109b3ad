import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../desk/helpers.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { exited } from '../helpers/exited.js';
import { tempDir } from '../temp-dir.js';

// Issue 32, m2: Ctrl-C in `watch` says it is stopping (a poll under way may take a moment) and that nothing is lost.
describe('moddesk watch stops in words on a signal', () => {
  const dir = tempDir('moddesk-watch-stop-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SIGINT: "stopping", then "stopped", exit 0', async () => {
    const game = join(dir, 'game.yaml');
    writeFileSync(join(dir, 'posts.jsonl'), '');
    writeFileSync(
      game,
      [
        'ruleset: vanilla',
        'moderator: Mod',
        'thread: { platform: file, url: posts.jsonl }',
        'players: [{ name: Alice }, { name: Bob }, { name: Cleo }]',
        'phases: [{ name: D1, start: "2026-05-04T18:00:00Z" }]',
        '',
      ].join('\n'),
    );
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'test', 'desk', 'cli.ts'),
        'watch',
        '--game',
        game,
        '--db',
        join(dir, 'w.db'),
        '--port',
        '0',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const until = Date.now() + 30_000;
    while (!/dashboard: /.test(out)) {
      if (Date.now() > until) throw new Error(`no dashboard line in:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGINT');
    const code = await exited(child);
    expect(code).toBe(0);
    expect(out).toMatch(/SIGINT: stopping \(posts and drafts are kept/);
    expect(out).toMatch(/stopped\n/);
  }, 60_000);
});

// Issue 32, m10: an interrupted `fetch` without a cursor cannot resume, and says so.
describe('moddesk fetch interrupted without a cursor says it starts over', () => {
  it('SIGINT mid-fetch: "nothing to resume from", exit not 0', async () => {
    const fake = await startPhpbbFake({ posts: 200, perPage: 10 });
    fake.server.delayMs = 100;
    const dir = tempDir('moddesk-fetch-stop-');
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(ROOT, 'test', 'desk', 'cli.ts'),
          'fetch',
          '--platform',
          'phpbb',
          '--url',
          fake.threadUrl,
          '--out',
          join(dir, 'posts.jsonl'),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MODDESK_MIN_GAP_MS: '0' } },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const until = Date.now() + 30_000;
      while (fake.server.requests.filter((r) => r.path.startsWith('/viewtopic')).length < 2) {
        if (Date.now() > until) throw new Error(`no page read in:\n${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGINT');
      const code = await exited(child);
      expect(code).not.toBe(0);
      expect(out).toMatch(/interrupted; nothing to resume from \(no --since-cursor\), so the same command starts over/);
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
