import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { phpbbThreadUrl } from '../adapters/phpbb/urls.js';
import { createSource } from '../adapters/registry.js';
import type { ReadResult } from '../adapters/types.js';
import { parseGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import { PLATFORMS, type PlatformName, type RulesetName } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { parseInstant } from '../domain/time.js';
import { RULESETS } from '../reporter/rulesets.js';
import { gameFileText } from './init/game-file-text.js';
import { readRoster } from './init/opening-post.js';
import { readVotingRules } from './init/voting-rules.js';
import { printOut } from './output.js';

interface InitOptions {
  url: string;
  platform?: string;
  ruleset: string;
  deadline?: string;
  out: string;
  force?: boolean;
  timeZone?: string;
}

/**
 * `moddesk init --url <thread>`: reads the thread's first page through the platform's adapter and writes a
 * commented game file (players from the moderator's roster, the moderator, platform, time zone) that validates,
 * then says what it guessed and what to check.
 */
export function register(program: Command): void {
  program
    .command('init')
    .description("write a game file from a thread's opening post (players, moderator, platform)")
    .requiredOption('--url <url>', 'the game thread as the forum shows it')
    .option(
      '--platform <platform>',
      `${PLATFORMS.filter((p) => p !== 'file').join(' | ')}, any case; mafiascum is phpbb (default: from the URL)`,
    )
    .option('--ruleset <ruleset>', RULESETS.names().join(' | '), 'vanilla')
    .option('--deadline <iso>', 'the Day 1 deadline, e.g. 2026-03-05T18:00:00Z')
    .option('--out <file>', 'the game file to write', 'game.yaml')
    .option('--force', 'overwrite --out if it exists')
    .option('--time-zone <zone>', "the forum's time zone, for forums that print local times")
    .action(async (opts: InitOptions) => {
      const ruleset = opts.ruleset.toLowerCase();
      if (!RULESETS.has(ruleset))
        throw new ModdeskError(
          'usage',
          `--ruleset: expected one of ${RULESETS.names().join(', ')}, got ${JSON.stringify(opts.ruleset)}`,
        );
      const deadline = opts.deadline === undefined ? null : parseInstant(opts.deadline);
      if (opts.deadline !== undefined && deadline === null)
        throw new ModdeskError(
          'timestamp-invalid',
          `--deadline: expected ISO-8601 like "2026-03-05T18:00:00Z", got ${JSON.stringify(opts.deadline)}`,
        );
      const platform = platformNamed(opts.platform) ?? (platformOf(opts.url) as PlatformName);
      if (!(PLATFORMS as readonly string[]).includes(platform) || platform === 'file')
        throw new ModdeskError(
          'platform-unknown',
          `--platform: expected one of ${PLATFORMS.filter((p) => p !== 'file').join(', ')}, got ${JSON.stringify(opts.platform ?? platform)}`,
        );
      if (existsSync(opts.out) && !opts.force)
        throw new ModdeskError('usage', 'already exists; pass --force to overwrite it, or --out another file', {
          file: opts.out,
        });
      const url = threadUrlFor(platform, opts.url);
      const first = await openingPost(platform, { ...opts, url });
      const slots = readRoster(first.html);
      if (slots.length === 0)
        throw new ModdeskError(
          'usage',
          `no roster found in the opening post by ${first.author}: expected a "Players:" list, one player a line; add it to the post or write players: in the game file by hand`,
          { place: 'init' },
        );
      const start = new Date(Date.parse(first.createdAt)).toISOString().replace('.000Z', 'Z');
      if (deadline !== null && deadline <= Date.parse(start))
        throw new ModdeskError('usage', `--deadline ${opts.deadline} is before the opening post (${start})`);
      const rules = readVotingRules(first.html);
      const text = gameFileText({
        title: titleOf(first, url),
        moderator: first.author,
        platform,
        url,
        timezone: 'UTC',
        ruleset: ruleset as RulesetName,
        start,
        deadline: deadline === null ? null : new Date(deadline).toISOString().replace('.000Z', 'Z'),
        slots,
        rules,
      });
      parseGameFile(text, opts.out);
      writeFileSync(opts.out, text);
      const replaced = slots.filter((s) => s.replacedBy.length).length;
      printOut(
        `${[
          `wrote ${opts.out}: ${slots.length} players from the opening post by ${first.author} (${platform})`,
          'guessed, check before the first count:',
          `  players: ${slots.map((s) => s.name).join(', ')}`,
          ...(replaced
            ? [
                `  ${replaced} slot(s) show replacements: add each as a replace event with its time (commented in the file)`,
              ]
            : []),
          ...rules.map((r) => `  options: ${r.key} ${JSON.stringify(r.value)}, from "${r.sentence}"`),
          `  moderator: ${first.author} (the opening post's author)`,
          '  timezone: UTC (drafts only; set the zone your deadlines are announced in)',
          `  D1 starts ${start} (the opening post's time)${deadline === null ? '; no deadline yet: add one with --deadline or in the file' : ''}`,
          ...(url !== opts.url && new URL(url).searchParams.get('ppp')
            ? [`  thread: ${url} (200 posts a page, which MafiaScum allows: 8 times fewer page reads than its 25)`]
            : []),
          `next: moddesk watch --game ${opts.out}`,
        ].join('\n')}\n`,
      );
    });
}

/** `--platform` in any case; `mafiascum` is phpBB. Undefined when not given. */
function platformNamed(name: string | undefined): PlatformName | undefined {
  if (name === undefined) return undefined;
  const lower = name.trim().toLowerCase();
  return (lower === 'mafiascum' ? 'phpbb' : lower) as PlatformName;
}

/**
 * The thread's URL as the game file keeps it: a phpBB topic without the page it was copied from (`start=`, `p=`),
 * and on MafiaScum with `ppp=200`, the most posts a page the board gives (a 3,000-post thread in 15 reads, not 120).
 */
export function threadUrlFor(platform: PlatformName, url: string): string {
  if (platform !== 'phpbb') return url;
  const u = new URL(phpbbThreadUrl(url));
  if (/(^|\.)mafiascum\.net$/i.test(u.hostname) && !u.searchParams.has('ppp')) u.searchParams.set('ppp', '200');
  return u.href;
}

/** The platform a thread URL belongs to, by the forum software's address shapes. */
export function platformOf(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ModdeskError(
      'usage',
      `--url: expected the thread's address, e.g. https://forum.example/viewtopic.php?t=123, got ${JSON.stringify(url)}`,
    );
  }
  if (/(^|\.)reddit\.com$/i.test(u.hostname) || /\/comments\/\w+/.test(u.pathname)) return 'reddit';
  if (/viewtopic\.php$/i.test(u.pathname)) return 'phpbb';
  if (/showthread\.php$/i.test(u.pathname) || forumThreadPath(u.pathname)) return 'vbulletin';
  if (/\/threads\//.test(u.pathname)) return 'xenforo';
  if (/\/t\/[^/]+\/\d+|\/t\/\d+/.test(u.pathname)) return 'discourse';
  throw new ModdeskError('usage', `--url: cannot tell the forum software from ${u.host}${u.pathname}; pass --platform`);
}

/** The thread's first post, read through the adapter: the read stops after its first page. */
async function openingPost(platform: PlatformName, opts: InitOptions): Promise<Post> {
  const source = createSource(platform, {
    url: opts.url,
    env: process.env,
    timeZone: opts.timeZone,
    checkpointEvery: 1,
  });
  const abort = new AbortController();
  let posts: Post[] = [];
  let opening: Post | undefined;
  try {
    const r = await source.read(null, {
      signal: abort.signal,
      onCheckpoint: (partial: ReadResult) => {
        posts = partial.posts;
        abort.abort();
      },
    } as Parameters<typeof source.read>[1]);
    posts = r.posts.length ? r.posts : posts;
    opening = r.opening;
  } catch (err) {
    if (!abort.signal.aborted || posts.length === 0) throw err;
  } finally {
    await source.close?.();
  }
  // A Reddit submission's text is the opening post; the first comment is only a reply to it.
  if (opening) return opening;
  const thread = posts.filter((p) => p.channel === 'thread');
  const first = thread.reduce<Post | undefined>(
    (a, p) => (a === undefined || Date.parse(p.createdAt) < Date.parse(a.createdAt) ? p : a),
    undefined,
  );
  if (!first) throw new ModdeskError('http', 'the thread has no posts to read a roster from', { file: opts.url });
  return first;
}

function titleOf(first: Post, url: string): string {
  const t =
    typeof first.title === 'string' ? first.title : typeof first.threadTitle === 'string' ? first.threadTitle : '';
  return t || url;
}

/** `/forum/…/123-slug`, as `/\/forum\/.+\/\d+-/` asked, in one pass: the first `/forum/` leaves the most room. */
function forumThreadPath(path: string): boolean {
  const forum = path.indexOf('/forum/');
  if (forum < 0) return false;
  const thread = /\/\d+-/g;
  thread.lastIndex = forum + '/forum/'.length + 1;
  return thread.test(path);
}
