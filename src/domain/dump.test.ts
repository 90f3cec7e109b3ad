import { describe, expect, it } from 'vitest';
import { completeLines, endsWithNewline, readDumpLines } from './dump.js';
import type { ModdeskError } from './errors.js';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ id: 'p1', author: 'Ann', createdAt: '2026-01-07T18:02:11Z', html: '', ...fields });

function refusal(text: Buffer | string, firstLine?: number): string {
  try {
    readDumpLines(text, 'posts.jsonl', { firstLine });
  } catch (err) {
    return `${(err as ModdeskError).code} ${(err as ModdeskError).oneLine()}`;
  }
  throw new Error('accepted');
}

describe('readDumpLines (the one dump reader)', () => {
  it('keeps file order and extra fields, fills the defaults, and gives each createdAt as an instant', () => {
    const { posts, times } = readDumpLines(
      `${line({ id: 'b', createdAt: '2026-01-07T18:05:00Z', number: 7 })}\n\n${line({ id: 'a' })}\n`,
      'x',
    );
    expect(posts.map((p) => [p.id, p.number, p.editedAt, p.channel])).toEqual([
      ['b', 7, null, 'thread'],
      ['a', undefined, null, 'thread'],
    ]);
    expect(times).toEqual([Date.parse('2026-01-07T18:05:00Z'), Date.parse('2026-01-07T18:02:11Z')]);
  });

  it('times are ISO-8601 UTC to the second only (interfaces §1), the field and line named', () => {
    for (const bad of ['2026-01-07T18:02:11+01:00', '2026-01-07T18:02:11.500Z', '2026-13-07T18:02:11Z'])
      expect(refusal(line({ createdAt: bad }))).toMatch(/^dump-invalid posts\.jsonl: line 1: createdAt: expected ISO/);
    expect(refusal(`${line({})}\n${line({ editedAt: 'yesterday' })}`)).toMatch(/line 2: editedAt: expected ISO/);
  });

  it('numbers lines from firstLine (a tail read) and names the field zod names', () => {
    expect(refusal(`${line({})}\n${line({ channel: 'dm' })}`, 40)).toMatch(
      /^dump-invalid posts\.jsonl: line 41: channel:/,
    );
    expect(refusal('{"id":')).toMatch(/line 1: expected one JSON object per line/);
  });

  it('a torn last line is an error unless a warning is asked for', () => {
    const text = `${line({})}\n${line({}).slice(0, 20)}`;
    expect(refusal(text)).toMatch(/line 2: expected one JSON object per line/);
    const told: string[] = [];
    expect(readDumpLines(text, 'x', { warn: (m, place) => told.push(`${place}: ${m}`) }).posts).toHaveLength(1);
    expect(told).toEqual([expect.stringMatching(/^line 2: the last line is cut off/)]);
  });

  it('reads a file that starts with a UTF-8 byte-order mark (an editor saved it), and only at its start', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const read = readDumpLines(Buffer.concat([bom, Buffer.from(`${line({})}\n`)]), 'x');
    expect(read.posts.map((p) => p.id)).toEqual(['p1']);
    expect(read.ends).toEqual([3 + Buffer.byteLength(line({}))]);
    expect(refusal(Buffer.concat([bom, Buffer.from(line({}))]), 5)).toMatch(
      /line 5: expected one JSON object per line/,
    );
  });

  it('gives where each line ends in the bytes, whatever the characters before it', () => {
    const first = line({ html: '<b>Vote: Zoë</b> ✓' });
    const read = readDumpLines(`${first}\n${line({ id: 'p2' })}\n`, 'x');
    expect(read.posts.map((p) => p.html)).toEqual(['<b>Vote: Zoë</b> ✓', '']);
    expect(read.ends).toEqual([
      Buffer.byteLength(first),
      Buffer.byteLength(first) + 1 + Buffer.byteLength(line({ id: 'p2' })),
    ]);
  });

  it('a tail is taken up to its last newline unless it ends with one or is only white space', () => {
    const b = (text: string) => Buffer.from(text, 'utf8');
    expect(endsWithNewline(b(''))).toBe(true);
    expect(endsWithNewline(b(`${line({})}\n`))).toBe(true);
    expect(endsWithNewline(b(line({})))).toBe(false);
    const torn = `${line({ html: 'Zoë' })}\n${line({ id: 'p2' }).slice(0, 30)}`;
    expect(completeLines(b(torn)).toString()).toBe(`${line({ html: 'Zoë' })}\n`);
    expect(completeLines(b(`${line({})}\n`)).toString()).toBe(`${line({})}\n`);
    expect(completeLines(b(' \t\r')).toString()).toBe(' \t\r');
    expect(completeLines(b('\u00a0 ')).toString()).toBe('\u00a0 ');
    expect(completeLines(b(`${line({})}\n  `)).toString()).toBe(`${line({})}\n`);
    expect(completeLines(b('é{"id"')).toString()).toBe('');
  });
});
