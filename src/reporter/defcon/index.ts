import type { DraftKind } from '../../domain/draft.js';
import { defconRuleset } from '../../machine/rulesets/defcon/index.js';
import type { RulesetDrafts } from '../due-draft.js';
import type { RulesetModule } from '../ruleset-module.js';
import { defconDrafts as draftsBetween } from './drafts.js';

export { flip, roleShownAt } from '../flip.js';
export { impactLine, renderAbort, renderImpact, renderLaunch } from './announcements.js';
export { missileBoard } from './common.js';
export { type DefconDraft, type DefconDraftKind, defconDrafts } from './drafts.js';
export { nightResultPms, type ResultPm } from './night-pms.js';
export { renderDayEnd, renderDayStart, renderGameOver } from './phase-posts.js';
export { defconDraftTimeline, draftsOver, statesOver } from './timeline.js';

/** The desk's kind for each DEFCON draft (the reporter's own names). */
const KIND = {
  'day-end': 'day-end',
  launch: 'missile-launch',
  abort: 'missile-abort',
  impact: 'missile-impact',
  'night-result': 'night-result',
  'day-start': 'day-start',
  'game-over': 'game-over',
} as const satisfies Record<string, DraftKind>;

/** DEFCON's drafts: announcements, phase posts, result PMs and game over (defconDrafts), as the desk's kinds. */
export const drafts: RulesetDrafts = (prev, next, at, mk) =>
  draftsBetween(prev, next, at, mk).map((d) => ({
    kind: KIND[d.kind],
    at: d.at,
    to: d.to,
    text: d.text,
    phase: d.kind === 'day-end' ? (prev.phase?.name ?? null) : (next.phase?.name ?? null),
  }));

/** DEFCON: its rules (draw, missiles, special roles), drafts, the missile board, and PM actions by day too. */
export const defcon: RulesetModule = {
  name: 'defcon',
  rules: defconRuleset,
  drafts,
  views: {
    tabs: ['missiles'],
    pm: { suggestions: ['Target: ', 'Kill: ', 'Guess: ', 'Nuke: ', 'Doomsday: ', 'Request: '], byDay: true },
    guidedNight: false,
  },
};
