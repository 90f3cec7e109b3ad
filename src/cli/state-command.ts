import type { Command } from 'commander';
import { toStateJson } from '../machine/to-state-json.js';
import { type ReplayOptions, runReplay, withReplayOptions } from './replay-options.js';

export function register(program: Command): void {
  withReplayOptions(program.command('state').description('replay a game and print its state (moddesk.state/1)'))
    .option('--json', 'print JSON (the only format)', true)
    .action((opts: ReplayOptions) => {
      const { result } = runReplay(opts);
      process.stdout.write(`${JSON.stringify(toStateJson(result.context, result.at, result.machineState), null, 1)}\n`);
    });
}
