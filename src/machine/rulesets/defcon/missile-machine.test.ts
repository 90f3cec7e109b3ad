import { describe, expect, it } from 'vitest';
import { launchState, statusOf, stepMissile } from './missile-machine.js';

const clock = { launchedAt: 0, abortableUntil: 24, markAt: 24, landsAt: 48 };

describe('missile statechart', () => {
  it('starts abortable, or locked when it cannot be aborted', () => {
    expect(launchState(clock)).toBe('flying.abortable');
    expect(launchState({ ...clock, abortableUntil: null })).toBe('flying.locked');
  });

  it('aborts only inside [launchedAt, abortableUntil)', () => {
    expect(stepMissile(clock, 'flying.abortable', { type: 'missile.abort', at: 23 }).key).toBe('aborted');
    expect(stepMissile(clock, 'flying.abortable', { type: 'missile.abort', at: 24 }).key).toBe('flying.abortable');
    expect(stepMissile(clock, 'flying.locked', { type: 'missile.abort', at: 10 }).key).toBe('flying.locked');
  });

  it('locks at its mark, can be intercepted from then until impact, and strikes once on landing', () => {
    expect(stepMissile(clock, 'flying.abortable', { type: 'clock.tick', at: 24 }).key).toBe('flying.locked');
    expect(stepMissile(clock, 'flying.abortable', { type: 'missile.intercept', at: 23 }).key).toBe('flying.abortable');
    expect(stepMissile(clock, 'flying.locked', { type: 'missile.intercept', at: 24 }).key).toBe('intercepted');
    expect(stepMissile(clock, 'flying.locked', { type: 'clock.tick', at: 48 })).toEqual({
      key: 'landed',
      strike: true,
    });
    expect(stepMissile(clock, 'landed', { type: 'clock.tick', at: 60 })).toEqual({ key: 'landed', strike: false });
    expect(stepMissile(clock, 'intercepted', { type: 'clock.tick', at: 48 })).toEqual({
      key: 'intercepted',
      strike: false,
    });
  });

  it('maps its states to the statuses of moddesk.state/1', () => {
    expect(['flying.abortable', 'flying.locked', 'landed', 'aborted', 'intercepted'].map(statusOf)).toEqual([
      'in-flight',
      'in-flight',
      'landed',
      'aborted',
      'intercepted',
    ]);
  });
});
