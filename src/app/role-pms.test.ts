import { describe, expect, it } from 'vitest';
import type { DraftRecord } from '../domain/draft.js';
import type { Post } from '../domain/post.js';
import { bbcode } from '../reporter/markup.js';
import { renderRolePm, rolePmFacts } from '../reporter/role-pm.js';
import { rulesetOf } from '../reporter/rulesets.js';
import { rolePmDrafts } from './drafts/role-plan.js';
import { parseGameFile } from './load-game-file.js';
import { confirmNudges, rolePmRows, withRolePmAnswers } from './role-pms.js';

const H = 3_600_000;
const start = Date.parse('2026-01-05T18:00:00Z');
const game = parseGameFile(
  `ruleset: vanilla
title: Role Game
players:
  - { name: Alice, faction: mafia, role: Goon, aliases: [Ali] }
  - { name: Bob, faction: town }
  - { name: "[b]Eve[/b]", faction: town, roleText: "PM me [b]Check: NAME[/b]." }
  - { name: Quiet }
phases:
  - { name: D1, start: "2026-01-05T18:00:00Z" }
  - { name: N1, start: "2026-01-06T18:00:00Z" }
events:
  - { at: "2026-01-05T12:00:00Z", replace: Bob, by: Zoe }
options: { confirmHours: 12 }
`,
  'g.yaml',
);

function roleDraft(to: string, sentAt: number | null): DraftRecord {
  const at = new Date(start - 50 * H).toISOString();
  return {
    id: `role-pm-${to}`,
    gameId: 'g',
    kind: 'role-pm',
    status: sentAt === null ? 'pending' : 'posted',
    phase: null,
    number: null,
    format: 'bbcode',
    text: 'x',
    to,
    throughPost: null,
    createdAt: at,
    updatedAt: at,
    recount: null,
    posted: sentAt === null ? null : { id: '7', url: null, at: new Date(sentAt).toISOString() },
    supersededBy: null,
    posting: null,
  };
}

const pm = (author: string, at: number): Post =>
  ({ id: `pm-${author}-${at}`, author, html: 'confirm', createdAt: new Date(at).toISOString(), channel: 'pm' }) as Post;

describe('issue 30/1: role PMs drafted, confirmed, nudged', () => {
  it('one role PM per player with a role or faction; none for a player the file says nothing of; names escaped', () => {
    const drafts = rolePmDrafts(game, start - 48 * H, null, bbcode);
    expect(drafts.map((d) => [d.id, d.to])).toEqual([
      ['role-pm-Alice', 'Alice'],
      ['role-pm-Bob', 'Bob'],
      ['role-pm-_b_Eve__b_', '[b]Eve[/b]'],
    ]);
    const eve = drafts[2]!.text;
    expect(eve).toContain('Hi ［b］Eve［/b］,');
    expect(eve).toContain('PM me [b]Check: NAME[/b].'); // the moderator's own markup, sent as written
    expect(eve).toContain('You win when every member of the mafia is dead.'); // vanilla's V-W1 words
  });

  it('none when the desk first read the game after its first phase ended (m4: the moderator sent them by hand)', () => {
    expect(rolePmDrafts(game, start + 30 * H, start + 25 * H, bbcode)).toEqual([]);
    expect(rolePmDrafts(game, start + 2 * H, start + 1 * H, bbcode)).toHaveLength(3);
  });

  it('the file’s words come before the ruleset’s', () => {
    const f = rolePmFacts(game, { ...game.players[0]!, winCondition: 'Kill them all.' }, rulesetOf('vanilla').roles);
    expect(renderRolePm(f, bbcode)).toContain('[b]Win condition:[/b] Kill them all.');
  });

  it('any PM after the role PM went confirms it, from an alias or a replacement too; one before it does not', () => {
    const sent = start - 48 * H;
    const drafts = [roleDraft('Alice', sent), roleDraft('Bob', sent), roleDraft('Quiet', null)];
    const posts = [pm('Ali', sent + H), pm('Bob', sent - H)];
    const rows = rolePmRows(drafts, posts, game);
    expect(rows.map((r) => [r.player, Boolean(r.confirmedAt), r.sentAt !== null])).toEqual([
      ['Alice', true, true],
      ['Bob', false, true],
      ['Quiet', false, false],
    ]);
    expect(rolePmRows(drafts, [pm('Zoe', sent + 2 * H)], game)[1]!.confirmedAt).not.toBeNull();
  });

  it('a nudge confirmHours (12) after sending, for those who did not answer, once', () => {
    const sent = start - 48 * H;
    const drafts = [roleDraft('Alice', sent), roleDraft('Bob', sent), roleDraft('Quiet', null)];
    const posts = [pm('Alice', sent + H)];
    expect(confirmNudges(rolePmRows(drafts, posts, game), game, sent + 11 * H, bbcode)).toEqual([]);
    const due = confirmNudges(rolePmRows(drafts, posts, game), game, sent + 12 * H, bbcode);
    expect(due.map((d) => [d.id, d.to])).toEqual([['confirm-nudge-Bob', 'Bob']]);
    expect(due[0]!.text).toContain('12 hours ago');
    const nudged = [...drafts, { ...roleDraft('Bob', null), id: 'confirm-nudge-Bob', kind: 'confirm-nudge' as const }];
    expect(confirmNudges(rolePmRows(nudged, posts, game), game, sent + 20 * H, bbcode)).toEqual([]);
  });

  it('the PM window opens when the first role PM went, never earlier (decision 0037 otherwise)', () => {
    const w = { senders: ['alice'], since: start };
    expect(withRolePmAnswers(w, [roleDraft('Alice', null)])).toEqual(w);
    expect(withRolePmAnswers(w, [roleDraft('Alice', start - 48 * H)]).since).toBe(start - 48 * H);
  });

  it('the PM window opens at the first try of a role PM the desk died sending, before it is found sent', () => {
    // Killed the moment the forum took it: the draft is still approved, its try recorded; the player answers at once.
    const firstTry = start - 48 * H + 30_000;
    const inFlight: DraftRecord = {
      ...roleDraft('Alice', null),
      status: 'approved',
      posting: {
        attempts: 1,
        fate: 'sending',
        startedAt: firstTry,
        firstStartedAt: firstTry,
        endedAt: null,
        error: null,
        nextAt: null,
        stopped: false,
      },
    };
    const w = { senders: ['alice'], since: start };
    expect(withRolePmAnswers(w, [inFlight]).since).toBe(start - 48 * H);
    expect(withRolePmAnswers(w, [{ ...inFlight, posting: null }])).toEqual(w);
  });

  it('a reply between the first try and the desk recording the PM sent (found after a crash) confirms it; one before does not', () => {
    const firstTry = start - 48 * H + 30_000;
    // The desk died in the send and found the PM in the sent box an hour later: that is when it recorded it.
    const found = {
      ...roleDraft('Alice', start - 47 * H),
      posting: {
        attempts: 2,
        fate: 'sending' as const,
        startedAt: start - 47 * H,
        firstStartedAt: firstTry,
        endedAt: null,
        error: null,
        nextAt: null,
        stopped: false,
      },
    };
    // A forum that dates PMs to the minute stamps the quick "confirm" at the minute the PM went out.
    const quick = rolePmRows([found], [pm('Alice', start - 48 * H)], game);
    expect(quick[0]!.confirmedAt).toBe(new Date(start - 48 * H).toISOString());
    const before = rolePmRows([found], [pm('Alice', start - 48 * H - 60_000)], game);
    expect(before[0]!.confirmedAt).toBeNull();
  });
});
