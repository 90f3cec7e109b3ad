import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { ModdeskError } from '../../src/domain/errors.js';

// Issue 33 item 5 (m8): a 10 MB player name was accepted without a word (then cost `state` 7.5 s and 700 MB).
const dir = mkdtempSync(join(tmpdir(), 'moddesk-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const game = (name: string, title = 'T') =>
  [
    'ruleset: vanilla',
    `title: "${title}"`,
    'players:',
    `  - { name: "${name}", faction: town }`,
    '  - { name: Bob, faction: mafia }',
    'phases:',
    '  - { name: D1, start: "2026-01-05T18:00:00Z", deadline: "2026-01-08T18:00:00Z" }',
    '',
  ].join('\n');

function refusal(text: string): string {
  const file = join(dir, 'game.yaml');
  writeFileSync(file, text);
  try {
    loadGameFile(file);
  } catch (err) {
    expect(err).toBeInstanceOf(ModdeskError);
    return (err as ModdeskError).oneLine();
  }
  throw new Error('accepted');
}

describe('a name or title far past any forum’s limit is refused in one line naming the file and the place', () => {
  it('a 10 MB player name', () => {
    const line = refusal(game('A'.repeat(10 * 1024 * 1024)));
    expect(line).toMatch(/game\.yaml: line 4: players\[0\]\.name: a name is at most 200 characters/);
    expect(line.length).toBeLessThan(400);
  });

  it('a 10 MB title', () => {
    const line = refusal(game('Ann', 'T'.repeat(10 * 1024 * 1024)));
    expect(line).toMatch(/game\.yaml: line 2: title: a title is at most 500 characters/);
    expect(line.length).toBeLessThan(400);
  });

  it('a name of 200 characters is still a name', () => {
    const file = join(dir, 'ok.yaml');
    writeFileSync(file, game('A'.repeat(200)));
    expect(loadGameFile(file).players[0]!.name).toHaveLength(200);
  });
});
