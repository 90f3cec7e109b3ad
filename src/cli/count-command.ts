import { type Command, Option } from 'commander';
import { formatInstant } from '../domain/time.js';
import { type FormatName, MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel, type PostInfo } from '../reporter/vote-count-model.js';
import { type ReplayOptions, runReplay, withReplayOptions } from './replay-options.js';

interface CountOptions extends ReplayOptions {
  format?: FormatName;
  number?: string;
  history?: boolean;
}

export function register(program: Command): void {
  withReplayOptions(program.command('count').description('draft the vote count post (flags for the mod on stderr)'))
    .addOption(
      new Option('--format <format>', 'bbcode | markdown | text (default: markdown for reddit, else bbcode)').choices([
        'bbcode',
        'markdown',
        'text',
      ]),
    )
    .option('--number <n>', 'the count number within the day: "Vote Count 2.<n>"')
    .option('--history', 'add the vote history in a spoiler')
    .action((opts: CountOptions) => {
      const { game, posts, result } = runReplay(opts);
      const format: FormatName = opts.format ?? (game.thread?.platform === 'reddit' ? 'markdown' : 'bbcode');
      const info = new Map<string, PostInfo>();
      for (const p of posts) {
        if (!info.has(p.id))
          info.set(p.id, { number: typeof p.number === 'number' ? p.number : undefined, url: p.url });
      }
      const number = opts.number === undefined ? undefined : Number.parseInt(opts.number, 10);
      const model = buildVoteCountModel(result.context, result.at, { number, posts: info });
      process.stdout.write(renderVoteCount(model, MARKUPS[format], { history: opts.history }));
      for (const f of result.context.flags) {
        process.stderr.write(
          `flag ${f.code} ${formatInstant(f.at)} ${f.postId ?? '-'} ${f.actor ?? '-'}: ${f.message}\n`,
        );
      }
    });
}
