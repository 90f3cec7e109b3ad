import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { readRoster } from '../../src/cli/init/opening-post.js';
import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';
import { FakeThread } from '../fakes/fake-thread.js';
import type { ForumFake } from '../fakes/forum-fake.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { tempDir } from '../temp-dir.js';

// `moddesk init` on real MafiaScum opening posts (../shared/eval-data/mafiascum-donbot, the donbot data set: its
// README gives the origin and licence; read at test time, never copied), served by a fake phpBB on 127.0.0.1.
// The real roster is the game's day-1.game.yaml `players` (each slot's first player).
const DONBOT = fileURLToPath(new URL('../../../shared/eval-data/mafiascum-donbot/', import.meta.url));
if (!existsSync(DONBOT)) throw new Error(`the real games are missing: looked for ${DONBOT}`);

interface RealGame {
  dir: string;
  author: string;
  html: string;
  createdAt: string;
  roster: string[];
}
function realGame(dir: string): RealGame {
  const first = JSON.parse(readFileSync(join(DONBOT, dir, 'posts.jsonl'), 'utf8').split('\n')[0]!);
  const yaml = parse(readFileSync(join(DONBOT, dir, 'day-1.game.yaml'), 'utf8')) as { players: { name: string }[] };
  return {
    dir,
    author: first.author,
    html: first.html,
    createdAt: first.createdAt,
    roster: yaml.players.map((p) => p.name),
  };
}
const key = (names: string[]) => names.map((n) => n.toLowerCase()).sort();

// Opening posts whose roster lists every slot (numbered lists, bullets, "Living"/"Dead" blocks, struck and
// superscript replacements). The others were rewritten at game end without the first players' names.
const FULL_ROSTERS = ['17764', '23922', '23948', '29925', '62260', '64408', '67932', '68685', '69937', '72324'];

describe('moddesk init on real MafiaScum opening posts', () => {
  const out = tempDir('moddesk-init-');
  let writes: string[] = [];
  let restore = () => {};
  beforeAll(() => {
    vi.stubEnv('MODDESK_MIN_GAP_MS', '0');
    restore = redirectOutput({ out: (s) => writes.push(s), err: () => {} });
  });
  afterAll(() => {
    restore();
    vi.unstubAllEnvs();
  });

  for (const dir of FULL_ROSTERS) {
    it(`thread ${dir}: the game file's players equal the real roster`, async () => {
      const game = realGame(join('train', dir));
      const thread = new FakeThread({ authors: [game.author] });
      thread.add({ author: game.author, html: game.html, createdAt: Date.parse(game.createdAt) });
      const forum: ForumFake = await startPhpbbFake({ thread, variant: 'mafiascum', timeZone: 'UTC' });
      writes = [];
      try {
        const file = join(out, `${dir}.game.yaml`);
        const code = await main([
          'init',
          '--url',
          forum.threadUrl,
          '--out',
          file,
          '--deadline',
          '2030-01-01T00:00:00Z',
        ]);
        expect(code).toBe(0);
        const written = loadGameFile(file);
        expect(key(written.players.map((p) => p.name))).toEqual(key(game.roster));
        expect(written.moderator).toBe(game.author);
        expect(written.thread).toEqual({ platform: 'phpbb', url: forum.threadUrl });
        expect(written.phases[0]!.deadline).toBe('2030-01-01T00:00:00Z');
        expect(writes.join('')).toMatch(/guessed, check before the first count:\n {2}players: /);
      } finally {
        await forum.close();
      }
    });
  }

  it('over every real opening post, the rosters read whole are at least the ten above', () => {
    let whole = 0;
    for (const set of ['games', 'train'])
      for (const dir of readdirSync(join(DONBOT, set)).filter((d) => /^\d+$/.test(d))) {
        const game = realGame(join(set, dir));
        if (JSON.stringify(key(readRoster(game.html).map((s) => s.name))) === JSON.stringify(key(game.roster)))
          whole += 1;
      }
    expect(whole).toBeGreaterThanOrEqual(FULL_ROSTERS.length);
  });
});
