import type { RulesetName } from '../domain/game-file.js';
import * as defcon from './defcon/index.js';
import type { RulesetDrafts } from './due-draft.js';
import * as obsidian from './obsidian/index.js';
import * as vanilla from './vanilla/index.js';

/** The reporter's part of each ruleset (its folder's index.ts), by name: one line a ruleset. */
const DRAFTS: Record<RulesetName, RulesetDrafts> = {
  vanilla: vanilla.drafts,
  defcon: defcon.drafts,
  obsidian: obsidian.drafts,
};

export function draftsFor(name: RulesetName): RulesetDrafts {
  return DRAFTS[name] ?? vanilla.drafts;
}
