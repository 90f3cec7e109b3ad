import { type CommandModule, type CommandName, commandIn, runProgram } from './program.js';

/**
 * Each command's module, loaded only when it runs (one per name of `COMMAND_SUMMARIES`: the type holds the two
 * lists equal). This is the entry of the sources (tsx, tsc's dist/cli/); the bundle makes one file per command
 * instead (scripts/build.mjs), and bin/moddesk.js runs the command's file.
 */
const COMMANDS: Record<CommandName, () => Promise<CommandModule>> = {
  state: () => import('./state-command.js'),
  count: () => import('./count-command.js'),
  'check-counts': () => import('./check-counts-command.js'),
  parse: () => import('./parse-command.js'),
  fetch: () => import('./fetch-command.js'),
  draw: () => import('./draw-command.js'),
  script: () => import('./script-command.js'),
  serve: () => import('./serve-command.js'),
  watch: () => import('./watch-command.js'),
  init: () => import('./init-command.js'),
  accounts: () => import('./accounts-command.js'),
  demo: () => import('./demo-command.js'),
};

/** The `moddesk` command line (interfaces §4): the named command, or the list of every command. */
export async function main(argv: string[]): Promise<number> {
  const name = commandIn(argv);
  const load = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name as CommandName] : undefined;
  return runProgram(argv, load ? await load() : undefined);
}
