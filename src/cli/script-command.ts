import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameContext } from '../machine/context.js';
import { toStateJson } from '../machine/to-state-json.js';
import { consoleOf, consolePicks } from '../reporter/night-console.js';
import { renderNightScript, renderRegistryScript } from '../reporter/obsidian/index.js';
import { nightPreview, replay } from '../reporter/replay.js';
import { printOut } from './output.js';

interface ScriptOptions {
  game: string;
  night: string;
  posts?: string;
}

/**
 * `moddesk script --game G.yaml --night N1 [--posts P.jsonl]`: the narrator's script for one night of an
 * obsidian game, in wake order, with the targets recorded by PM so far (replayed up to just before the
 * night ends), and the Dawn Report those picks would give.
 */
export function register(program: Command): void {
  program
    .command('script')
    .description("print the narrator's script for one night (obsidian), with the targets recorded so far")
    .requiredOption('--game <file>', 'the game file (YAML)')
    .requiredOption('--night <name>', 'the night, e.g. N1 (N0: the registry)')
    .option(
      '--posts <file>',
      "the thread dump (JSON Lines) with the night's PMs; default: the game file's thread when it is a file",
    )
    .action((opts: ScriptOptions) => {
      printOut(scriptText(opts));
    });
}

export function scriptText(opts: ScriptOptions): string {
  const game = loadGameFile(opts.game);
  if (game.ruleset !== 'obsidian')
    throw new ModdeskError(
      'usage',
      `--game: the narrator's script is for obsidian games; this one is ${game.ruleset}`,
      { file: opts.game },
    );
  const night = opts.night.trim().toUpperCase();
  const index = game.phases.findIndex((p) => p.name === night);
  const phase = game.phases[index];
  if (!phase?.name.startsWith('N')) {
    const nights = game.phases.filter((p) => p.name.startsWith('N')).map((p) => p.name);
    throw new ModdeskError(
      'usage',
      `--night: expected one of the game's nights (${nights.join(', ')}), got ${JSON.stringify(opts.night)}`,
      { file: opts.game },
    );
  }
  const postsFile =
    opts.posts ?? (game.thread?.platform === 'file' ? resolve(dirname(opts.game), game.thread.url) : null);
  const posts = postsFile ? loadDump(postsFile) : [];
  const start = Date.parse(phase.start);
  const next = game.phases[index + 1];
  const end = phase.deadline ? Date.parse(phase.deadline) : next ? Date.parse(next.start) : null;
  // The night as it stands just before it ends: every PM sent in time counts, nothing is resolved yet.
  const lastPost = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), start);
  const at = end === null ? lastPost : end - 1;
  let ctx: GameContext;
  try {
    ctx = replay(game, posts, { at }).context;
  } catch (err) {
    if (err instanceof ModdeskError && !err.file)
      throw new ModdeskError(err.code, err.message, { file: opts.game, place: err.place, cause: err });
    throw err;
  }
  if (ctx.phase?.name !== phase.name) {
    throw new ModdeskError(
      'usage',
      `--night: ${phase.name} never started (the game is ${ctx.result.status === 'over' ? 'over' : `at ${ctx.phase?.name ?? 'no phase'}`})`,
      { file: opts.game },
    );
  }
  if (ctx.phase.kind === 'setup') return renderRegistryScript(ctx, phase.name);
  const state = toStateJson(ctx, at);
  const c = consoleOf(state);
  if (!c) throw new ModdeskError('usage', `--night: ${phase.name} has no night console`, { file: opts.game });
  const { scanner, shield } = ctx.setup.options;
  const head = { title: ctx.setup.game.title ?? '', scanner: String(scanner), shield: String(shield) };
  return renderNightScript(head, state, c, nightPreview(ctx, consolePicks(c), at));
}
