import { Command, CommanderError } from 'commander';
import { scrubSecrets } from '../app/scrub.js';
import { ModdeskError } from '../domain/errors.js';
import { printErr, printOut } from './output.js';

/**
 * The `moddesk` command line (interfaces §4). Each command lives in its own module that exports
 * `register(program)`; only the invoked command's module is loaded, so start-up stays fast. The imports are
 * written out one by one so that the bundle (scripts/build.mjs) makes each command a chunk of its own.
 */
const COMMANDS: Record<string, { load: () => Promise<CommandModule>; summary: string }> = {
  state: {
    load: () => import('./state-command.js'),
    summary: 'replay a game and print its state as JSON (moddesk.state/1)',
  },
  count: { load: () => import('./count-command.js'), summary: 'draft the vote count post the mod would approve' },
  'check-counts': {
    load: () => import('./check-counts-command.js'),
    summary: "compare the moderator's own vote counts with moddesk's, one line per difference",
  },
  parse: {
    load: () => import('./parse-command.js'),
    summary: 'turn saved thread pages into a thread dump (JSON Lines)',
  },
  fetch: { load: () => import('./fetch-command.js'), summary: 'read a live thread into a thread dump' },
  draw: { load: () => import('./draw-command.js'), summary: 'run the auditable DEFCON role-request draw' },
  script: { load: () => import('./script-command.js'), summary: "print the narrator's night script (obsidian)" },
  serve: {
    load: () => import('./serve-command.js'),
    summary: 'serve the dashboard for a game file and a thread dump (no account needed)',
  },
  watch: { load: () => import('./watch-command.js'), summary: 'watch games, keep every post, draft for approval' },
  init: {
    load: () => import('./init-command.js'),
    summary: "write a game file from a thread's opening post (players, moderator, platform)",
  },
  accounts: {
    load: () => import('./accounts-command.js'),
    summary: "add, remove and list the dashboard's accounts (moderator, co-moderator, viewer)",
  },
  demo: {
    load: () => import('./demo-command.js'),
    summary: 'play a bundled game on a built-in local forum and serve the dashboard',
  },
};

export interface CommandModule {
  register(program: Command): void;
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command('moddesk')
    .description("A moderator's desk for forum mafia games")
    .exitOverride()
    .configureOutput({ writeOut: printOut, writeErr: printErr })
    .showHelpAfterError(false);
  const name = argv.find((a) => !a.startsWith('-'));
  const spec = name ? COMMANDS[name] : undefined;
  if (spec) {
    const mod = await spec.load();
    mod.register(program);
  } else {
    for (const [cmd, { summary }] of Object.entries(COMMANDS)) program.command(cmd).description(summary);
  }
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
