import { type Command, Option } from 'commander';
import { ModdeskError } from '../domain/errors.js';
import { dayActivity } from '../machine/house-rules/activity.js';
import { countRecord } from '../machine/house-rules/count-record.js';
import { withPostFacts } from '../machine/house-rules/post-facts.js';
import { toStateJson } from '../machine/to-state-json.js';
import { type FormatName, MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel, type PostInfo } from '../reporter/vote-count-model.js';
import { printErr, printOut } from './output.js';
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
    .option('--number <n>', 'the count number within the day: 3 or 03 ("Vote Count 2.03"), or the whole label 2.03')
    .option('--history', 'add the vote history in a spoiler')
    .action((opts: CountOptions) => {
      const { game, posts, results, through } = runReplay(opts);
      // An empty count must never look postable: no thread read is an error, not "No votes yet".
      if (posts.filter((p) => p.channel === 'thread').length === 0)
        throw new ModdeskError(
          'usage',
          opts.posts || game.thread?.platform === 'file'
            ? 'the thread dump has no thread posts, so there is nothing to count; fetch the thread first (moddesk fetch --url … --out posts.jsonl)'
            : `this game's thread is on ${game.thread?.platform ?? 'a forum'}: pass the thread dump with --posts posts.jsonl (moddesk fetch --url … --out posts.jsonl writes it)`,
          { place: 'count' },
        );
      const format: FormatName = opts.format ?? (game.thread?.platform === 'reddit' ? 'markdown' : 'bbcode');
      const info = new Map<string, PostInfo>();
      for (const p of posts) {
        if (!info.has(p.id))
          info.set(p.id, { number: typeof p.number === 'number' ? p.number : undefined, url: p.url });
      }
      const cuts = opts.at ?? opts.through ?? [];
      // Several cuts: the posts one after another, a blank line between them, each as a call with that cut prints it.
      results.forEach((result, i) => {
        const number = opts.number === undefined ? undefined : countNumber(opts.number, result.context.day?.day);
        const activity = dayActivity(result.context, posts, result.at);
        const record = countRecord(result.context, posts, result.at, through);
        const model = buildVoteCountModel(result.context, result.at, {
          number,
          posts: info,
          activity,
          last: record.last && { post: record.last.post.id, positions: record.last.positions },
          countPosts: record.countPosts.map((p) => p.id),
        });
        const text = renderVoteCount(model, MARKUPS[format], { history: opts.history });
        printOut(`${i > 0 ? '\n' : ''}${text.endsWith('\n') ? text : `${text}\n`}`);
        // The flags of `moddesk state`, with what only the posts tell (prods due, players asking for a count).
        const flags = withPostFacts(toStateJson(result.context, result.at), result.context, posts, through).flags;
        // On a shared terminal stderr lands right under the post: a rule and a heading keep it out of a copy.
        const cut = cuts.length > 1 ? ` at ${Object.entries(cuts[i]!)[0]!.join(' ')}` : '';
        if (flags.length) printErr(`\n--- ${flags.length} flag(s) for the mod${cut}, not part of the post ---\n`);
        for (const f of flags) {
          printErr(`flag ${f.code} ${f.at} ${f.postId ?? '-'} ${f.actor ?? '-'}: ${f.message}\n`);
        }
      });
    });
}

/** `--number`: "3" or "03" (kept as written: "Vote Count 2.03"), or the whole label "2.03" for day 2. */
export function countNumber(raw: string, day: string | undefined): string {
  const m = /^(?:(\d+)\.)?(\d{1,3})$/.exec(raw.trim());
  if (!m)
    throw new ModdeskError(
      'usage',
      `--number: expected the count number within the day, e.g. 3 or 2.03, got ${JSON.stringify(raw)}`,
    );
  const dayNumber = day?.slice(1);
  if (m[1] !== undefined && dayNumber !== undefined && Number(m[1]) !== Number(dayNumber))
    throw new ModdeskError(
      'usage',
      `--number ${raw}: the count is for day ${dayNumber}, not day ${m[1]}; pass ${dayNumber}.${m[2]} or ${m[2]}`,
    );
  return m[2]!;
}
