import { describe, expect, it } from 'vitest';
import { cleanArgument, isNoLynch } from '../../src/parser/argument.js';
import { extractActions } from '../../src/parser/extract-actions.js';

const vote = (inner: string) => extractActions(`<b>${inner}</b>`, { syntax: ['bold'], channel: 'thread' }).actions[0];

describe('§2 no-lynch forms, matched before names', () => {
  it.each([
    'no lynch',
    'No Lynch',
    'no-lynch',
    'No-lynch.',
    'nolynch',
    'NOLYNCH',
    'no elimination',
    'No Elimination!',
    'no exe',
    'no execution',
    'NL',
    'nl',
    'to No Lynch',
    'no_lynch',
  ])('`Vote: %s` is a no-lynch vote', (form) => {
    const action = vote(`Vote: ${form}`);
    expect(action?.kind).toBe('vote');
    expect(action?.noLynch).toBe(true);
  });

  it.each(['Nolan', 'NLx', 'Noelle', 'nobody', 'Nlite', 'Lynch'])('`%s` is a name, not no lynch', (name) => {
    expect(isNoLynch(name)).toBe(false);
    expect(vote(`Vote: ${name}`)?.noLynch).toBe(false);
  });

  it('the scorer note: `[b]Vote: No-lynch.[/b]` is no lynch, not a vote for a look-alike', () => {
    expect(vote('Vote: No-lynch.')).toMatchObject({ argument: 'No-lynch', noLynch: true });
  });

  it('noLynch is only for votes', () => {
    expect(vote('Nuke: NL')?.noLynch).toBe(false);
  });
});

describe('§2 argument cleanup', () => {
  it.each([
    ['Vote: Ann.', 'Ann'],
    ['Vote: Ann!!!', 'Ann'],
    ['Vote: Ann?', 'Ann'],
    ['Vote: Ann - L-2', 'Ann'],
    ['Vote: Ann -- Mod, please note', 'Ann'],
    ['Vote: Ann — she is scum', 'Ann'],
    ['Vote: Ann (scummy)', 'Ann'],
    ['Vote: Ann, because reasons', 'Ann'],
    ['Vote: Ann; she lied', 'Ann'],
    ['Vote: Carrotcake.  Can we lynch scum now?', 'Carrotcake'],
    ['Vote: Mr. Wright', 'Mr. Wright'],
    ['Vote: Mr. Wright. He is scum', 'Mr. Wright'],
    ['VOTE: vote Ann', 'Ann'],
    ['Vote for Ann', 'Ann'],
    ['Vote: @Ann', 'Ann'],
    ['Vote: u/Some\\_User', 'Some_User'],
    ['Vote: "Ann"', 'Ann'],
    ['Vote: Me=Weird', 'Me=Weird'],
    ['Vote: Sharpest-knife-on-tree', 'Sharpest-knife-on-tree'],
    ['Vote: TheManHimself L-1', 'TheManHimself L-1'],
    ["Vote: Lateralus's replacement", "Lateralus's replacement"],
    ["Vote: Midnight's Sorrow", "Midnight's Sorrow"],
    ['Vote:', ''],
  ])('`%s` → %j', (line, argument) => {
    expect(vote(line)?.argument).toBe(argument);
  });

  it('Unvote takes no argument: bare gives null, a name after it is kept but meaningless', () => {
    expect(vote('Unvote')?.argument).toBeNull();
    expect(vote('Unvote:')?.argument).toBeNull();
    expect(vote('Unvote: AGar')?.kind).toBe('unvote');
  });

  it('a keyword bolded alone takes the rest of its line: `<b>Vote:</b> Alice`', () => {
    const r = extractActions('<p><b>Vote:</b> Alice is scum<br>next line</p>', { syntax: ['bold'], channel: 'thread' });
    expect(r.actions).toEqual([
      { kind: 'vote', argument: 'Alice is scum', noLynch: false, form: 'bold', text: 'Vote: Alice is scum' },
    ]);
  });

  it('`<b>Vote</b> <b>Alice</b>`: the second bold run is the argument', () => {
    const r = extractActions('<b>Vote</b> <b>Alice</b>', { syntax: ['bold'], channel: 'thread' });
    expect(r.actions.map((a) => a.argument)).toEqual(['Alice']);
  });

  it('Request and Guess keep their inner punctuation', () => {
    expect(cleanArgument('request', ' Radar, Missile Silo (launch). ')).toBe('Radar, Missile Silo (launch)');
    expect(cleanArgument('guess', 'Ann mafia.')).toBe('Ann mafia');
  });
});
