import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { checkTimeZone } from '../adapters/common/time-zone.js';
import { sortDump } from '../adapters/common/versions.js';
import { PARSE_PLATFORMS, parseSavedPage } from '../adapters/saved-pages.js';
import { ModdeskError } from '../domain/errors.js';
import type { Post } from '../domain/post.js';
import { replaceTags } from '../domain/tags.js';
import { printErr, printOut } from './output.js';

/** "Today, 09:07 AM" as forums print recent posts: the date is the day the page was saved, which is a guess. */
const RELATIVE_TIME = /\b(?:today|yesterday)\b,?\s*(?:at\s*)?\d{1,2}:\d{2}/gi;

/** Engines whose post or edit times are read from the printed text (the others carry machine times). */
const DISPLAY_TIMES = new Set(['phpbb', 'vbulletin']);

const warn = (line: string) => printErr(`moddesk: warning: ${line}\n`);

/** `moddesk parse --platform P FILE…` (interfaces §4): saved pages to thread-dump JSON Lines on stdout. */
export function register(program: Command): void {
  program
    .command('parse')
    .description('turn saved thread pages into a thread dump (JSON Lines)')
    .requiredOption('--platform <platform>', PARSE_PLATFORMS.join(' | '))
    .option(
      '--time-zone <zone>',
      "the forum's time zone, for forums that print local times",
      process.env.MODDESK_FORUM_TIMEZONE ?? 'UTC',
    )
    .option('--date-order <order>', 'how the forum prints numeric dates: mdy or dmy', 'mdy')
    .option('--base-url <url>', "resolve post links against this URL (default: the page's canonical link)")
    .argument('<files...>', 'saved pages')
    .action(
      async (
        files: string[],
        opts: { platform: string; timeZone: string; dateOrder: string; baseUrl?: string },
        cmd: Command,
      ) => {
        if (!(PARSE_PLATFORMS as readonly string[]).includes(opts.platform)) {
          throw new ModdeskError(
            'platform-unknown',
            `unknown platform ${JSON.stringify(opts.platform)}; expected one of ${PARSE_PLATFORMS.join(', ')}`,
            { place: '--platform' },
          );
        }
        if (opts.dateOrder !== 'mdy' && opts.dateOrder !== 'dmy')
          throw new ModdeskError('usage', `--date-order: expected mdy or dmy, got ${JSON.stringify(opts.dateOrder)}`);
        const timeZone = checkTimeZone(opts.timeZone);
        const byId = new Map<string, Post>();
        for (const file of files) {
          let text: string;
          try {
            text = await readFile(file, 'utf8');
          } catch (cause) {
            throw new ModdeskError('file-unreadable', 'cannot read this file', { file, cause });
          }
          const relative = !DISPLAY_TIMES.has(opts.platform)
            ? 0
            : (replaceTags(text, ' ')
                .replace(/&nbsp;|&#160;/g, ' ')
                .match(RELATIVE_TIME)?.length ?? 0);
          if (relative)
            warn(
              `${file}: ${relative} post time(s) say "Today"/"Yesterday"; read against the file's modification time (${new Date(statSync(file).mtimeMs).toISOString()}). Check them, or save the page again with full dates`,
            );
          const posts = parseSavedPage(opts.platform, file, text, {
            timeZone,
            dateOrder: opts.dateOrder,
            baseUrl: opts.baseUrl,
          });
          for (const post of posts)
            if (typeof post.readNote === 'string') printErr(`${file}: post ${post.id}: ${post.readNote}\n`);
          // The same post on two saved pages (pages overlap after deletions) is written once.
          for (const post of posts)
            if (!byId.has(`${post.id}|${post.editedAt}`)) byId.set(`${post.id}|${post.editedAt}`, post);
        }
        const defaultZone = cmd.getOptionValueSource('timeZone') === 'default';
        const editedFirst = [...byId.values()].filter(
          (p) => p.editedAt !== null && Date.parse(p.editedAt) < Date.parse(p.createdAt),
        );
        if (editedFirst.length)
          warn(
            `${editedFirst.length} post(s) were edited before they were posted (e.g. post ${editedFirst[0]!.id}): the forum's times are probably not in ${timeZone}${defaultZone ? ' (the default)' : ''}; pass --time-zone, e.g. --time-zone America/New_York`,
          );
        const out = sortDump([...byId.values()]).map((p) => `${JSON.stringify(p)}\n`);
        printOut(out.join(''));
      },
    );
}
