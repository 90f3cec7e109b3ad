import { describe, expect, it } from 'vitest';
import { buildNameIndex, resolveName } from '../../src/parser/resolve-name.js';
import { doubtful, nameIndex as index, player } from './name-index.js';

describe('§2 name ladder, step by step', () => {
  const idx = index(['Alice', 'Bob', 'Mr Wright', 'Ant_to_the_max', 'AntB'], { 1: ['Bobby T'] });

  it('exact, case-insensitive, spaces and punctuation removed', () => {
    expect(resolveName('alice', idx)).toEqual(player(0, 'exact'));
    expect(resolveName('ALICE', idx)).toEqual(player(0, 'exact'));
    expect(resolveName('mr. wright', idx)).toEqual(player(2, 'exact'));
    expect(resolveName('MrWright', idx)).toEqual(player(2, 'exact'));
    expect(resolveName('ant to the max', idx)).toEqual(player(3, 'exact'));
  });

  it('alias', () => {
    expect(resolveName('bobby t', idx)).toEqual(player(1, 'alias'));
  });

  it('exact beats an alias that spells another player', () => {
    const i = index(['Ann', 'Bea'], { 1: ['Ann'] });
    expect(resolveName('Ann', i)).toEqual(player(0, 'exact'));
  });

  it('prefix of 3 letters or more that begins exactly one slot', () => {
    expect(resolveName('Ali', idx)).toEqual(player(0, 'prefix'));
    expect(resolveName('Bobb', idx)).toEqual(player(1, 'prefix'));
    // Two letters are only a doubtful start (R-N12).
    expect(resolveName('Al', idx)).toEqual(doubtful(0, 'short-prefix'));
  });

  it('prefix that begins two slots is ambiguous', () => {
    expect(resolveName('Ant', idx)).toEqual({ kind: 'ambiguous', slots: [3, 4], via: 'prefix' });
  });

  it('no match is unknown', () => {
    expect(resolveName('Zebulon', idx)).toEqual({ kind: 'unknown' });
    expect(resolveName('', idx)).toEqual({ kind: 'unknown' });
    expect(resolveName('!!!', idx)).toEqual({ kind: 'unknown' });
  });

  it('no-lynch forms come before names, even a player called Nolynch', () => {
    const i = index(['Nolynch', 'NLx']);
    expect(resolveName('no lynch', i)).toEqual({ kind: 'no-lynch' });
    expect(resolveName('Nolynch', i)).toEqual({ kind: 'no-lynch' });
    expect(resolveName('NL', i)).toEqual({ kind: 'no-lynch' });
    expect(resolveName('NLx', i)).toEqual(player(1, 'exact'));
  });
});

