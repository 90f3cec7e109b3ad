import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { root } from '../helpers/game-cases.js';

const game = (events: string) => `ruleset: vanilla
players:
  - { name: Ava }
  - { name: Bea }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z" }
events:
${events}
`;

function stateError(yaml: string): { status: number; stderr: string } {
  const file = join(tmpdir(), `house-${process.pid}-${Math.random().toString(36).slice(2)}.yaml`);
  const posts = `${file}.jsonl`;
  writeFileSync(file, yaml);
  writeFileSync(posts, '');
  try {
    execFileSync(process.execPath, [join(root, 'bin', 'moddesk.js'), 'state', '--game', file, '--posts', posts], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stderr: '' };
  } catch (err) {
    const e = err as { status: number; stderr: Buffer };
    return { status: e.status, stderr: String(e.stderr) };
  }
}

describe('house-rule options in the game file', () => {
  it('H-EV1 an unknown day-kill cause names the line and lists the allowed causes', () => {
    const r = stateError(game('  - { at: "2026-03-02T01:00:00Z", kill: Ava, cause: dayvig }'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /line 8: events\[0\]\.cause: unknown cause "dayvig"; expected one of: lynch, purge, nightkill, compromise, missile, modkill, vig, day-vig/,
    );
  });

  it('a revival naming nobody is an error at its place', () => {
    const r = stateError(game('  - { at: "2026-03-02T01:00:00Z", revive: Zed }'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/events\[0\]\.revive.*"Zed" is not a player/);
  });

  it('a bad modifier or weight names the player line', () => {
    const bad = game('  []').replace('{ name: Bea }', '{ name: Bea, modifiers: [beloved] }');
    expect(stateError(bad).stderr).toMatch(/line 4: players\[1\]\.modifiers\[0\]/);
  });

  it('H-VC: a misspelt full-count part or a bad L-n mode names its line and key', () => {
    const withOptions = (o: string) => game('  []').replace('events:', `options:\n${o}\nevents:`);
    const typo = stateError(withOptions('  voteCount:\n    changes: true\n    histroy: true'));
    expect(typo.status).toBe(1);
    expect(typo.stderr).toMatch(/line 10: options\.voteCount: unknown key "histroy"; did you mean "history"\?/);
    const mode = stateError(withOptions('  voteCount: { lMinus: close }'));
    expect(mode.stderr).toMatch(/line 8: options\.voteCount\.lMinus/);
    const cooldown = stateError(withOptions('  countRequestCooldown: -5'));
    expect(cooldown.stderr).toMatch(/line 8: options\.countRequestCooldown/);
  });

  it('the config example with every house rule loads', () => {
    const g = loadGameFile(join(root, 'config', 'house-rules.example.game.yaml'));
    expect(g.options).toMatchObject({ voteLock: true, tieBreak: 'draw', majorityFromDay: 2 });
    expect(g.options.voteCount).toEqual({
      changes: true,
      history: true,
      through: true,
      previousCounts: true,
      lMinus: 'near',
    });
    expect(g.options).toMatchObject({ countRequests: true, countRequestCooldown: 30 });
    expect(g.options).toMatchObject({ replacementVotes: 'carry', votesOnReplaced: 'carry' });
    expect(g.players[0]?.voteWeight).toBe(2);
  });
});
