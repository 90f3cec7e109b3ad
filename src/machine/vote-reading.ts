import type { ExtractedAction, NameMatch } from '../domain/action.js';
import type { VoteReading } from './context.js';

/** Marks the text of a vote the mod ruled (interfaces §3 `{post, vote}`), so its reading says so. */
export const RULED_PREFIX = '(ruled) ';

/** The profile's say over which written forms count (docs/readings.md "Strictness"). */
export interface FormProfile {
  voteFor: boolean;
  ownLine: boolean;
}

/** Why the profile refuses a vote as written, or null when it counts: `vote for X` (voteFor), text before it (ownLine). */
export function refusedForm(action: ExtractedAction, profile: FormProfile): string | null {
  if (action.kind !== 'vote') return null;
  if (action.voteFor && !profile.voteFor)
    return 'this game does not count "vote for X" (options.voteReading.voteFor: false)';
  if (action.midLine && profile.ownLine)
    return 'this game counts a vote only on its own line (options.voteReading.ownLine: true)';
  return null;
}

/** How a counted vote was read, for the state JSON (docs/readings.md): the ladder step and how sure it is. */
export function voteReading(action: ExtractedAction, match: NameMatch | null, formerPlayer: boolean): VoteReading {
  const argument = action.argument ?? '';
  const extra = formerPlayer ? { formerPlayer: true } : {};
  if (action.text.startsWith(RULED_PREFIX)) return { via: 'ruling', confidence: 'sure', argument, ...extra };
  if (match?.kind !== 'player') {
    const doubtful = formerPlayer || action.misspelt !== undefined || action.markup !== undefined;
    const reason = formReasons(action).join('; ');
    return {
      via: 'no-lynch',
      confidence: doubtful ? 'doubtful' : 'sure',
      argument,
      ...(reason ? { reason } : {}),
      ...extra,
    };
  }
  const d = match.doubt;
  const doubtful =
    d !== undefined ||
    match.folded === true ||
    formerPlayer ||
    action.misspelt !== undefined ||
    action.markup !== undefined;
  const reason = [d?.reason, ...formReasons(action)].filter(Boolean).join('; ');
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

/** Why the way a vote was written makes it doubtful whatever name it reads: a misspelt keyword, broken markup. */
function formReasons(action: ExtractedAction): string[] {
  const out: string[] = [];
  if (action.misspelt) out.push(`the action word is misspelt (${action.misspelt})`);
  if (action.markup) out.push(`read through broken markup: ${action.markup}`);
  return out;
}
