/**
 * Night order as data (issue 4): a ruleset's night is a list of steps in wake order. Each step says what the
 * narrator reads, who wakes, what the mod records and when a prompt is skipped or shown disabled. Nothing
 * here is specific to the Obsidian Process: a defcon or vanilla table is the same shape, and a new role is a
 * new row (plus, when its effect is new, one entry in the ruleset's effect handlers).
 */

/** A condition on the game's resolved options, e.g. `{ option: 'scanner', is: 'linked' }`. */
export interface OptionCondition {
  option: string;
  is: string;
}

/** Who a prompt belongs to: the living holders of a role, or a faction acting as one (its chooser points). */
export type ActorSpec =
  | { role: string }
  /** A faction's shared action; `chooser: 'leader'` means the ruleset's current leader points (O-R7). */
  | { faction: string; chooser: 'leader' };

/** How a prompt shows when its actor is blocked tonight (O-R1). */
export type BlockedDisplay = 'disabled' | 'not-woken';

/** A mod's note under a step; `when` limits it to one option value (e.g. the Shield's two variants). */
export interface StepNote {
  text: string;
  when?: OptionCondition;
}

/** One thing the mod records during a step: where one actor points. */
export interface NightPrompt {
  /** Stable id; also the `action` written to nightResults (`enforce`, `scan`, …). */
  id: string;
  actor: ActorSpec;
  /** The PM keyword that records the same thing on a forum (`Target:` or `Kill:`). */
  pm: 'target' | 'kill';
  /** What the console asks, e.g. "Select a node to deactivate." */
  ask: string;
  /** Resolution order (the priority table's #); wake order is the table's order. */
  priority: number;
  /** The ruleset's effect handler this prompt's action feeds. */
  effect: string;
  /** The priority table's text for this row. */
  summary: string;
  /** Whose block stops this action: the actor itself, or the faction's leader (O-R2). */
  blockedBy: 'actor' | 'leader';
  whenBlocked: BlockedDisplay;
  /** The prompt exists only when this holds (the linked Scanner's scan in the Obsidian wake). */
  when?: OptionCondition;
}

export interface NightStep {
  id: string;
  title: string;
  /** Who opens their eyes; null for lines read to everyone. */
  wakes: ActorSpec | { roles: string[]; faction: string } | null;
  /** Read aloud when the step opens. */
  say: string[];
  notes: StepNote[];
  prompts: NightPrompt[];
  /** Read aloud when the step closes. */
  close: string[];
  /** The step exists only when this holds (the lone Scanner's own wake). */
  when?: OptionCondition;
}

export interface NightTable {
  ruleset: string;
  /** The setup night (obsidian N0: the registry); nothing is recorded or resolved. */
  setup: NightStep[];
  /** Every later night, in wake order. */
  night: NightStep[];
}

export function holds(cond: OptionCondition | undefined, options: object): boolean {
  return cond === undefined || String((options as Record<string, unknown>)[cond.option]) === cond.is;
}

/** The prompts of a night in resolution order (priority, then wake order). */
export function promptsByPriority(table: NightTable, options: object): NightPrompt[] {
  const list = table.night
    .filter((s) => holds(s.when, options))
    .flatMap((s) => s.prompts.filter((p) => holds(p.when, options)));
  return list
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.priority - b.p.priority || a.i - b.i)
    .map((x) => x.p);
}
