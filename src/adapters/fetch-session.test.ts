import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDump } from '../app/load-dump.js';
import type { Post } from '../domain/post.js';
import { FetchSession } from './fetch-session.js';

const post = (id: string, minute: number): Post => ({
  id,
  author: 'Ann',
  createdAt: `2026-01-07T18:${String(minute).padStart(2, '0')}:00Z`,
  editedAt: null,
  html: `<b>Vote: Bob</b> ${id}`,
  channel: 'thread',
});
const lineOf = (p: Post) => `${JSON.stringify(p)}\n`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('FetchSession and a torn dump', () => {
  it('a last line cut off by a crash mid-append is written whole by the next fetch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moddesk-fetch-'));
    dirs.push(dir);
    const out = join(dir, 'posts.jsonl');
    const [a, b] = [post('1', 0), post('2', 5)];
    // The crash: the second post's line is half written and no cursor was saved yet.
    writeFileSync(out, lineOf(a) + lineOf(b).slice(0, 40));
    const warnings: string[] = [];
    expect(parseDump(readFileSync(out, 'utf8'), out, (m, place) => warnings.push(`${place}: ${m}`))).toHaveLength(1);
    expect(warnings[0]).toMatch(/^line 2: the last line is cut off/);

    const session = new FetchSession('file', 'thread', out, join(dir, 'cursor.json'));
    expect((await session.start()).cursor).toBeNull();
    await session.commit([a, b], { page: 1 });
    await session.finish();
    expect(readFileSync(out, 'utf8')).toBe(lineOf(a) + lineOf(b));
  });
});