describe('§2 the ways moderators read names', () => {
  it('a word of the name, 3 letters or more: `Rat` for pappums rat', () => {
    const i = index(['pappums rat', 'Ratatosk2', 'Bob']);
    // `Rat` also begins Ratatosk2 (prefix step first): only one slot may fit a step; a whole word of another
    // player's name makes it doubtful (N36).
    expect(resolveName('Rat', i)).toEqual(doubtful(1, 'prefix'));
    expect(resolveName('Rat', index(['pappums rat', 'Bob']))).toEqual(player(0, 'word'));
  });

  it('words split at spaces, _, -, digits and case changes', () => {
    const i = index(['TheCow', 'Fro99er', 'Sharpest-knife-on-tree', 'ant_to_the_max', 'XMLParser']);
    expect(resolveName('Cow', i)).toEqual(player(0, 'word'));
    expect(resolveName('knife', i)).toEqual(player(2, 'word'));
    expect(resolveName('max', i)).toEqual(player(3, 'word'));
    expect(resolveName('parser', i)).toEqual(player(4, 'word'));
    expect(resolveName('fro', i)).toEqual(player(1, 'prefix'));
  });

  it('neighbouring words of the name together: `Fuzzy Logic` for TheFuzzyLogic99', () => {
    expect(resolveName('Fuzzy Logic', index(['TheFuzzyLogic99', 'Logician']))).toEqual(player(0, 'word'));
  });

  it('a word shared by two slots is ambiguous', () => {
    expect(resolveName('Bird', index(['Big Bird', 'Early Bird', 'Tom']))).toEqual({
      kind: 'ambiguous',
      slots: [0, 1],
      via: 'word',
    });
    // The prefix step comes first: `Queen` begins only Queen Bee (doubtful: a whole word of Blood Queen, N36).
    expect(resolveName('Queen', index(['Blood Queen', 'Queen Bee']))).toEqual(doubtful(1, 'prefix'));
  });

  it('initials: `SB` for Scott Brosius', () => {
    expect(resolveName('SB', index(['Scott Brosius', 'Amor', 'Sotty7']))).toEqual(player(0, 'initials'));
    expect(resolveName('s.b.', index(['Scott Brosius', 'Amor']))).toEqual(player(0, 'initials'));
  });

  it('initials of run-together words: `TMHS` for themanhimself', () => {
    expect(resolveName('TMHS', index(['themanhimself', 'Tamaha']))).toEqual(player(0, 'initials'));
    expect(resolveName('TMH', index(['themanhimself', 'Tamaha']))).toEqual(player(0, 'initials'));
  });

  it('initials of case changes: `RK` for Road Kamelot, not rb (archive note, thread with Road Kamelot)', () => {
    expect(resolveName('RK', index(['Road Kamelot', 'rb', 'Naomi-Tan']))).toEqual(player(0, 'initials'));
    expect(resolveName('TFL', index(['TheFuzzyLogic99', 'TheLonging']))).toEqual(player(0, 'initials'));
  });

  it('initials shared by two slots are ambiguous', () => {
    expect(resolveName('MS', index(["Midnight's Sorrow", 'Mist Sparrow']))).toEqual({
      kind: 'ambiguous',
      slots: [0, 1],
      via: 'initials',
    });
  });

  it('a possessive in the name does not break its initials: `MS` for Midnight’s Sorrow', () => {
    expect(resolveName('MS', index(["Midnight's Sorrow", 'Substrike22']))).toEqual(player(0, 'initials'));
  });

  it("a name followed by other words: `Lateralus's replacement` → Lateralus22", () => {
    expect(resolveName("Lateralus's replacement", index(['Lateralus22', 'Reckamonic']))).toEqual(
      player(0, 'leading-words'),
    );
  });

  it('`TheManHimself L-1` → themanhimself', () => {
    expect(resolveName('TheManHimself L-1', index(['themanhimself', 'Bob']))).toEqual(player(0, 'leading-words'));
  });

  it('leading words: the longest leading part that names someone wins', () => {
    const i = index(['Mist Beauty', 'Mist', 'Guderian']);
    expect(resolveName('Mist Beauty is scummy', i)).toEqual(player(0, 'leading-words'));
    expect(resolveName('Guderian for being ambiguous', i)).toEqual(player(2, 'leading-words'));
  });

  it('a possessive alone: `Bob’s` → Bob', () => {
    expect(resolveName('Bob’s', index(['Bob', 'Ann']))).toEqual(player(0, 'leading-words'));
    // A bare trailing apostrophe is punctuation, removed before comparing.
    expect(resolveName("Jess'", index(['Jess', 'Ann']))).toEqual(player(0, 'exact'));
  });

  it('a common word at the front is not read as a name: `the guy who claimed cop`', () => {
    expect(resolveName('the guy who claimed cop', index(['TheCow', 'Guymon']))).toEqual({ kind: 'unknown' });
  });

  it('edit distance ≤ 2 for 4+ letters when no other name is as near', () => {
    const i = index(['Powerrox93', 'Reckamonic', 'Guderian']);
    expect(resolveName('Powerox93', i)).toEqual(doubtful(0, 'edit-distance'));
    expect(resolveName('Guderain', i)).toEqual(doubtful(2, 'edit-distance'));
    expect(resolveName('Reckamoniccc', i)).toEqual(doubtful(1, 'edit-distance'));
  });

  it('edit distance: past a third of the letters is too far, and two letters are never fuzzy', () => {
    expect(resolveName('Gandalf', index(['Guderian']))).toEqual({ kind: 'unknown' });
    expect(resolveName('Bo', index(['Bob', 'Ann']))).toEqual(doubtful(0, 'short-prefix'));
    expect(resolveName('Bp', index(['Bob', 'Ann']))).toEqual({ kind: 'unknown' });
  });

  it('edit distance: two slots equally near are ambiguous', () => {
    expect(resolveName('Jonn', index(['John', 'Joan']))).toEqual({
      kind: 'ambiguous',
      slots: [0, 1],
      via: 'edit-distance',
    });
  });

  it('edit distance also reaches aliases', () => {
    expect(resolveName('Dramonik', index(['Reckamonic', 'AGar'], { 0: ['dramonic'] }))).toEqual(
      doubtful(0, 'edit-distance'),
    );
  });
});

