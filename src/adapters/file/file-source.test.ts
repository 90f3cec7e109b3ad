import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EVAL_DATA } from '../../../test/adapters/eval-data.js';
import { tempDir } from '../../../test/temp-dir.js';
import { readDumpLines } from '../../domain/dump.js';
import type { ModdeskError } from '../../domain/errors.js';
import { requestFullRead } from '../common/paged-cursor.js';
import { createFileSource } from './index.js';

const line = (id: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ id, author: 'Alice', createdAt: '2026-01-07T18:02:11Z', editedAt: null, html: `<p>${id}</p>`, channel: 'thread', ...extra })}\n`;

describe('file adapter (a §1 dump)', () => {
  test('reads a real dump (MafiaScum 15787) in one access; a quiet poll reads nothing', async () => {
    const src = createFileSource({ url: `${EVAL_DATA}mafiascum-donbot/derived/15787.thread.jsonl` });
    const r = await src.read(null);
    expect(r.posts.length).toBe(975);
    expect(r.posts[0]).toMatchObject({ id: '2660473', author: 'Nobody Special', number: 0 });
    expect(r.requests).toBe(1);
    const quiet = await src.read(r.cursor);
    expect(quiet).toMatchObject({ posts: [], requests: 1 });
    expect(src.stats.pagesParsed).toBe(1);
  });

  test('appended lines are read from where the last read stopped; a later version is a new line', async () => {
    const dir = tempDir('moddesk-file-');
    const path = join(dir, 'posts.jsonl');
    writeFileSync(path, line('p1') + line('p2'));
    const src = createFileSource({ url: path });
    const first = await src.read(null);
    expect(first.posts.map((p) => p.id)).toEqual(['p1', 'p2']);
    appendFileSync(
      path,
      line('p3') + line('p1', { editedAt: '2026-01-07T19:00:00Z', html: '<p>p1 edited</p>' }) + line('p4').slice(0, 20),
    );
    const second = await src.read(first.cursor);
    expect(second.posts.map((p) => [p.id, p.editedAt])).toEqual([
      ['p3', null],
      ['p1', '2026-01-07T19:00:00Z'],
    ]);
    expect(src.stats.postsMapped).toBe(4);
    appendFileSync(path, line('p4').slice(20));
    const third = await src.read(second.cursor);
    expect(third.posts.map((p) => p.id)).toEqual(['p4']);
  });

  test('a tail read starts at the byte where the last read stopped, past multi-byte text and a blank tail', async () => {
    const dir = tempDir('moddesk-file-');
    const path = join(dir, 'posts.jsonl');
    writeFileSync(path, line('p1', { html: '<b>Vote: Zoë</b> ✓ — 投票' }));
    const src = createFileSource({ url: path });
    const first = await src.read(null);
    expect(first.posts.map((p) => p.html)).toEqual(['<b>Vote: Zoë</b> ✓ — 投票']);
    appendFileSync(path, '  ');
    const blank = await src.read(first.cursor);
    expect(blank.posts).toEqual([]);
    appendFileSync(path, `\n${line('p2', { html: 'ünvote' })}`);
    const second = await src.read(blank.cursor);
    expect(second.posts.map((p) => [p.id, p.html])).toEqual([['p2', 'ünvote']]);
    expect((second.cursor as { size: number }).size).toBe(readFileSync(path).length);
  });

  test('a rewritten file is read again, handing out only what is new', async () => {
    const dir = tempDir('moddesk-file-');
    const path = join(dir, 'posts.jsonl');
    writeFileSync(path, line('p1') + line('p2'));
    const src = createFileSource({ url: path });
    const first = await src.read(null);
    writeFileSync(path, line('p2') + line('p1') + line('p9'));
    const second = await src.read(first.cursor);
    expect(second.posts.map((p) => p.id)).toEqual(['p9']);
  });

  test('a full read the cursor asks for reads the whole file again and emits nothing known', async () => {
    const dir = tempDir('moddesk-file-');
    const path = join(dir, 'posts.jsonl');
    writeFileSync(path, line('p1') + line('p2'));
    const src = createFileSource({ url: path });
    const first = await src.read(null);
    const again = await src.read(requestFullRead(first.cursor));
    expect(again.posts).toEqual([]);
    expect(src.stats.pagesParsed).toBe(2);
  });

  test('a bad line names the file, the line and the field', () => {
    const text = `${line('p1')}\n${JSON.stringify({ id: 'p2', author: 'Bob', createdAt: '2026-01-07 18:02', html: '' })}`;
    try {
      readDumpLines(text, 'posts.jsonl');
      expect.unreachable();
    } catch (e) {
      const err = e as ModdeskError;
      expect(err.code).toBe('dump-invalid');
      expect(err.oneLine()).toMatch(/^posts\.jsonl: line 3: createdAt: expected ISO-8601 UTC to the second/);
    }
    expect(() => readDumpLines('{"id":', 'x.jsonl')).toThrow(/one JSON object per line/);
  });

  test('a missing file is file-unreadable; the sink hands text back', async () => {
    const src = createFileSource({ url: '/nonexistent/posts.jsonl' });
    await expect(src.read(null)).rejects.toMatchObject({ code: 'file-unreadable' });
    await expect(src.reply()).resolves.toEqual({ id: null, url: null });
    expect(readFileSync).toBeTypeOf('function');
  });
});
