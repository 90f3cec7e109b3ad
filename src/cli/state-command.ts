import type { Command } from 'commander';
import { withPostFacts } from '../machine/house-rules/post-facts.js';
import { toStateJson } from '../machine/to-state-json.js';
import { replay } from '../reporter/replay.js';
import { printOut } from './output.js';
import { type ReplayOptions, runReplay, withReplayOptions } from './replay-options.js';

export function register(program: Command): void {
  withReplayOptions(program.command('state').description('replay a game and print its state (moddesk.state/1)'))
    .option('--json', 'print JSON (the only format)', true)
    .action((opts: ReplayOptions) => {
      const loaded = runReplay(opts, 'state');
      if (loaded.answer !== null) return printOut(loaded.answer);
      const { game, result, posts } = loaded;
      const state = withPostFacts(
        toStateJson(result.context, result.at, result.machineState),
        result.context,
        posts,
        (post) => replay(game, posts, { through: post.id }).context,
        loaded.countReader,
      );
      const text = `${JSON.stringify(state, null, 1)}\n`;
      printOut(text);
      loaded.keep(text);
    });
}
