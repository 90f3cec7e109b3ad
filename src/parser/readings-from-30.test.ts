import { describe, expect, it } from 'vitest';
import type { RosterName } from '../domain/action.js';
import { extractActions } from './extract-actions.js';
import { buildNameIndex, resolveName } from './resolve-name.js';

// Rows A30+, N30+ of docs/readings.md, one test each, named after its id (A1–A29, N1–N29 are in
// readings.test.ts). Names are invented stand-ins of the corpus examples' shape.
const parse = (html: string) => extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });
const read = (html: string) => parse(html).actions.map((a) => [a.kind, a.argument]);
const vote = (text: string) => `<span class="bbvote" title="This is an official vote.">${text}</span>`;

describe('action readings from A30', () => {
  it('A30: an action just before a stray [/quote] is part of a broken quote: not read, flagged', () => {
    const html =
      '<blockquote><div>Lynch these clowns.</div></blockquote><br>' +
      '<div style="display:inline;font-weight:bold">Unvote, Vote Ann</div>[/quote]<br>reasons why you should give up';
    const r = parse(html);
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['quote-broken']);
    // Only the line the stray tag ends: the poster's own vote above it still counts.
    expect(read(`${vote('VOTE: Bob')}<br>I'm not reading those posts again.[/quote]`)).toEqual([['vote', 'Bob']]);
    // A [/quote] that closes a [quote] the poster typed is no stray.
    expect(read('[quote]hi <b>Vote: Bob</b>[/quote]')).toEqual([['vote', 'Bob']]);
  });
  it('A31: a vote tag holding only the keyword takes the rest of its line', () => {
    expect(read(`${vote('VOTE: vote:')} Ann <br>Scumhunting seems flimsy.`)).toEqual([['vote', 'Ann']]);
    expect(read(`${vote('VOTE: ')} Ann`)).toEqual([['vote', 'Ann']]);
    expect(read(`${vote('VOTE: ')}<br>Ann`)).toEqual([['vote', '']]);
  });
  it('A32: with the plain form (voteReading.unbolded) a plain-text line that starts with a keyword is read', () => {
    const plain = (html: string) =>
      extractActions(html, { syntax: ['bold', 'tag', 'plain'], channel: 'thread' }).actions.map((a) => [
        a.kind,
        a.argument,
        a.form,
      ]);
    expect(plain('Thinking.<br>vote Ann<br>I would vote Bob too')).toEqual([['vote', 'Ann', 'plain']]);
    // Bold and tagged lines are read once, as themselves; without the form nothing plain is read.
    expect(plain('<b>Vote: Ann</b>')).toEqual([['vote', 'Ann', 'bold']]);
    expect(read('vote Ann')).toEqual([]);
  });
  it('A40: a misspelt keyword right after an unvote is that keyword, marked for the mod', () => {
    const acts = parse('<b>unvote, vtoe: Ann</b>').actions;
    expect(acts.map((a) => [a.kind, a.argument])).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
    expect(acts[1]).toMatchObject({ misspelt: 'vtoe' });
    expect(acts[0]?.misspelt).toBeUndefined();
    // Real words stay words, and an unvote spelt right with a right vote is unmarked.
    expect(parse('<b>unvote, note: Ann is town</b>').actions.map((a) => a.kind)).toEqual(['unvote']);
    expect(parse('<b>unvote, vote: Ann</b>').actions.map((a) => a.misspelt)).toEqual([undefined, undefined]);
  });
  it('A41: a misspelt or hyphenated unvote alone on its line is the unvote, marked for the mod', () => {
    for (const typed of ['Umvote', 'un-vote', 'Unvtoe.', 'UNOVTE!']) {
      const acts = parse(`Need to check something<br><b>${typed}</b><br>In other news`).actions;
      expect(acts).toEqual([
        expect.objectContaining({ kind: 'unvote', argument: null, misspelt: typed.replace(/[.!]$/, '') }),
      ]);
    }
    // Only the unvote: a lone misspelt `vote` names nobody, and words stay words.
    expect(read('<b>Veto</b>')).toEqual([]);
    expect(read('<b>Votr</b>')).toEqual([]);
    expect(read('<b>Devote</b>')).toEqual([]);
    expect(read('<b>Unmute</b>')).toEqual([]);
    // With a name after it (no colon), it stays unread, as A7 asks.
    expect(read('<b>Umvote Ann</b>')).toEqual([]);
  });
});

const roster = (players: string[]) =>
  buildNameIndex(players.map((name, slot): RosterName => ({ slot, name, isAlias: false })));

describe('name readings from N30', () => {
  const idx = roster(['Ironmarsh42', 'kdd2001', 'Townsend', 'Lemonade']);
  it('N30: a name pun, scum or town written in for a part of one name or added to it', () => {
    const guessed = (slot: number) =>
      expect.objectContaining({ kind: 'player', slot, via: 'pun', doubt: expect.objectContaining({}) });
    expect(resolveName('IronScum42', idx)).toEqual(guessed(0));
    expect(resolveName('KDDscum', idx)).toEqual(guessed(1));
    expect(resolveName('ScumLemon', idx)).toEqual(guessed(3));
    // Too little of a name left around the word, or no name fits it.
    expect(resolveName('scummy', idx)).toEqual({ kind: 'unknown' });
    expect(resolveName('Goldscum', idx)).toEqual({ kind: 'unknown' });
  });
});
