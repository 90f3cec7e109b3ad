import { ModdeskError } from '../domain/errors.js';
import { defcon } from './defcon/index.js';
import { obsidian } from './obsidian/index.js';
import type { RulesetModule } from './ruleset-module.js';
import { vanilla } from './vanilla/index.js';

/**
 * The one registry of rulesets, by the game file's `ruleset:` name. It sits in the highest layer a ruleset has a
 * part in (rules in machine/, drafts and views here); the layers below take a ruleset's rules as a value, and the
 * layers above ask here (docs/decisions/0010-one-ruleset-registry.md).
 */
export class RulesetRegistry {
  private readonly byName = new Map<string, RulesetModule>();

  constructor(modules: readonly RulesetModule[]) {
    for (const m of modules) this.add(m);
  }

  /** Registers a ruleset module; a second one of the same name is a bug. */
  add(m: RulesetModule): this {
    if (this.byName.has(m.name)) throw new Error(`ruleset ${JSON.stringify(m.name)} is registered twice`);
    if (m.rules.name !== m.name)
      throw new Error(`ruleset ${JSON.stringify(m.name)} carries the rules of ${m.rules.name}`);
    this.byName.set(m.name, m);
    return this;
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The ruleset a game file names; an unknown name is the game file's error, at `ruleset`. */
  of(name: string): RulesetModule {
    const m = this.byName.get(name);
    if (!m)
      throw new ModdeskError(
        'game-invalid',
        `unknown ruleset ${JSON.stringify(name)}; expected one of: ${this.names().join(', ')}`,
        { place: 'ruleset' },
      );
    return m;
  }
}

/** Every ruleset: one line each. */
export const RULESETS = new RulesetRegistry([vanilla, defcon, obsidian]);

/** The ruleset a game file names (`RULESETS.of`). */
export function rulesetOf(name: string): RulesetModule {
  return RULESETS.of(name);
}
