import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { ForumFake } from '../fakes/forum-fake.js';
import { pagePath } from '../fakes/pages/index.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { FakeThread as RedditFakeThread } from '../fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../fakes/reddit-server.js';
import { startVbulletinFake } from '../fakes/vbulletin-fake.js';
import { startXenforoFake } from '../fakes/xenforo-fake.js';
import { tempDir } from '../temp-dir.js';
import { EVAL_DATA } from './eval-data.js';

/** The built CLI (`node bin/moddesk.js`) against the fake forums (interfaces §4 `fetch` and `parse`). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/moddesk.js');

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(join(ROOT, 'dist/bin/main.mjs'))) throw new Error('the build produced no dist/bin/main.mjs');
}, 120_000);

const fakes: ForumFake[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) {
    await f.close();
    f.server.assertClean();
  }
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function moddesk(
  args: string[],
  env: Record<string, string> = {},
  onStart?: (child: ChildProcess) => void,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, MODDESK_MIN_GAP_MS: '1', MODDESK_FORUM_TIMEZONE: 'America/New_York', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    onStart?.(child);
  });
}

const tmp = () => tempDir('moddesk-cli-');
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; editedAt: string | null; createdAt: string });

describe('moddesk fetch', () => {
  test('reads a whole phpBB thread into a dump; the summary line is exact', async () => {
    const fake = await startPhpbbFake({ posts: 95, perPage: 10 });
    fakes.push(fake);
    const out = join(tmp(), 'posts.jsonl');
    const r = await moddesk(['fetch', '--platform', 'phpbb', '--url', fake.threadUrl, '--out', out]);
    expect(r.stderr).toContain('fetch: page 10/10, 95 posts');
    expect(r.stdout).toBe('fetched 95 posts (95 new, 0 edited) in 11 requests\n');
    expect(r.code).toBe(0);
    const dump = lines(out);
    expect(dump.map((p) => p.id)).toEqual(fake.thread.visible().map((p) => String(p.id)));
    const sorted = [...dump].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    expect(dump).toEqual(sorted);
  });

  test('a Reddit read that cannot get every comment says so, how many and which; the cursor keeps them', async () => {
    const fake = await FakeRedditServer.start({ thread: new RedditFakeThread('abc123').generate(700, 3) });
    try {
      const t = fake.thread;
      const hidden = [...t.comments.keys()].filter((id) => t.children(`t1_${id}`).length === 0).slice(-2);
      for (const id of hidden) t.unreachable.add(id);
      const dir = tmp();
      const out = join(dir, 'posts.jsonl');
      const cursor = join(dir, 'cursor.json');
      const args = ['fetch', '--platform', 'reddit', '--url', fake.threadUrl, '--out', out, '--since-cursor', cursor];
      const r = await moddesk(args, fake.env() as Record<string, string>);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^fetched 698 posts \(698 new, 0 edited\) in \d+ requests\n/);
      expect(r.stdout).toContain(
        `INCOMPLETE: 2 posts could not be read: ${hidden.join(', ')} (the cursor keeps them; the next fetch asks again)\n`,
      );
      expect(JSON.parse(readFileSync(cursor, 'utf8')).cursor.missing).toEqual(hidden);
      t.unreachable.clear();
      const again = await moddesk(args, fake.env() as Record<string, string>);
      expect(again.stdout).toMatch(/^fetched 2 posts \(2 new, 0 edited\) in \d+ requests\n$/);
    } finally {
      await fake.close();
    }
  });

  test('with --since-cursor: a quiet poll is 1 request; new posts and new versions are appended', async () => {
    const fake = await startPhpbbFake({ posts: 40, perPage: 10 });
    fakes.push(fake);
    const dir = tmp();
    const out = join(dir, 'posts.jsonl');
    const cursor = join(dir, 'cursor.json');
    const args = ['fetch', '--platform', 'phpbb', '--url', fake.threadUrl, '--out', out, '--since-cursor', cursor];
    expect((await moddesk(args)).stdout).toBe('fetched 40 posts (40 new, 0 edited) in 5 requests\n');
    expect((await moddesk(args)).stdout).toBe('fetched 0 posts (0 new, 0 edited) in 1 requests\n');
    fake.thread.addPosts(3);
    fake.thread.edit(fake.thread.posts[39]!.id, '<strong>Unvote</strong>', { silent: true });
    const r = await moddesk(args);
    expect(r.stdout).toBe('fetched 4 posts (3 new, 1 edited) in 2 requests\n');
    const dump = lines(out);
    expect(dump).toHaveLength(44);
    expect(dump.filter((p) => p.id === String(fake.thread.posts[39]!.id)).map((p) => p.editedAt === null)).toEqual([
      true,
      false,
    ]);
    expect((await moddesk(args)).stdout).toBe('fetched 0 posts (0 new, 0 edited) in 1 requests\n');
  });

  test('an interrupted backfill resumes from its cursor with nothing lost or written twice', async () => {
    const fake = await startPhpbbFake({ posts: 400, perPage: 10 });
    fakes.push(fake);
    const dir = tmp();
    const out = join(dir, 'posts.jsonl');
    const cursor = join(dir, 'cursor.json');
    const args = ['fetch', '--platform', 'phpbb', '--url', fake.threadUrl, '--out', out, '--since-cursor', cursor];
    const first = await moddesk(args, { MODDESK_MIN_GAP_MS: '30' }, (child) => {
      const timer = setInterval(() => {
        if (existsSync(cursor)) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 20);
    });
    expect(first.code).not.toBe(0);
    expect(first.stderr).toMatch(/interrupted; run the same command again to resume/);
    const partial = lines(out).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(400);
    // A run that died between writing posts and saving its cursor leaves a tail the cursor does not cover.
    appendFileSync(out, '{"id":"half-written');
    const second = await moddesk(args);
    expect(second.code).toBe(0);
    const dump = lines(out);
    expect(dump.map((p) => p.id)).toEqual(fake.thread.visible().map((p) => String(p.id)));
  });

  test('XenForo, vBulletin 5, Discourse and a saved dump through the same command', async () => {
    const xf = await startXenforoFake({ posts: 45 });
    const vb = await startVbulletinFake({ posts: 12, version: 5 });
    const dc = await startDiscourseFake({ posts: 70 });
    fakes.push(xf, vb, dc);
    const dir = tmp();
    const run = (platform: string, url: string) =>
      moddesk(['fetch', '--platform', platform, '--url', url, '--out', join(dir, `${platform}.jsonl`)]);
    expect((await run('xenforo', xf.threadUrl)).stdout).toBe('fetched 45 posts (45 new, 0 edited) in 4 requests\n');
    expect((await run('vbulletin', vb.threadUrl)).stdout).toBe('fetched 12 posts (12 new, 0 edited) in 3 requests\n');
    expect((await run('discourse', dc.threadUrl)).stdout).toBe('fetched 70 posts (70 new, 0 edited) in 3 requests\n');
    const file = await run('file', `${EVAL_DATA}mafiascum-donbot/derived/15787.thread.jsonl`);
    expect(file.stdout).toBe('fetched 975 posts (975 new, 0 edited) in 1 requests\n');
  });

  test('bad input: one clear line, non-zero exit', async () => {
    const unknown = await moddesk([
      'fetch',
      '--platform',
      'invision',
      '--url',
      'https://x.example/t/1',
      '--out',
      join(tmp(), 'o.jsonl'),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'moddesk: unknown platform "invision"; expected one of reddit, phpbb, xenforo, vbulletin, discourse, file\n',
    );
    const dir = tmp();
    const cursor = join(dir, 'cursor.json');
    writeFileSync(cursor, 'not json');
    const bad = await moddesk([
      'fetch',
      '--platform',
      'phpbb',
      '--url',
      'http://127.0.0.1:9/viewtopic.php?t=1',
      '--out',
      join(dir, 'o.jsonl'),
      '--since-cursor',
      cursor,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`moddesk: ${cursor}: line 1: the cursor file is not JSON; delete it to start over\n`);
    const url = await moddesk([
      'fetch',
      '--platform',
      'phpbb',
      '--url',
      'https://forum.example/index.php',
      '--out',
      join(dir, 'o.jsonl'),
    ]);
    expect(url.stderr).toMatch(/^moddesk: expected a phpBB topic URL such as .*\n$/);
  });
});

describe('moddesk parse', () => {
  test('saved pages of several platforms to JSON Lines on stdout', async () => {
    const phpbb = await moddesk(['parse', '--platform', 'phpbb', pagePath('phpbb-mafiascum.html.txt')]);
    expect(phpbb.code).toBe(0);
    const posts = phpbb.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(posts.map((p) => [p.id, p.author, p.createdAt, p.number])).toEqual([
      ['12345678', 'PlayerA', '2024-01-01T15:00:00Z', 42],
      ['12345690', 'PlayerB', '2024-01-01T15:05:09Z', 43],
      ['12345701', 'Guest Host', '2024-01-02T04:59:59Z', 44],
    ]);
    expect(posts[0]!.url).toBe('https://forum.mafiascum.net/viewtopic.php?p=12345678#p12345678');
    const dc = await moddesk([
      'parse',
      '--platform',
      'discourse',
      '--base-url',
      'https://meta.example',
      pagePath('discourse-topic.json'),
    ]);
    expect(dc.stdout.trim().split('\n')).toHaveLength(3);
    const two = await moddesk([
      'parse',
      '--platform',
      'vbulletin',
      '--time-zone',
      'UTC',
      pagePath('vbulletin4.html.txt'),
      pagePath('vbulletin4.html.txt'),
    ]);
    expect(two.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('a phpBB page with one post nested 10,000 divs deep: every post written, the deep one named on stderr', async () => {
    const file = join(tmp(), 'deep.html');
    const deep = `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`;
    writeFileSync(file, readFileSync(pagePath('phpbb-mafiascum.html.txt'), 'utf8').replace('No way.', deep));
    const r = await moddesk(['parse', '--platform', 'phpbb', file]);
    expect(r.code).toBe(0);
    const posts = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; readNote?: string });
    expect(posts.map((p) => p.id)).toEqual(['12345678', '12345690', '12345701']);
    expect(posts.filter((p) => p.readNote).map((p) => p.id)).toEqual(['12345678']);
    expect(r.stderr).toBe(`${file}: post 12345678: ${posts[0]!.readNote}\n`);
  });

  test('a saved Reddit comments page (the Reddit adapter maps it)', async () => {
    const thread = new RedditFakeThread('abc123').generate(30);
    const file = join(tmp(), 'comments.json');
    writeFileSync(file, JSON.stringify(thread.commentsPage({ sort: 'old', limit: 500, depth: 10 }, 'moderator')));
    const r = await moddesk(['parse', '--platform', 'reddit', file]);
    expect(r.code).toBe(0);
    const posts = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { createdAt: string; channel: string });
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.channel === 'thread' && /Z$/.test(p.createdAt))).toBe(true);
  });

  test('a saved page of the wrong platform, or a missing file: one line naming the file and place', async () => {
    const wrong = await moddesk(['parse', '--platform', 'xenforo', pagePath('vbulletin5.html.txt')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      new RegExp(`^moddesk: ${pagePath('vbulletin5.html.txt')}: page: no XenForo posts on this page: .*\\n$`),
    );
    const missing = await moddesk(['parse', '--platform', 'phpbb', '/nonexistent/page.html']);
    expect(missing.stderr).toBe('moddesk: /nonexistent/page.html: cannot read this file\n');
    const tz = await moddesk([
      'parse',
      '--platform',
      'phpbb',
      '--time-zone',
      'Mars/Base',
      pagePath('phpbb-3.0.html.txt'),
    ]);
    expect(tz.stderr).toMatch(/unknown time zone "Mars\/Base"/);
  });
});
