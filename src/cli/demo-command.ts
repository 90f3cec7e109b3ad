import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { formatInstant } from '../domain/time.js';
import { replay } from '../machine/replay.js';
import { toStateJson } from '../machine/to-state-json.js';
import { MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel, type PostInfo } from '../reporter/vote-count-model.js';

const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'config', 'demo');

/**
 * `moddesk demo` (= `npm start`): replays the bundled demo game post by post and prints each vote count the
 * mod would be offered as the votes arrive, then the flags a mod must judge. No account, no network.
 */
export function register(program: Command): void {
  program
    .command('demo')
    .description('replay the bundled demo game and print each vote count as the votes arrive')
    .option('--game <file>', 'another game file to replay', join(DEMO_DIR, 'vanilla-demo.game.yaml'))
    .action((opts: { game: string }) => {
      const game = loadGameFile(opts.game);
      const dumpFile = join(dirname(opts.game), game.thread?.url ?? 'posts.jsonl');
      const posts = loadDump(dumpFile);
      const info = new Map<string, PostInfo>(posts.map((p) => [p.id, { number: p.number as number | undefined, url: p.url }]));
      const out = (s: string) => process.stdout.write(s);
      out(`moddesk demo: ${game.title} (${game.ruleset}), ${posts.length} posts from ${dumpFile}\n`);
      let lastKey = '';
      let counts = 0;
      for (const post of posts) {
        if (post.channel !== 'thread') continue;
        const { context, at } = replay(game, posts, { through: post.id });
        const state = toStateJson(context, at);
        const key = JSON.stringify([state.votes.day, state.votes.wagons, state.votes.noLynch, state.phase?.endedAt]);
        if (key === lastKey || !state.votes.day) continue;
        lastKey = key;
        counts += 1;
        out(`\n--- after post ${post.id} by ${post.author} at ${formatInstant(at)} ---\n`);
        out(renderVoteCount(buildVoteCountModel(context, at, { posts: info, number: counts }), MARKUPS.text));
      }
      const final = replay(game, posts, null);
      out('\n--- flags for the moderator ---\n');
      for (const f of final.context.flags) out(`${f.code} (${f.postId ?? '-'}, ${f.actor ?? '-'}): ${f.message}\n`);
      const s = toStateJson(final.context, final.at);
      out(`\nresult: ${s.result.status}${s.result.winner ? `, ${s.result.winner} wins` : ''}\n`);
    });
}
