import type { Command } from 'commander';
import { ModdeskError } from '../domain/errors.js';
import type { DrawResult } from '../machine/rulesets/defcon/index.js';
import { drawFor } from '../machine/rulesets/defcon/index.js';
import { printOut } from './output.js';
import { runReplay } from './replay-options.js';

interface DrawOptions {
  game: string;
  posts?: string;
  seed?: string;
  json?: boolean;
}

/** `moddesk draw` (interfaces §4): the DEFCON role-request draw, schema `moddesk.draw/1`. */
export function register(program: Command): void {
  program
    .command('draw')
    .description('run the auditable DEFCON role-request draw (rules-defcon R-Q1..R-Q6)')
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option(
      '--posts <file>',
      "the thread dump with the D0 `Request:` PMs; default: the game file's thread when it is a file",
    )
    .option('--seed <seed>', 'the seed (overrides options.seed)')
    .option('--json', 'print JSON (moddesk.draw/1)')
    .action((opts: DrawOptions) => {
      const { game, results } = runReplay({ game: opts.game, posts: opts.posts });
      const result = results[0]!;
      if (game.ruleset !== 'defcon') {
        throw new ModdeskError('usage', `the request draw belongs to defcon games; this one is ${game.ruleset}`, {
          file: opts.game,
        });
      }
      const seed = opts.seed ?? game.options.seed;
      if (seed === undefined) {
        throw new ModdeskError('usage', 'no seed: pass --seed or set options.seed (e.g. seed: "my secret phrase")', {
          file: opts.game,
          place: 'options.seed',
        });
      }
      const draw = drawFor(result.context, seed);
      if (opts.json) printOut(`${JSON.stringify({ schema: 'moddesk.draw/1', ...draw }, null, 2)}\n`);
      else printOut(describeDraw(draw));
    });
}

function describeDraw(draw: DrawResult): string {
  const lines = [`Seed SHA-256: ${draw.seedSha256}`, ''];
  for (const a of draw.assignments) {
    const role = a.mode ? `${a.role} (${a.mode})` : a.role;
    lines.push(`${a.player}: ${role} (round ${a.round}${a.contested ? ', drawn' : ''})`);
  }
  if (draw.contests.length > 0) {
    lines.push('', 'Draws (index = u mod n over the applicants sorted by name):');
    for (const c of draw.contests) {
      lines.push(
        `round ${c.round} ${c.role}: ${c.applicants.join(', ')}; SHA-256("${c.hashed}") → u = ${c.u}, index ${c.index}: ${c.winner}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
