import { vanillaRuleset } from '../../machine/rulesets/vanilla/index.js';
import { type DueDraft, dayThatEnded, dayThatStarted, gameOverDraft, type RulesetDrafts } from '../due-draft.js';
import type { RulesetModule } from '../ruleset-module.js';
import { renderVanillaDayEnd, renderVanillaDayStart } from './phase-posts.js';

/** Vanilla's drafts: the day's end (the lynch), the next day's start, game over. */
export const drafts: RulesetDrafts = (prev, next, at, mk) => {
  const out: DueDraft[] = [];
  const ended = dayThatEnded(prev, next);
  if (ended) out.push({ kind: 'day-end', at, to: null, text: renderVanillaDayEnd(next, ended, mk), phase: ended });
  const started = dayThatStarted(prev, next);
  if (started)
    out.push({ kind: 'day-start', at, to: null, text: renderVanillaDayStart(prev, next, mk), phase: started.day });
  return [...out, ...gameOverDraft(prev, next, at, mk)];
};

export { renderVanillaDayEnd, renderVanillaDayStart } from './phase-posts.js';

/** Vanilla: V-P2 night kill, V-W1 wins (rules), its drafts, and the shared dashboard with PM entry by night. */
export const vanilla: RulesetModule = {
  name: 'vanilla',
  rules: vanillaRuleset,
  drafts,
  views: { tabs: [], pm: { suggestions: ['Kill: ', 'Target: '], byDay: false }, guidedNight: false },
  roles: {
    roleText: () => null,
    // V-W1, in the role PM's words.
    winCondition: (faction) =>
      /^town$/i.test(faction)
        ? 'You win when every member of the mafia is dead.'
        : /^mafia$/i.test(faction)
          ? 'You win when the mafia are at least half of the living players. Each night the mafia may kill one player (PM me "Kill: NAME").'
          : null,
  },
};
