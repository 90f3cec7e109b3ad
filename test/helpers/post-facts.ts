import type { StateJson } from '../../src/domain/state.js';

/** The state JSON without what `withPostFacts` adds from the posts (activity, the last count, post-made flags). */
export function withoutPostFacts(s: StateJson): StateJson {
  const { activity: _a, ...rest } = s;
  const { lastCount: _l, changes: _c, ...votes } = s.votes;
  return { ...rest, votes, flags: s.flags.filter((f) => !['prod-due', 'count-requested'].includes(f.code)) };
}
