import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.js';

// The judgment calls of known-mismatches.json are what a mod records in moddesk: an alias for an account, a
// ruling on one post, a house rule. Here they are added, as game-file entries, to a temporary copy of two real
// games (never into the repository), and the shared scorer must then agree with the moderators on them.
const root = fileURLToPath(new URL('..', import.meta.url));
const games = join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot', 'games');

/** What the mods of 15783 and 16214 decided, as moddesk stores it (interfaces §3: aliases, events, options). */
const RULINGS: Record<string, { aliases: Record<string, string[]>; events: string[]; options: string[] }> = {
  '15783': {
    aliases: {},
    events: ['{ post: "2660828", vote: Reckamonic, note: "Dramonerx is Reckamonic" }'],
    options: [],
  },
  '16214': {
    aliases: { ConfidAnon: ['TwoHeadedBoy'], CrazyQuestions: ['LimMePls'], sapovirus: ['saporovirus'] },
    // "ConfidAnon is not a player in this game at this time": the house rule, not a ruling on the post.
    events: [],
    options: ['unvoteRequired: true', 'voteReading: { replacedNames: refuse }'],
  },
};

function withRulings(text: string, r: (typeof RULINGS)[string]): string {
  let out = text;
  for (const [player, aliases] of Object.entries(r.aliases)) {
    out = out.replace(`{ name: "${player}" }`, `{ name: "${player}", aliases: [${aliases.join(', ')}] }`);
  }
  if (r.events.length) out = out.replace(/^events:\n/m, `events:\n${r.events.map((e) => `  - ${e}\n`).join('')}`);
  if (r.options.length) {
    out = /^options: \{/m.test(out)
      ? out.replace(/^options: \{/m, `options: { ${r.options.join(', ')},`)
      : `${out}options: { ${r.options.join(', ')} }\n`;
  }
  return out;
}

describe('real games with the moderators’ rulings recorded', () => {
  it('the real games are where this test looks for them (../shared/eval-data), never skipped silently', () => {
    expect(
      existsSync(join(games, 'manifest.json')),
      `real games missing: looked for ${join(games, 'manifest.json')}`,
    ).toBe(true);
  });

  it('the judgment calls disappear; only the moderators’ own misses remain', () => {
    const dir = tempDir('moddesk-rulings-');
    const manifest = JSON.parse(readFileSync(join(games, 'manifest.json'), 'utf8'));
    manifest.games = manifest.games.filter((g: { thread: string }) => g.thread in RULINGS);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    for (const [thread, rulings] of Object.entries(RULINGS)) {
      cpSync(join(games, thread), join(dir, thread), { recursive: true });
      for (const f of readdirSync(join(dir, thread)).filter((n) => n.endsWith('.game.yaml'))) {
        const file = join(dir, thread, f);
        writeFileSync(file, withRulings(readFileSync(file, 'utf8'), rulings));
      }
    }
    const report = join(dir, 'report.json');
    execFileSync(
      process.execPath,
      [join(games, '..', '..', 'scorer', 'run.mjs'), root, dir, '--jobs', '2', '--report', report],
      {
        encoding: 'utf8',
        timeout: 600_000,
      },
    );
    const r = JSON.parse(readFileSync(report, 'utf8')) as {
      voteCounts: { thread: string; post: number; exact: boolean }[];
      days: { thread: string; day: number; compareLynch?: boolean; lynchOk?: boolean }[];
    };
    const missed = r.voteCounts.filter((v) => !v.exact).map((v) => `${v.thread}#${v.post}`);
    // Left: 16214's mod missed el simo's "unvote, vote: Sapo" (post 486) in three counts; nothing else.
    expect(missed.sort()).toEqual(['16214#489', '16214#503', '16214#525']);
    // Every day the archive can judge ends on the real lynch (16214 D3, a hammer after the deadline, it cannot).
    expect(r.days.filter((d) => d.compareLynch && !d.lynchOk).map((d) => `${d.thread} D${d.day}`)).toEqual([]);
  }, 600_000);
});
