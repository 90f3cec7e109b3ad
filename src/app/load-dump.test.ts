import { describe, expect, it } from 'vitest';
import { parseDump } from './load-dump.js';

const line = (id: string, at: string) =>
  JSON.stringify({ id, author: 'Ann', createdAt: at, editedAt: null, html: `<b>Vote: Bob</b> ${id}` });
const a = line('1', '2026-01-07T18:00:00Z');
const b = line('2', '2026-01-07T18:05:00Z');

function read(text: string) {
  const warnings: string[] = [];
  const posts = parseDump(text, 'posts.jsonl', (m, place) => warnings.push(`${place}: ${m}`));
  return { ids: posts.map((p) => p.id), warnings };
}

describe('parseDump', () => {
  it('a torn last line (a crash mid-append) is reported with its line and skipped', () => {
    const { ids, warnings } = read(`${a}\n${b}\n${b.slice(0, 30)}`);
    expect(ids).toEqual(['1', '2']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^line 3: the last line is cut off/);
  });

  it('a bad line anywhere else stays an error naming the file and line', () => {
    expect(() => read(`${a}\n${b.slice(0, 30)}\n${b}\n`)).toThrow(/expected one JSON object per line/);
    expect(() => read(`${a}\n${b.slice(0, 30)}\n`)).toThrow(/expected one JSON object per line/);
    try {
      read(`${a}\n\n{"id":"3","author":"A","html":""}\n`);
      expect.unreachable();
    } catch (err) {
      expect((err as { oneLine(): string }).oneLine()).toBe(
        'posts.jsonl: line 3: createdAt: Invalid input: expected string, received undefined',
      );
    }
  });

  it('a complete last line without a newline is read; an unsorted dump is sorted by time, stably', () => {
    const c = line('3', '2026-01-07T18:00:00Z');
    expect(read(`${b}\n${a}\n${c}`)).toEqual({ ids: ['1', '3', '2'], warnings: [] });
  });

  it('a bad timestamp names its field and line', () => {
    const bad = JSON.stringify({ id: '9', author: 'A', createdAt: '7 Jan 2026', html: '' });
    expect(() => read(`${a}\n${bad}\n`)).toThrow(/createdAt: expected ISO-8601 UTC/);
  });
});

describe('a post id that comes back with another author (issue 33 item 5, m8)', () => {
  it('is said once, in one line naming the line and both authors; the same author editing is not', () => {
    const edit = line('1', '2026-01-07T18:00:00Z').replace('Vote: Bob', 'Vote: Cy');
    const other = JSON.stringify({
      id: '1',
      author: 'Eve',
      createdAt: '2026-01-07T18:00:00Z',
      editedAt: '2026-01-07T18:10:00Z',
      html: 'mine',
    });
    const { warnings } = read(`${a}\n${b}\n${edit}\n${other}\n${other.replace('mine', 'again')}\n`);
    expect(warnings).toEqual([
      'line 4: post id "1" is by "Eve" here and by "Ann" at line 1; it is read as a later version of that post (an edit): check the dump if they are two posts',
    ]);
  });
});
