import { describe, expect, it } from 'vitest';
import type { FlagGroup, FlagRecord, FlagTriage } from '../../app/desk.js';
import type { StateJson } from '../../domain/state.js';
import { flagsPage, offersVoteReading } from './flags-page.js';
import { inZone } from './layout.js';

// Issue 32, m5: "Read the vote as another player" only on flags about a vote (docs/flag-codes.md).
describe('the vote form is offered on vote flags only', () => {
  it('vote and target flags get it; a night request, a missile or a prod does not', () => {
    for (const code of ['target-guessed', 'vote-after-day-end', 'hammer-needs-ruling', 'near-miss', 'edited-action'])
      expect(offersVoteReading(code), code).toBe(true);
    for (const code of ['request-wrong-phase', 'nuke-too-early', 'abort-late', 'prod-due', 'count-requested'])
      expect(offersVoteReading(code), code).toBe(false);
  });
});

// Issue 32, m5: a time inside a flag's message is written in the game's zone, not as a raw ISO instant.
describe('m5: times inside flag messages', () => {
  const flag = (id: string, message: string): FlagRecord => ({
    id,
    gameId: 'g',
    status: 'open',
    code: 'abort-late',
    postId: null,
    actor: 'Kit',
    message,
    at: '2026-03-10T03:00:00Z',
  });
  const group = (f: FlagRecord): FlagGroup => ({
    key: `k-${f.id}`,
    code: f.code,
    argument: null,
    reading: null,
    actor: f.actor,
    open: [f],
    ruled: [],
    aliasSuggestion: null,
  });
  const triage = (fs: FlagRecord[]): FlagTriage => ({
    groups: fs.map(group),
    kinds: [{ code: 'abort-late', open: fs.length }],
    players: [],
    open: fs.length,
    ruled: 0,
    filter: {},
  });
  const state = { players: [] } as unknown as StateJson;

  it("m5: the abort window's closing time in the game's zone, on the card and in the group line", () => {
    const page = flagsPage(
      'g',
      triage([flag('f1', 'The abort window closed at 2026-03-10T02:00:00Z.')]),
      new Map(),
      state,
      'csrf',
      { timeZone: 'Europe/Berlin' },
    ).value;
    expect(page).toContain('The abort window closed at Tue 10 Mar 03:00 CET.');
    expect(page).not.toContain('2026-03-10T02:00:00Z.');
  });

  it('m5: inZone writes every ISO instant of a sentence, with or without seconds or an offset, and nothing else', () => {
    expect(inZone('since 2026-03-09T18:00Z, until 2026-03-10T02:00:00.000+01:00; post 2026 of 10', 'UTC')).toBe(
      'since Mon 9 Mar 18:00 UTC, until Tue 10 Mar 01:00 UTC; post 2026 of 10',
    );
  });
});

// Issue 32, m5: what "Accept as read" does, said on the card; the vote form only where the flag is about a vote.
describe('m5: the flag card', () => {
  const card = (code: string) =>
    flagsPage(
      'g',
      {
        groups: [
          {
            key: `k-${code}`,
            code,
            argument: null,
            reading: null,
            actor: 'Kit',
            open: [
              {
                id: 'f1',
                gameId: 'g',
                status: 'open',
                code,
                postId: 'p1',
                actor: 'Kit',
                message: 'm',
                at: '2026-03-10T03:00:00Z',
              },
            ],
            ruled: [],
            aliasSuggestion: null,
          },
        ],
        kinds: [{ code, open: 1 }],
        players: [],
        open: 1,
        ruled: 0,
        filter: {},
      },
      new Map(),
      { players: [{ name: 'Kit' }] } as unknown as StateJson,
      'csrf',
    ).value;

  it('m5: one line says what Accept as read does', () => {
    expect(card('target-guessed')).toContain(
      'Accept as read: the post counts as moddesk read it above, and the flag closes (Undo in the Ruled table).',
    );
  });

  it('m5: "Read the vote as another player" on a vote flag, not on a night request', () => {
    expect(card('target-guessed')).toContain('Read the vote as another player');
    expect(card('request-wrong-phase')).not.toContain('Read the vote as another player');
  });
});
