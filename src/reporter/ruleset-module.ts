import type { Ruleset } from '../machine/ruleset.js';
import type { RulesetDrafts } from './due-draft.js';

/** A dashboard tab a ruleset adds to the shared ones (overview, drafts, flags, night, votes). */
export type RulesetTab = 'missiles';

/** What a ruleset shows on the dashboard beyond the shared pages; the pages read it from the view model. */
export interface RulesetViews {
  tabs: readonly RulesetTab[];
  /** The night console's PM entry: the action lines it suggests, and whether PMs are entered by day too. */
  pm: { suggestions: readonly string[]; byDay: boolean };
  /** The guided night console: the night table walked cue by cue (Obsidian). */
  guidedNight: boolean;
}

/** What a ruleset says of its roles and factions in a role PM (issue 30 item 1); null: nothing, the file says it. */
export interface RoleTexts {
  roleText(role: string): string | null;
  winCondition(faction: string): string | null;
}

/**
 * A ruleset, whole: its rules (the hooks the game statechart calls), its drafts (what falls due between the
 * previous and the next state) and its dashboard views. Each ruleset folder's index.ts exports one, and the
 * registry (rulesets.ts) lists it once.
 */
export interface RulesetModule {
  /** The game file's `ruleset:` value. */
  name: string;
  rules: Ruleset;
  drafts: RulesetDrafts;
  views: RulesetViews;
  /** The role PM's words for its roles and factions, where the ruleset has them. */
  roles?: RoleTexts;
}