describe('§2 slots, replacements and dead players', () => {
  it('several names of one slot are one fit (a replaced player’s former name)', () => {
    const i = index([['Antihero', 'Lateralus22', 'caelum'], 'AntB']);
    expect(resolveName('Lateralus22', i)).toEqual(player(0, 'exact'));
    expect(resolveName('caelum', i)).toEqual(player(0, 'exact'));
    expect(resolveName('Lat', i)).toEqual(player(0, 'prefix'));
    // `Ant` begins Antihero and AntB: two slots.
    expect(resolveName('Ant', i)).toEqual({ kind: 'ambiguous', slots: [0, 1], via: 'prefix' });
  });

  it('archive 15787: `vote beefster` for the dead Beefster resolves to Beefster, not a look-alike', () => {
    // The roster has the dead too; the engine flags target-dead.
    const i = index(['Beefster', 'Beefstew', 'boberz', 'Mariyta']);
    expect(resolveName('beefster', i)).toEqual(player(0, 'exact'));
  });

  it('archive: `ScottBro` is the dead Scott Brosius, not Amor', () => {
    expect(resolveName('ScottBro', index(['Scott Brosius', 'Amor', 'Shattered Viewpoint']))).toEqual(
      player(0, 'prefix'),
    );
  });

  it('archive 15783: `Dramonerx` names nobody: unknown, never another player', () => {
    const roster = ['singersigner', 'ConfidAnon', 'AGar', 'Powerrox93', 'Guderian', 'Rhinox', 'sims5487'];
    const i = index([...roster, 'Seraphim', 'Blood Queen', 'Thor665', 'Reckamonic', 'Carrotcake']);
    expect(resolveName('Dramonerx', i)).toEqual({ kind: 'unknown' });
  });

  it('archive: misspellings are read (`EL SIMIO` → el simo; `saalndar` → Slandaar, the archive says so)', () => {
    expect(resolveName('EL SIMIO', index(['el simo', 'sapovirus', 'GreyICE']))).toEqual(doubtful(0, 'edit-distance'));
    expect(resolveName('saalndar', index(['Slandaar', 'T S O', 'Sharpest-knife-on-tree']))).toEqual(
      doubtful(0, 'nearest'),
    );
  });

  it('archive: `red tail` → redtail896, not I Am Innocent', () => {
    expect(resolveName('red tail', index(['redtail896', 'I Am Innocent', 'JKLM']))).toEqual(player(0, 'prefix'));
  });

  it('archive: `Cow` → TheCow, not ceasor', () => {
    expect(resolveName('Cow', index(['TheCow', 'ceasor', 'RadiantCowbells', 'Frozen Angel']))).toEqual(
      player(0, 'word'),
    );
  });

  it('archive 71047: `matt` → projectmatt (run-together words)', () => {
    expect(resolveName('matt', index(['projectmatt', 'MathBlade', 'Trivium']))).toEqual(player(0, 'word'));
  });

  it('a Reddit escaped name and a u/ prefix', () => {
    const i = index(['Some_User', 'Other']);
    expect(resolveName('Some\\_User', i)).toEqual(player(0, 'exact'));
    expect(resolveName('u/Some_User', i)).toEqual(player(0, 'exact'));
    expect(resolveName('@Other', i)).toEqual(player(1, 'exact'));
  });

  it('accents and case do not matter', () => {
    expect(resolveName('zoe', index(['Zoë', 'Zed']))).toEqual(player(0, 'exact'));
  });
});

