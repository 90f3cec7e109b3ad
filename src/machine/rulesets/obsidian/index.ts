/** Obsidian on the shared game statechart: its rules, and the night console the desk and the CLI drive. */

export { nightConsoleJson } from './night-console.js';
export { OBSIDIAN_NIGHT_TABLE } from './night-table.js';
export { holds, type NightStep } from './night-table-types.js';
export { obsidianExt } from './obsidian-ext.js';
export { NO_RESULT } from './resolve-night.js';
export { obsidianPhaseKind, obsidianRuleset, obsidianWinner } from './rules.js';
