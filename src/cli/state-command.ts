import type { Command } from 'commander';
import { withPostFacts } from '../machine/house-rules/post-facts.js';
import { toStateJson } from '../machine/to-state-json.js';
import { printOut } from './output.js';
import { type ReplayOptions, runReplay, withReplayOptions } from './replay-options.js';

export function register(program: Command): void {
  withReplayOptions(program.command('state').description('replay a game and print its state (moddesk.state/1)'))
    .option('--json', 'print JSON (the only format)', true)
    .action((opts: ReplayOptions) => {
      const { results, posts, through } = runReplay(opts);
      // One state a line (JSON Lines), in the order the cuts were given: one cut prints one line.
      const lines = results.map((result) => {
        const state = withPostFacts(
          toStateJson(result.context, result.at, result.machineState),
          result.context,
          posts,
          through,
        );
        return `${JSON.stringify(state)}\n`;
      });
      printOut(lines.join(''));
    });
}
