import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../../src/app/load-game-file.js';

// Issue 15 minor: even YAML errors for a misspelt top-level key (`phase:`) or player key (`nmae:`), with the
// nearest key suggested, and duplicate players with their line.
const GAME = `ruleset: vanilla
players:
  - { name: Ava }
  - { name: Bea }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z" }
`;
const error = (text: string) => {
  try {
    parseGameFile(text, 'g.yaml');
  } catch (err) {
    return (err as { oneLine(): string }).oneLine();
  }
  throw new Error('expected an error');
};

describe('even YAML errors: misspelt keys and duplicate players', () => {
  it('a misspelt top-level key (phase:) names it, its line, and the nearest key', () => {
    expect(error(GAME.replace('phases:', 'phase:'))).toBe(
      'g.yaml: line 5: (top level): unknown key "phase"; did you mean "phases"? (known keys: ruleset, title, moderator, timezone, thread, players, phases, options, events, successors, publicPage)',
    );
  });
  it('a misspelt player key (nmae:) names it, its line, and the nearest key', () => {
    expect(error(GAME.replace('{ name: Bea }', '{ nmae: Bea }'))).toBe(
      'g.yaml: line 4: players[1]: unknown key "nmae"; did you mean "name"? (known keys: name, aliases, accounts, faction, role, roleText, winCondition, mode, requests, voteWeight, modifiers)',
    );
  });
  it('a missing key says missing, not "received undefined"', () => {
    expect(error('ruleset: vanilla\nplayers: [{ name: Ava }]\n')).toMatch(
      /^g\.yaml: line 1: phases: missing; expected array/,
    );
  });
  it('duplicate players: the line of the second one', () => {
    expect(error(GAME.replace('{ name: Bea }', '{ name: ava }'))).toBe(
      'g.yaml: line 4: players[1]: the name "ava" is used twice',
    );
  });
});
