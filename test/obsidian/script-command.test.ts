import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { scriptText } from '../../src/cli/script-command.js';
import type { Post } from '../../src/domain/post.js';
import { runMain } from '../helpers/run-main.js';
import { inPhase, obsidianGame, pm } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'moddesk-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes a game file (with its dump beside it) and returns its path. */
function files(extra: Record<string, unknown>, posts: Post[]): string {
  n += 1;
  const { players, phases, options, successors, events } = obsidianGame(extra);
  const game = {
    ruleset: 'obsidian',
    title: `Script ${n}`,
    moderator: 'Mod',
    thread: { platform: 'file', url: `posts-${n}.jsonl` },
    players,
    phases,
    options,
    events,
    ...(successors ? { successors } : {}),
  };
  writeFileSync(join(dir, `game-${n}.yaml`), stringify(game));
  writeFileSync(join(dir, `posts-${n}.jsonl`), posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
  return join(dir, `game-${n}.yaml`);
}

/** The lines of the script's section titled `title`. */
function section(script: string, title: string): string[] {
  const blocks = script.split('\n\n');
  return (blocks.find((b) => b.startsWith(`== ${title} ==`)) ?? '').split('\n');
}

describe('moddesk script', () => {
  it('shows each step in wake order with the targets recorded by PM so far, and marks enforced roles', () => {
    const game = files({}, [
      pm('Ren', 'N1', 'Target: Kit', 1),
      pm('Kit', 'N1', 'Target: Lux', 2),
      pm('Ink', 'N1', 'Kill: Lux', 3),
      pm('Jet', 'N2', 'Target: Ink'),
    ]);
    const script = scriptText({ game, night: 'N1' });
    const titles = script
      .split('\n')
      .filter((l) => l.startsWith('== '))
      .map((l) => l.slice(3, -3));
    expect(titles).toEqual([
      'Initialization',
      'The Enforcer',
      'The Stabilizer',
      'The Shield',
      'The Analyst',
      'The Scanner (Variant A: Lone)',
      'The Obsidian Process',
      'Dawn',
      'Dawn Report (from the picks so far)',
    ]);
    expect(
      section(script, 'The Enforcer').some((l) =>
        /^ {2}> Enforcer Ren: Select a node to deactivate\. -> Kit \[m\d+\]$/.test(l),
      ),
    ).toBe(true);
    expect(section(script, 'The Stabilizer')).toContain('    DO NOT WAKE: enforced tonight.');
    expect(section(script, 'The Analyst')).toContain('  > Analyst Jet: Select your scan target. -> not recorded yet');
    expect(section(script, 'Dawn Report (from the picks so far)')).toContain(
      'System update: Node Lux has been compromised and removed from the mesh.',
    );
  });

  it('an enforced Leader is shown "disabled" at the Obsidian wake, and the Dawn Report preview has no removal', () => {
    const game = files({}, [pm('Ren', 'N1', 'Target: Ink'), pm('Ink', 'N1', 'Kill: Lux')]);
    const script = scriptText({ game, night: 'N1' });
    expect(section(script, 'The Obsidian Process').some((l) => l.startsWith('    DISABLED'))).toBe(true);
    expect(section(script, 'Dawn Report (from the picks so far)')).toContain('No nodes were compromised tonight.');
  });

  it('O-R5 linked: the Scanner is prompted in the Obsidian wake, and the lone step is gone', () => {
    const game = files({ options: { scanner: 'linked' } }, [pm('Oak', 'N1', 'Target: Kit')]);
    const script = scriptText({ game, night: 'N1' });
    expect(script).not.toContain('Variant A: Lone');
    const obs = section(script, 'The Obsidian Process');
    expect(obs).toContain(
      '- Variant B (Linked): The Scanner performs their role scan now while the whole team is awake.',
    );
    expect(obs).toContain('    Show the role card: Stabilizer.');
  });

  it('O-N0 the registry night lists the Obsidian nodes and the Scanner', () => {
    const script = scriptText({ game: files({}, []), night: 'N0' });
    expect(script).toContain('Obsidian nodes: Ink (Leader), Oak (Scanner), Pip (Infiltrator)');
    expect(script).toContain('Scanner: Oak (variant lone)');
  });

  it('refuses a day, an unknown night and a game of another ruleset, naming the file', () => {
    const game = files({}, []);
    expect(() => scriptText({ game, night: 'D1' })).toThrow(
      /--night: expected one of the game's nights \(N0, N1, N2, N3, N4\), got "D1"/,
    );
    expect(() => scriptText({ game, night: 'N9' })).toThrow(/got "N9"/);
    const vanilla = join(dir, 'vanilla.yaml');
    writeFileSync(
      vanilla,
      stringify({ ruleset: 'vanilla', players: [{ name: 'A' }], phases: [{ name: 'D1', start: inPhase('D1') }] }),
    );
    expect(() => scriptText({ game: vanilla, night: 'N1' })).toThrow(/obsidian games/);
  });

  it('runs through the CLI dispatcher and prints to stdout', async () => {
    const game = files({}, [pm('Jet', 'N1', 'Target: Ink')]);
    const { code, out } = await runMain(['script', '--game', game, '--night', 'N1']);
    expect(code).toBe(0);
    expect(out).toContain('    Signal: Thumbs Down (network).');
  });
});
