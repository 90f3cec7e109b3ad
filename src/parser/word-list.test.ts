import { describe, expect, it } from 'vitest';
import { englishWords } from './word-list.js';

describe('the English word list', () => {
  it('is split into words without white space, none empty, as `/\\s+/` would split it', () => {
    const words = [...englishWords()];
    expect(words.length).toBeGreaterThan(3000);
    expect(words.filter((w) => !/^\S+$/.test(w))).toEqual([]);
    expect(englishWords().has('themanhimself')).toBe(false);
    expect(['the', 'man', 'him', 'self'].every((w) => englishWords().has(w))).toBe(true);
  });
});
