import type { Command } from 'commander';
import { ModdeskError } from '../domain/errors.js';
import { DEFAULT_CHECK_MARGIN_MS } from '../machine/house-rules/count-check.js';
import { checkGameCounts, checkLines, partialReasons, postLabels } from '../reporter/count-checks.js';
import { printErr, printOut } from './output.js';
import { runReplay } from './replay-options.js';

interface CheckCountsOptions {
  game: string;
  posts?: string;
  margin: string;
}

/**
 * `moddesk check-counts` (H-VC6): every vote count the moderators posted by hand, compared with moddesk's count at
 * that post; one line per difference on stdout, with the post that explains it. Exit 0 whatever it finds.
 */
export function register(program: Command): void {
  program
    .command('check-counts')
    .description("compare the moderator's own vote counts with moddesk's, one line per difference")
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option(
      '--margin <minutes>',
      'report a difference only when the post that explains it is older than this at the count',
      String(DEFAULT_CHECK_MARGIN_MS / 60_000),
    )
    .action((opts: CheckCountsOptions) => {
      const minutes = Number(opts.margin);
      if (!Number.isFinite(minutes) || minutes < 0)
        throw new ModdeskError(
          'usage',
          `--margin: expected minutes (a number, 0 or more), got ${JSON.stringify(opts.margin)}`,
        );
      const { game, posts } = runReplay({ game: opts.game, posts: opts.posts });
      const label = postLabels(posts);
      const checked = checkGameCounts(game, posts, minutes * 60_000);
      let differences = 0;
      for (const { context, check } of checked) {
        const lines = checkLines(context, check, label);
        differences += lines.length;
        if (lines.length) printOut(`${lines.join('\n')}\n`);
        if (check.read === 'unread') printErr(`count ${label(check.post.id)}: no wagon line read, not checked\n`);
        else if (check.read === 'partial')
          printErr(
            `count ${label(check.post.id)}: read in part (${partialReasons(check).join('; ')}), so votes it leaves out are not reported\n`,
          );
      }
      printErr(`checked ${checked.length} moderator count(s): ${differences} difference(s)\n`);
    });
}
