import { describe, expect, test } from 'vitest';
import { blockContent, blockText, planEdit } from './owned-block.js';

/** Issue 30 item 3: only moddesk's marked lines are ever rewritten, and a repeat changes nothing. */
describe('owned block', () => {
  const post = (block: string) => `Hand-written top\r\n\r\n${block}\r\n\r\nHand-written bottom`;

  test.each(['bbcode', 'markdown', 'text'] as const)(
    '%s: the block is replaced, the rest kept, a repeat is done',
    (style) => {
      const before = post(blockText('roster', 'Alice\nBob', style).replace(/\n/g, '\r\n'));
      const plan = planEdit(before, { kind: 'block', name: 'roster', content: 'Alice\nBob (dead)' });
      expect(plan.outcome).toBe('change');
      const after = plan.outcome === 'change' ? plan.source : '';
      expect(after).toBe(
        `Hand-written top\n\n${blockText('roster', 'Alice\nBob (dead)', style)}\n\nHand-written bottom`,
      );
      expect(planEdit(after, { kind: 'block', name: 'roster', content: 'Alice\nBob (dead)\n' })).toEqual({
        outcome: 'done',
      });
      expect(blockContent('roster', blockText('roster', 'Alice', style))).toBe('Alice');
    },
  );

  test('a missing block, or one that lost its end line, is said and nothing is changed', () => {
    expect(planEdit('no block', { kind: 'block', name: 'roster', content: 'x' })).toMatchObject({
      outcome: 'missing',
      why: expect.stringMatching(/no moddesk:roster block yet/),
    });
    expect(planEdit('[moddesk:roster]\nAlice', { kind: 'block', name: 'roster', content: 'x' })).toMatchObject({
      outcome: 'missing',
      why: expect.stringMatching(/lost its end line/),
    });
    // Another block's name is not this one's.
    expect(
      planEdit('[moddesk:rosters]\n[/moddesk:rosters]', { kind: 'block', name: 'roster', content: 'x' }).outcome,
    ).toBe('missing');
  });

  test('a replace touches moddesk’s own text only; text changed by hand is never overwritten', () => {
    const edit = { kind: 'replace' as const, was: 'VC 1.1\nBob 2', now: 'VC 1.1\nBob 1\n\nedited: x' };
    expect(planEdit('VC 1.1\nBob 2\n\nmoddesk: k', edit)).toEqual({
      outcome: 'change',
      source: 'VC 1.1\nBob 1\n\nedited: x\n\nmoddesk: k',
    });
    expect(planEdit('VC 1.1\nBob 1\n\nedited: x\n\nmoddesk: k', edit)).toEqual({ outcome: 'done' });
    expect(planEdit('VC 1.1 (fixed by hand)\nBob 2', edit).outcome).toBe('missing');
  });
});
