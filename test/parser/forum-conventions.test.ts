import { describe, expect, it } from 'vitest';
import type { ActionForm, RosterName } from '../../src/domain/action.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { buildNameIndex, resolveName } from '../../src/parser/resolve-name.js';

/** reference/forum-conventions.md §11 "Consequences for the parser", item by item. */
const read = (html: string, syntax: ActionForm[] = ['bold', 'tag']) =>
  extractActions(html, { syntax, channel: 'thread' });
const votes = (html: string, syntax?: ActionForm[]) =>
  read(html, syntax).actions.map((a) => (a.kind === 'vote' ? (a.noLynch ? '(no lynch)' : a.argument) : a.kind));
const roster = (names: string[]) =>
  buildNameIndex(names.map((name, slot): RosterName => ({ slot, name, isAlias: false })));

describe('forum-conventions §11 parser checklist', () => {
  it('§11.1 syntax profile: bold prefix, vote tag and ##vote each count only when the game uses them', () => {
    const html = '<b>Vote: A</b><br><span class="bbvote" title="This is an official vote.">VOTE: B</span><br>##vote C';
    expect(votes(html, ['bold'])).toEqual(['A']);
    expect(votes(html, ['tag'])).toEqual(['B']);
    expect(votes(html, ['hash'])).toEqual(['C']);
    expect(votes(html, ['bold', 'tag', 'hash'])).toEqual(['A', 'B', 'C']);
  });

  it('§11.1 both "lynch" and "elimination" words', () => {
    expect(votes('<b>Vote: No Lynch</b><br><b>Vote: No Elimination</b>')).toEqual(['(no lynch)', '(no lynch)']);
  });

  it('§11.2 quotes and spoilers are ignored', () => {
    expect(votes('<blockquote><b>Vote: Q</b></blockquote><div class="quotecontent"><b>Vote: S</b></div>')).toEqual([]);
  });

  it('§11.2 bold inside area (fieldset), list, size, underline and colour counts', () => {
    const html =
      '<fieldset><b>Vote: A</b></fieldset><ol><li><b>Vote: B</b></li></ol>' +
      '<div style="font-size: 85%; line-height: normal; display: inline"><b>Vote: C</b></div>' +
      '<div style="display:inline;text-decoration:underline"><b>Vote: D</b></div>' +
      '<div style="display:inline;color:#800080"><b>Vote: E</b></div>';
    expect(votes(html)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('§11.3 the keyword must start the run; otherwise a near-miss for review', () => {
    const r = read('<b>Hammer vote unlynchable....</b>');
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });

  it('§11.4 case-insensitive, optional colon, `VOTE: vote X`', () => {
    expect(votes('<b>VOTE SERAPHIM</b><br><b>vote: blood queen</b><br><b>VOTE: vote Alice</b>')).toEqual([
      'SERAPHIM',
      'blood queen',
      'Alice',
    ]);
  });

  it('§11.4 trailing punctuation and commentary (`-- Mod, please note …`)', () => {
    expect(votes('<b>Vote: Alice!!</b><br><b>Vote: Bob -- Mod, please note I am V/LA</b>')).toEqual(['Alice', 'Bob']);
  });

  it('§11.4 line breaks inside one bold run', () => {
    expect(votes('<b>Unvote: AGar<br>\nVote: Powerrox93</b>')).toEqual(['unvote', 'Powerrox93']);
  });

  it('§11.5 every action is kept in order so the engine can take the last', () => {
    expect(votes('<b>Vote: A</b> then <b>Vote: B</b><br><b>Unvote, Vote: C</b>')).toEqual(['A', 'B', 'unvote', 'C']);
  });

  it('§11.6 no-lynch variants before any name, and a player named like an option stays distinguishable', () => {
    const i = roster(['Nolan', 'NLBlade', 'Toomai']);
    for (const form of ['No Lynch', 'No-lynch', 'NL', 'NOLYNCH', 'No Elimination', 'No Exe', 'to No Lynch']) {
      expect(resolveName(form, i)).toEqual({ kind: 'no-lynch' });
    }
    expect(resolveName('NLBlade', i)).toEqual({ kind: 'player', slot: 1, via: 'exact' });
    expect(resolveName('Nolan', i)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
  });

  it('§11.7 ladder: exact → alias → prefix → word → initials → leading words → edit distance', () => {
    const i = buildNameIndex([
      { slot: 0, name: 'Scott Brosius', isAlias: false },
      { slot: 1, name: 'pappums rat', isAlias: false },
      { slot: 2, name: 'Lateralus22', isAlias: false },
      { slot: 3, name: 'Powerrox93', isAlias: false },
      { slot: 3, name: 'Power', isAlias: true },
    ]);
    expect(resolveName('scott brosius', i)).toMatchObject({ slot: 0, via: 'exact' });
    expect(resolveName('power', i)).toMatchObject({ slot: 3, via: 'alias' });
    expect(resolveName('Later', i)).toMatchObject({ slot: 2, via: 'prefix' });
    expect(resolveName('Rat', i)).toMatchObject({ slot: 1, via: 'word' });
    expect(resolveName('SB', i)).toMatchObject({ slot: 0, via: 'initials' });
    expect(resolveName("Lateralus's replacement", i)).toMatchObject({ slot: 2, via: 'leading-words' });
    expect(resolveName('Powerox93', i)).toMatchObject({ slot: 3, via: 'edit-distance' });
  });

  it('§11.8 all slots, dead ones too: a dead name is not snapped to a living player', () => {
    const i = roster(['Beefster', 'Beefcake', 'boberz']);
    expect(resolveName('beefster', i)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
  });

  it('§11.9 not votes: FoS, VigVote, “vote count please”', () => {
    const r = read('<b>FoS: Alice</b><br><b>VigVote Bob</b><br><b>@mod vote count please</b>');
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.text)).toEqual(['VigVote Bob']);
  });

  it('§11.11 non-vote commands in the thread: `nuke:player`, `Abort: player`', () => {
    expect(read('<b>nuke:Alice</b><br><b>Abort: Bob</b>').actions.map((a) => [a.kind, a.argument])).toEqual([
      ['nuke', 'Alice'],
      ['abort', 'Bob'],
    ]);
  });
});
