import type { ExtractedAction, NameMatch } from '../domain/action.js';
import type { VoteReading } from './context.js';

/** Marks the text of a vote the mod ruled (interfaces §3 `{post, vote}`), so its reading says so. */
export const RULED_PREFIX = '(ruled) ';

/** How a counted vote was read, for the state JSON (docs/readings.md): the ladder step and how sure it is. */
export function voteReading(action: ExtractedAction, match: NameMatch | null, formerPlayer: boolean): VoteReading {
  const argument = action.argument ?? '';
  const extra = formerPlayer ? { formerPlayer: true } : {};
  if (action.text.startsWith(RULED_PREFIX)) return { via: 'ruling', confidence: 'sure', argument, ...extra };
  if (match?.kind !== 'player') {
    const doubtful = formerPlayer || action.misspelt !== undefined;
    return { via: 'no-lynch', confidence: doubtful ? 'doubtful' : 'sure', argument, ...extra };
  }
  const d = match.doubt;
  const doubtful = d !== undefined || match.folded === true || formerPlayer || action.misspelt !== undefined;
  const reason = [d?.reason, action.misspelt ? `the action word is misspelt (${action.misspelt})` : undefined]
    .filter(Boolean)
    .join('; ');
  return {
    via: match.via,
    confidence: doubtful ? 'doubtful' : 'sure',
    argument,
    ...(reason ? { reason } : {}),
    ...(d?.distance !== undefined ? { distance: d.distance } : {}),
    ...(d?.runnerUp !== undefined ? { runnerUp: d.runnerUp, margin: d.margin } : {}),
    ...(match.folded ? { folded: true } : {}),
    ...extra,
  };
}
