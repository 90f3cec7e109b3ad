import type { Command } from 'commander';
import { withActivity } from '../machine/house-rules/activity.js';
import { toStateJson } from '../machine/to-state-json.js';
import { type ReplayOptions, runReplay, withReplayOptions } from './replay-options.js';

export function register(program: Command): void {
  withReplayOptions(program.command('state').description('replay a game and print its state (moddesk.state/1)'))
    .option('--json', 'print JSON (the only format)', true)
    .action((opts: ReplayOptions) => {
      const { result, posts } = runReplay(opts);
      const state = withActivity(toStateJson(result.context, result.at, result.machineState), result.context, posts);
      process.stdout.write(`${JSON.stringify(state, null, 1)}\n`);
    });
}
