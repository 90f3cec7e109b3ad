import type { RulesetName } from '../../domain/game-file.js';
import type { Ruleset } from '../ruleset.js';
import { defconRuleset } from './defcon/index.js';
import { obsidianRuleset } from './obsidian/index.js';
import { vanillaRuleset } from './vanilla/index.js';

const RULESETS: Partial<Record<RulesetName, Ruleset>> = {
  vanilla: vanillaRuleset,
  defcon: defconRuleset,
  obsidian: obsidianRuleset,
};

export function rulesetFor(name: RulesetName): Ruleset {
  return RULESETS[name] ?? vanillaRuleset;
}
