import type { Winner } from '../../../src/domain/state.js';
import type { GameContext } from '../../../src/machine/context.js';
import type { Ruleset } from '../../../src/machine/ruleset.js';
import { baseRuleset } from '../../../src/machine/rulesets/base.js';
import { dayThatEnded, gameOverDraft, type RulesetDrafts } from '../../../src/reporter/due-draft.js';
import type { RulesetModule } from '../../../src/reporter/ruleset-module.js';

/**
 * A ruleset added the way a new one is: this folder and one registry line (test/rulesets/one-day.test.ts). One
 * day, no threshold, the most-voted player is eliminated at the deadline; town wins when that player is mafia,
 * mafia otherwise; nobody when the day ends with no elimination.
 */
function winner(ctx: GameContext): Winner | null {
  if (ctx.phase?.endedAt === null || ctx.phase === null) return null;
  const out = ctx.eliminations.find((e) => e.cause === 'lynch');
  if (!out) return 'none';
  return ctx.slots[out.slot]?.faction === 'mafia' ? 'town' : 'mafia';
}

const rules: Ruleset = {
  ...baseRuleset,
  name: 'one-day',
  defaults: { threshold: 'none', deadlineOutcome: 'plurality' },
  winner,
};

/** The day's verdict, then the shared game-over post. */
const drafts: RulesetDrafts = (prev, next, at, mk) => {
  const ended = dayThatEnded(prev, next);
  const out = next.eliminations.find((e) => e.cause === 'lynch');
  const verdict = out
    ? `${mk.bold(mk.text(next.slots[out.slot]?.name ?? '?'))} has the most votes and is out.`
    : 'Nobody has the most votes.';
  return [
    ...(ended ? [{ kind: 'day-end' as const, at, to: null, text: `${verdict}\n`, phase: ended }] : []),
    ...gameOverDraft(prev, next, at, mk),
  ];
};

export const oneDay: RulesetModule = {
  name: 'one-day',
  rules,
  drafts,
  views: { tabs: [], pm: { suggestions: [], byDay: false }, guidedNight: false },
};
