import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWords } from '../../src/parser/word-list.js';

describe('the English word list', () => {
  it('holds the words `/\\s+/` splits the list into, none empty, none with white space', () => {
    const source = readFileSync(new URL('../../src/parser/word-list.ts', import.meta.url), 'utf8');
    const list = /const LIST = `([^`]*)`/.exec(source)?.[1] ?? '';
    const byPattern = new Set(list.split(/\s+/).filter((w) => w.length > 0));
    expect(byPattern.size).toBeGreaterThan(3000);
    expect(englishWords()).toEqual(byPattern);
    expect([...englishWords()].filter((w) => !/^\S+$/.test(w))).toEqual([]);
  });
});
