import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';

// Issue 32, m8: the game-file mistakes the trial found weaker than the rest, each one line naming the file and the
// place, with the fix where there is one.
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = tempDir('moddesk-m8-');
const GAME = `ruleset: vanilla
title: Mini
moderator: Mod
thread: { platform: file, url: posts.jsonl }
players:
  - name: JaneRed
  - name: Bob
  - name: Cleo
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z" }
`;
writeFileSync(join(dir, 'posts.jsonl'), '');

let n = 0;
function moddesk(args: string[], gameText: string, env: Record<string, string> = {}) {
  n += 1;
  const game = join(dir, `game${n}.yaml`);
  writeFileSync(game, gameText);
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin', 'moddesk.js'), ...args.map((a) => a.replace('GAME', game))],
    {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    },
  );
  return { code: r.status, err: r.stderr.trim(), out: r.stdout, game };
}
const state = (gameText: string) => moddesk(['state', '--game', 'GAME', '--posts', join(dir, 'posts.jsonl')], gameText);

describe('m8: game-file mistakes in one line, with the fix', () => {
  it('m8: an unknown event key is named with the nearest one ("kil" → did you mean "kill"?)', () => {
    const r = state(`${GAME}events:\n  - { at: "2026-05-05T18:00:00Z", kil: Bob }\n`);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain(`${r.game}: line 12: events[0]: unknown key "kil"; did you mean "kill"?`);
    expect(r.err).not.toMatch(/Invalid input/);
  });

  it('m8: a wrong value in an event is named at its key, not as "Invalid input"', () => {
    const r = state(`${GAME}events:\n  - { at: "tomorrow", kill: Bob }\n`);
    expect(r.err).toMatch(/events\[0\]\.at: /);
    expect(r.err).not.toMatch(/Invalid input$/);
  });

  it('m8: an unknown player in an event is named with the nearest player ("JaeRed" → "JaneRed")', () => {
    const kill = state(`${GAME}events:\n  - { at: "2026-05-05T18:00:00Z", kill: "JaeRed" }\n`);
    expect(kill.err).toContain('events[0].kill: "JaeRed" is not a player; did you mean "JaneRed"?');
    const revive = state(`${GAME}events:\n  - { at: "2026-05-05T18:00:00Z", revive: Clep }\n`);
    expect(revive.err).toContain('events[0].revive: "Clep" is not a player; did you mean "Cleo"?');
    const far = state(`${GAME}events:\n  - { at: "2026-05-05T18:00:00Z", kill: Zachariah }\n`);
    expect(far.err).toMatch(/"Zachariah" is not a player$/);
  });

  it('m8: a value holding ": " is "quote the value", not YAML\'s words', () => {
    const r = state(GAME.replace('title: Mini', 'title: Mini: Fun'));
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `moddesk: ${r.game}: line 2, column 8: invalid YAML: quote the value (it holds ": "), e.g. title: "Mini: Fun"`,
    );
    const item = state(GAME.replace('  - name: Bob', '  - name: Bob: the builder'));
    expect(item.err).toContain('quote the value (it holds ": "), e.g. - name: "Bob: the builder"');
  });

  it('m8: a bad thread URL stops watch with the game file and its line; watch --once leaves no database behind', () => {
    const data = tempDir('moddesk-m8-data-');
    for (const url of ['https://forum.example/viewforum.php?f=3', 'htp:/forum example/viewtopic.php?t=1']) {
      const r = moddesk(
        ['watch', '--game', 'GAME', '--once'],
        GAME.replace(/thread: .*/, `thread: { platform: phpbb, url: "${url}" }`),
        { XDG_DATA_HOME: data },
      );
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        `moddesk: ${r.game}: line 4: thread.url: expected a phpBB topic URL such as https://forum.example/viewtopic.php?t=123, got ${JSON.stringify(url)}`,
      );
      const left = existsSync(join(data, 'moddesk')) ? readdirSync(join(data, 'moddesk')) : [];
      expect(left).toEqual([]);
    }
  });

  it('m8: a first watch --once whose read fails says so, exits 1 and leaves no database; one that worked keeps it', () => {
    const data = tempDir('moddesk-m8-data-');
    const down = moddesk(
      ['watch', '--game', 'GAME', '--once', '--log-level', 'error'],
      GAME.replace(/thread: .*/, 'thread: { platform: phpbb, url: "http://127.0.0.1:9/viewtopic.php?t=1" }'),
      { XDG_DATA_HOME: data },
    );
    expect(down.code).toBe(1);
    expect(down.err).toContain(`moddesk: ${down.game}: reading the thread failed: 127.0.0.1:9 refused the connection`);
    expect(down.out).toContain('polled 0 of 1 game(s)');
    expect(readdirSync(join(data, 'moddesk'))).toEqual([]);
    const good = moddesk(
      ['watch', '--game', 'GAME', '--once'],
      GAME.replace('url: posts.jsonl', `url: ${join(dir, 'posts.jsonl')}`),
      {
        XDG_DATA_HOME: data,
      },
    );
    expect(good.code, good.err).toBe(0);
    expect(readdirSync(join(data, 'moddesk')).some((f) => f.endsWith('.db'))).toBe(true);
  });
});
