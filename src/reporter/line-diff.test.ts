import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.js';

describe('lineDiff', () => {
  it('marks removed and added lines, keeps the common ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toBe('  a\n- b\n+ B\n  c\n+ d');
    expect(lineDiff('same', 'same')).toBe('  same');
  });
});
