import type { Command } from 'commander';
import { FetchProgress } from '../adapters/fetch-progress.js';
import { FetchSession } from '../adapters/fetch-session.js';
import { createSource } from '../adapters/registry.js';
import type { ReadProgress, ReadResult } from '../adapters/types.js';
import { ModdeskError } from '../domain/errors.js';
import { printOut } from './output.js';

interface FetchOptions {
  platform: string;
  url: string;
  out: string;
  sinceCursor?: string;
  timeZone?: string;
}

/**
 * `moddesk fetch --platform P --url U --out P.jsonl [--since-cursor FILE]` (interfaces §4): progress on stderr,
 * `fetched N posts (M new, E edited) in R requests` on stdout. With a cursor file it appends only new posts and
 * new versions and saves the cursor as it goes, so an interrupted backfill resumes where it stopped.
 */
export function register(program: Command): void {
  program
    .command('fetch')
    .description('read a live thread into a thread dump')
    .requiredOption('--platform <platform>', 'reddit | phpbb | xenforo | vbulletin | discourse | file')
    .requiredOption('--url <url>', 'the thread as the forum shows it (for file: the dump path)')
    .requiredOption('--out <file>', 'the thread dump (JSON Lines) to write or append to')
    .option('--since-cursor <file>', 'resume from the cursor in this file and write the new cursor back')
    .option(
      '--time-zone <zone>',
      "the forum's time zone, for forums that print local times (default MODDESK_FORUM_TIMEZONE or UTC)",
    )
    .action(async (opts: FetchOptions) => {
      const source = createSource(opts.platform, { url: opts.url, env: process.env, timeZone: opts.timeZone });
      const session = new FetchSession(opts.platform, opts.url, opts.out, opts.sinceCursor ?? null);
      const progress = new FetchProgress(process.stderr);
      const abort = new AbortController();
      const onSignal = () =>
        abort.abort(
          new ModdeskError(
            'usage',
            opts.sinceCursor
              ? 'interrupted; run the same command again to resume'
              : 'interrupted; nothing to resume from (no --since-cursor), so the same command starts over; pass --since-cursor FILE to make a long fetch resumable',
          ),
        );
      process.once('SIGINT', onSignal);
      let requests = 0;
      let missing: string[] = [];
      try {
        const { cursor } = await session.start();
        const commit = async (r: ReadResult) => {
          requests += r.requests;
          missing = r.missing ?? [];
          await session.commit(r.posts, r.cursor);
        };
        const final = await source.read(cursor, {
          signal: abort.signal,
          onProgress: (p: ReadProgress) => progress.update(p),
          onCheckpoint: commit,
        } as Parameters<typeof source.read>[1]);
        await commit(final);
        await session.finish();
      } catch (err) {
        await session.abandon();
        if (abort.signal.aborted && abort.signal.reason instanceof ModdeskError) throw abort.signal.reason;
        throw err;
      } finally {
        process.removeListener('SIGINT', onSignal);
        progress.stop();
        await source.close?.();
      }
      printOut(
        `fetched ${session.written} posts (${session.fresh} new, ${session.edited} edited) in ${requests} requests\n`,
      );
      // An incomplete read is never reported as a complete one.
      if (missing.length > 0)
        printOut(
          `INCOMPLETE: ${missing.length} posts could not be read: ${missing.join(', ')} (the cursor keeps them; the next fetch asks again)\n`,
        );
    });
}