describe('index behaviour', () => {
  it('an empty roster resolves nothing', () => {
    expect(resolveName('Ann', buildNameIndex([]))).toEqual({ kind: 'unknown' });
  });

  it('answers repeated questions the same, from its cache', () => {
    const i = index(['Alice', 'Bob']);
    const first = resolveName('Ali', i);
    expect(resolveName('Ali', i)).toBe(first);
    expect(i.cache.size).toBe(1);
  });

  it('is quick: 30,000 look-ups over a 16-slot roster with former names', () => {
    const names = Array.from({ length: 16 }, (_, n) => [`Player${n}Name`, `Former${n}Guy`]);
    const i = index(names);
    let hits = 0;
    for (let k = 0; k < 30_000; k += 1) {
      const m = resolveName(`player${k % 16}nane extra${k % 97}`, i);
      if (m.kind === 'player') hits += 1;
    }
    expect(hits).toBe(30_000);
  });
});

describe('initials typed out of order', () => {
  it('71047 D6: `IASW` for IAlwaysWinSometimes, as the mod read it', () => {
    expect(resolveName('IASW', index(['IAlwaysWinSometimes', 'Alisae', 'usagichan']))).toEqual(player(0, 'initials'));
  });

  it('exact initials win over scrambled ones, and two letters are never scrambled', () => {
    expect(resolveName('ABC', index(['Alpha Bravo Charlie', 'Charlie Bravo Alpha']))).toEqual(player(0, 'initials'));
    expect(resolveName('BS', index(['Scott Brosius', 'Amor']))).toEqual({ kind: 'unknown' });
  });
});

describe('archive notes (eval-data/mafiascum-donbot/archive.txt): what the old vote counters got wrong', () => {
  it('`Vote: To have nights end as soon as…` (a proposal, not a player) is given to nobody', () => {
    const i = index(['Tom Ohara', 'DeathByWobbuffet', 'Naomi-Tan']);
    expect(resolveName('To have nights end as soon as all active abilities have been submitted', i)).toEqual({
      kind: 'unknown',
    });
  });

  it('`Mi--` (a vote left unfinished) is too short to be anyone', () => {
    expect(resolveName('Mi--', index(['Mist Beauty', 'Guthrie', 'Whiskers']))).toEqual({ kind: 'unknown' });
  });

  it('`KLINGAMENCE` (two names run together) is nobody, not Klingoncelt', () => {
    expect(resolveName('KLINGAMENCE', index(['Klingoncelt', 'Salamence20', 'SamX']))).toEqual({ kind: 'unknown' });
  });

  it('`[vote]NL[/vote]` and `[vote]nl[/vote]` are no lynch, not a player', () => {
    expect(resolveName('NL', index(['notscience', 'killerjester', 'Lissa']))).toEqual({ kind: 'no-lynch' });
    expect(resolveName('nl', index(['Lissa', 'Flubbernugget']))).toEqual({ kind: 'no-lynch' });
  });

  it('`Vote to No Lynch` is no lynch, not Toomai', () => {
    expect(resolveName('to No Lynch', index(['Toomai', 'Lord Mhork']))).toEqual({ kind: 'no-lynch' });
  });

  it('`zipcode` (a nickname nobody configured) stays unknown instead of going to T S O', () => {
    expect(resolveName('zipcode', index(['tn5421', 'T S O', 'House']))).toEqual({ kind: 'unknown' });
  });

  it('`AJ` is Aj The Epic, never Alchemist21 (archive: the old counter read it as Alchemist21)', () => {
    expect(resolveName('AJ', index(['Aj The Epic', 'Alchemist21']))).toEqual(doubtful(0, 'short-prefix'));
    expect(resolveName('AJ the epic', index(['Aj The Epic', 'Alchemist21']))).toEqual(player(0, 'exact'));
  });
});
