import { Command, CommanderError } from 'commander';
import { scrubSecrets } from '../app/scrub.js';
import { ModdeskError } from '../domain/errors.js';
import { printErr, printOut } from './output.js';

/** A command's module: it adds its command, options and action to the program. */
export interface CommandModule {
  register(program: Command): void;
}

/** Every command with the line `moddesk --help` gives it (interfaces §4). Each lives in `src/cli/<name>-command.ts`. */
export const COMMAND_SUMMARIES = {
  state: 'replay a game and print its state as JSON (moddesk.state/1)',
  count: 'draft the vote count post the mod would approve',
  'check-counts': "compare the moderator's own vote counts with moddesk's, one line per difference",
  parse: 'turn saved thread pages into a thread dump (JSON Lines)',
  fetch: 'read a live thread into a thread dump',
  draw: 'run the auditable DEFCON role-request draw',
  script: "print the narrator's night script (obsidian)",
  serve: 'serve the dashboard for a game file and a thread dump (no account needed)',
  watch: 'watch games, keep every post, draft for approval',
  init: "write a game file from a thread's opening post (players, moderator, platform)",
  accounts: "add, remove and list the dashboard's accounts (moderator, co-moderator, viewer)",
  demo: 'play a bundled game on a built-in local forum and serve the dashboard',
} as const;

export type CommandName = keyof typeof COMMAND_SUMMARIES;

/** The command named in `argv` (its first word that is not an option), if any. */
export function commandIn(argv: readonly string[]): string | undefined {
  return argv.find((a) => !a.startsWith('-'));
}

/**
 * The bundle's `main.mjs`: the list of every command. bin/moddesk.js runs a command's own file (dist/bin/<name>.mjs),
 * so a command named here has no file in this build: said, not run as a command without an action.
 */
export async function listCommands(argv: string[]): Promise<number> {
  const name = commandIn(argv);
  if (name !== undefined && Object.hasOwn(COMMAND_SUMMARIES, name)) {
    printErr(`moddesk: this build has no file for the command "${name}" (dist/bin/${name}.mjs): run npm run build\n`);
    return 1;
  }
  return runProgram(argv);
}

/**
 * The `moddesk` command line (interfaces §4) with one command's module, or, given none, the list of every command
 * (`--help`, an unknown word). Returns the exit code.
 */
export async function runProgram(argv: string[], command?: CommandModule): Promise<number> {
  const program = new Command('moddesk')
    .description("A moderator's desk for forum mafia games")
    .exitOverride()
    .configureOutput({ writeOut: printOut, writeErr: printErr })
    .showHelpAfterError(false);
  if (command) command.register(program);
  else for (const [cmd, summary] of Object.entries(COMMAND_SUMMARIES)) program.command(cmd).description(summary);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
      return 2;
    }
    if (err instanceof ModdeskError) {
      // A platform's words may echo a secret (the desk registered them when it read the environment).
      printErr(`moddesk: ${scrubSecrets(err.oneLine())}\n`);
      return 1;
    }
    throw err;
  }
}
