import { describe, expect, it } from 'vitest';
import { extractActions } from '../../src/parser/extract-actions.js';
import { resolveName } from '../../src/parser/resolve-name.js';
import { doubtful, nameIndex as names, player as sure } from './name-index.js';

// One test per row of docs/readings.md (actions A*, names N*), named after its id. Names here are invented
// stand-ins of the same shape as the corpus examples in that table.
const read = (html: string) =>
  extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' }).actions.map((a) => [a.kind, a.argument]);
const first = (html: string) => extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' }).actions[0];

describe('action readings', () => {
  it('A1: a bold run that starts with a keyword', () => {
    expect(read('<div style="display:inline;font-weight:bold">Vote: Ann</div>')).toEqual([['vote', 'Ann']]);
  });
  it('A2: MafiaScum’s older noboldsig span is bold', () => {
    expect(read('<span class="noboldsig">Vote: Ann</span>')).toEqual([['vote', 'Ann']]);
  });
  it('A3: the keyword typed again', () => {
    expect(read('<b>VOTE: Vote:Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>VOTE: Vote- Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>VOTE: vote Ann</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A4: vote for X, vote on X', () => {
    expect(read('<b>vote for Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>Vote on Ann</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A5: Vote: lynch X', () => {
    expect(read('<b>Vote: lynch Ann</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A6: a qualifier before the keyword', () => {
    expect(read('<b>Confirm vote: Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>Reluctant vote: Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>Spiritual vote Ann</b>')).toEqual([]);
  });
  it('A7: a misspelt keyword before a colon, marked for the mod; real words never', () => {
    expect(first('<b>veot: Ann</b>')).toMatchObject({ kind: 'vote', argument: 'Ann', misspelt: 'veot' });
    expect(first('<b>votew: Ann</b>')).toMatchObject({ kind: 'vote', argument: 'Ann', misspelt: 'votew' });
    expect(read('<b>Unovte; Vote: Ann</b>')).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
    expect(first('<b>un-vote:</b>')).toMatchObject({ kind: 'unvote', misspelt: 'un-vote' });
    expect(read('<b>Note: Ann is town</b>')).toEqual([]);
    expect(read('<b>Votes: Ann 2, Bob 1</b>')).toEqual([]);
    expect(first('<b>Vote: Ann</b>')?.misspelt).toBeUndefined();
  });
  // The kind of case: a donbot archive note (an unbolded `UNVOTE: X` the counter missed with no word to the mod).
  it('A42: a plain line typed as a vote, keyword and colon, is not read but the mod is told', () => {
    const post = extractActions('Thinking.<br>UNVOTE: Ann until I know more<br>vote Bob maybe later', {
      syntax: ['bold', 'tag'],
      channel: 'thread',
    });
    expect(post.actions).toEqual([]);
    expect(post.diagnostics).toEqual([
      expect.objectContaining({ code: 'near-miss', text: expect.stringContaining('UNVOTE: Ann') }),
    ]);
    expect(read('<b>Vote: Ann</b><br>Vote: Bob')).toEqual([['vote', 'Ann']]);
    // Quoted, or a keyword without its colon, or talk about votes: no note.
    const quiet = (html: string) => extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' }).diagnostics;
    expect(quiet('<blockquote>Vote: Ann</blockquote>')).toEqual([]);
    expect(quiet('vote Ann, she is scummy')).toEqual([]);
    expect(quiet('My vote: still on Ann')).toEqual([]);
  });
  it('A8: marks before the keyword', () => {
    expect(read('<b>/vote Ann</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>[VOTE: Ann]</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A9: an action after a separator and a keyword', () => {
    expect(read('<b>Cross fingers, vote Ann.</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A10: any keyword after Unvote starts anew', () => {
    expect(read('<b>unvote then vote for Ann</b>').map(([kind, arg]) => (kind === 'vote' ? arg : kind))).toEqual([
      'unvote',
      'Ann',
    ]);
  });
  it('A11: VOTE: unvote is an unvote', () => {
    expect(read('<span class="bbvote" title="This is an official vote.">VOTE: unvote</span>')).toEqual([
      ['unvote', null],
    ]);
  });
  it('A12: no-lynch forms and pass', () => {
    for (const arg of ['no lynch', 'NL', 'nolynch', 'no elimination', 'pass']) {
      expect(first(`<b>Vote: ${arg}</b>`)?.noLynch, arg).toBe(true);
    }
    expect(first('<b>Vote: Passerine</b>')?.noLynch).toBe(false);
  });
  it('A13: a keyword bolded alone takes the rest of its line', () => {
    expect(read('<b>Vote:</b> Ann')).toEqual([['vote', 'Ann']]);
  });

  it('A13 (issue 33 M1): up to the next bold run on the line that starts with a keyword, past bold runs that do not', () => {
    expect(read('<b>Vote:</b> Ann <b>really</b> <b>Vote:</b> Bob')).toEqual([
      ['vote', 'Ann really'],
      ['vote', 'Bob'],
    ]);
    // Each vote's argument ran to the line's end: 80 KB of these took 12 s, and the arguments grew with the square.
    const line = '<b>Vote:</b> Cy <b>why</b> '.repeat(4000);
    const actions = extractActions(line, { syntax: ['bold'], channel: 'thread' }).actions;
    expect(actions).toHaveLength(4000);
    const argued = actions.reduce((sum, a) => sum + (a.argument?.length ?? 0), 0);
    expect(argued).toBeLessThanOrEqual(line.length);
  });
  it('A14: the forum’s vote tag, and its title', () => {
    expect(read('<span class="bbvote" title="This is an official vote.">VOTE: Ann</span>')).toEqual([['vote', 'Ann']]);
    expect(read('<span class="bbvote" title="This is an official unvote.">UNVOTE: </span>')).toEqual([
      ['unvote', null],
    ]);
  });
  it('A15: commentary after a clear separator', () => {
    expect(read('<b>Vote: Ann - L-2</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>Vote: Ann (scum)</b>')).toEqual([['vote', 'Ann']]);
    expect(read('<b>Vote: Ann. Obv scum.</b>')).toEqual([['vote', 'Ann']]);
  });
  it('A16: a body past the size limit is read up to it and flagged', () => {
    const big = `<b>Vote: Ann</b>${'x'.repeat(5_100_000)}<b>Vote: Bob</b>`;
    const r = extractActions(big, { syntax: ['bold'], channel: 'thread' });
    expect(r.actions.map((a) => a.argument)).toEqual(['Ann']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['post-too-large']);
  });
});

describe('name readings', () => {
  const idx = names([
    'Mr Wright',
    'havingpitz',
    'Chefnachos',
    'Sirplatonicus',
    'evilpacmanx',
    'projectquill',
    'Ozzymond',
  ]);
  it('N1: exact, case, spaces and punctuation ignored', () => {
    expect(resolveName('mrwright', idx)).toEqual(sure(0, 'exact'));
  });
  it('N2: an alias', () => {
    expect(resolveName('MW', names(['Mr Wright'], { 0: ['MW'] }))).toEqual(sure(0, 'alias'));
  });
  it('N3: a start of 3+ letters', () => {
    expect(resolveName('Chef', idx)).toEqual(sure(2, 'prefix'));
  });
  it('N4: a word of the name', () => {
    expect(resolveName('Wright', idx)).toEqual(sure(0, 'word'));
  });
  it('N5: initials, also without a leading article', () => {
    expect(resolveName('MW', idx)).toEqual(sure(0, 'initials'));
    expect(resolveName('GB', names(['The Goodbaker', 'Gary']))).toEqual(sure(0, 'initials'));
  });
  it('N6: initials out of order', () => {
    expect(resolveName('IASW', names(['IAlwaysWinSometimes', 'Ian']))).toEqual(sure(0, 'initials'));
  });
  it('N7: a name followed by other words', () => {
    expect(resolveName("Chefnachos's replacement", idx)).toEqual(sure(2, 'leading-words'));
  });
  it('N8: within two edits', () => {
    expect(resolveName('Chefnachoz', idx)).toEqual(doubtful(2, 'edit-distance'));
    // A whole name 2 edits away yields to another name whose start is 1 edit away (N12 then weighs the two).
    expect(resolveName('Harry', names(['Hamer', 'herryoak', 'Ann']))).toEqual(doubtful(1, 'nearest'));
    expect(resolveName('Hamar', names(['Hamer', 'herryoak', 'Ann']))).toEqual(doubtful(0, 'edit-distance'));
    // Two neighbouring letters swapped are one edit: nearer Michael than Michelle, so read, not ambiguous.
    expect(resolveName('Micheal', names(['Michael', 'Michelle', 'Mitchell']))).toEqual(doubtful(0, 'edit-distance'));
    expect(resolveName('cadb', names(['Cabd', 'Ann']))).toMatchObject({ slot: 0, doubt: { distance: 1 } });
    // Only within Levenshtein distance 2, as interfaces §2 says: two swaps are 4 edits there.
    expect(resolveName('Mcihaeel', names(['Michael', 'Ann']))).not.toMatchObject({ via: 'edit-distance' });
  });
  it('N9: a part of one name, a plural dropped', () => {
    expect(resolveName('pitz', idx)).toEqual(doubtful(1, 'part'));
    expect(resolveName('nachos', idx)).toEqual(doubtful(2, 'part'));
    expect(resolveName('Muffins', names(['zMuffinMan', 'Ann']))).toEqual(doubtful(0, 'part'));
  });
  it('N10: a whole name inside longer text, or one word that names the player', () => {
    expect(resolveName('Zulsirplatonicus', idx)).toEqual(doubtful(3, 'contains-name'));
    expect(resolveName('scum Chefnachos', idx)).toEqual(doubtful(2, 'contains-name'));
    expect(resolveName('Dr McFinch', names(['Bill McFinch', 'Ann']))).toEqual(doubtful(0, 'contains-name'));
  });
  it('N11: letters of the name in order', () => {
    expect(resolveName('pjq', idx)).toEqual(doubtful(5, 'abbreviation'));
    expect(resolveName('MD', names(['mnemonicdevice', 'Ann']))).toEqual(doubtful(0, 'abbreviation'));
    // Two letters: the second starts a word of the name, though it also stands earlier inside the first.
    expect(resolveName('KS', names(['kassandrastorm', 'Ann']))).toEqual(doubtful(0, 'abbreviation'));
    expect(resolveName('KA', names(['kassandrastorm', 'Ann']))).not.toMatchObject({ via: 'abbreviation' });
  });
  it('N12: the nearest spelling, with its distance, runner-up and margin', () => {
    const m = resolveName('Wierdalez', names(['weirdalexv', 'Ann', 'Bobcat']));
    expect(m).toEqual(doubtful(0, 'nearest'));
    expect(m).toMatchObject({ doubt: { distance: 2, runnerUp: expect.any(Number), margin: expect.any(Number) } });
    expect(resolveName('Redddfooox', names(['RedFox', 'Ann']))).toEqual(doubtful(0, 'nearest'));
    expect(resolveName('alenx', names(['Alenimar', 'Ozzymond']))).toEqual(doubtful(0, 'nearest'));
  });
  it('N13: two letters alone that start one name', () => {
    expect(resolveName('oz', idx)).toEqual(doubtful(6, 'short-prefix'));
    expect(resolveName('Oz--', idx)).not.toMatchObject({ via: 'short-prefix' });
  });
  it('N14: nothing fits, or two slots fit equally: not counted', () => {
    expect(resolveName('Gandalf', idx)).toEqual({ kind: 'unknown' });
    expect(resolveName('PB', names(['PeaceBaker', 'Prolapsed Bean']))).toMatchObject({ kind: 'ambiguous' });
  });
  it('N15: a name that only resolves after normalizing is marked folded', () => {
    const i = names(['Alice', 'Bob']);
    expect(resolveName('Alice', i)).toEqual(sure(0, 'exact'));
    for (const typed of ['Al\u200bice', 'Ali\u00adce', '\ufeffAlice', 'Ａｌｉｃｅ', 'Ali\u0301ce', '\u0410lice']) {
      expect(resolveName(typed, i), JSON.stringify(typed)).toMatchObject({ kind: 'player', slot: 0, folded: true });
    }
    expect(resolveName('Zoë', names(['Zoë', 'Bob']))).toEqual(sure(0, 'exact'));
  });
  it('N16: an alias recorded for a doubtful form makes it sure', () => {
    expect(resolveName('pitz', names(['havingpitz'], { 0: ['pitz'] }))).toEqual(sure(0, 'alias'));
  });
  it('N17: a misspelt word of a several-word name, runner-up 2+ edits further', () => {
    expect(resolveName('Balter', names(['VP Baltor', 'Juls', 'charter']))).toEqual(doubtful(0, 'nearest'));
    expect(resolveName('Balter', names(['VP Baltor', 'Juls', 'Cap Baltar']))).not.toMatchObject({ kind: 'player' });
  });
  it('N19: two letters in order in a name of one unbroken word', () => {
    expect(resolveName('xf', names(['Xkfyu', 'xSoniaNevermindx', 'Saru']))).toEqual(doubtful(0, 'abbreviation'));
    expect(resolveName('xs', names(['Xkfyu', 'xSoniaNevermindx', 'Saru']))).toMatchObject({ kind: 'player', slot: 1 });
    expect(resolveName('pm', names(['evilpacmanx', 'Saru']))).toEqual({ kind: 'unknown' });
  });
  it('N18: three letters that start a word inside one name, after a dictionary word', () => {
    expect(resolveName('Pac', names(['evilpacmanx', 'Tam', 'Xkfyu']))).toEqual(doubtful(0, 'part'));
    expect(resolveName('Pac', names(['evilpacmanx', 'goodpacker']))).toMatchObject({ kind: 'ambiguous' });
    expect(resolveName('kfy', names(['evilpacmanx', 'Xkfyu']))).toEqual({ kind: 'unknown' });
  });
  it('N33: a remark run into the start or a part of one name, 4+ letters of it', () => {
    const roster = names(['oillamps', 'zTigerMan', 'Marmalader', 'IcyGuy', 'Rook']);
    expect(resolveName('Lampbutt', roster)).toEqual(doubtful(0, 'run-on'));
    expect(resolveName('zTigerCrow', roster)).toEqual(doubtful(1, 'run-on'));
    expect(resolveName('marmal-whatever', roster)).toEqual(doubtful(2, 'run-on'));
    // Three letters of a name are too few for N33 (a whole word of three is N35's), and a start two names share reads neither.
    expect(resolveName('IcyNinja', roster)).not.toMatchObject({ via: 'run-on' });
    expect(resolveName('Lampbutt', names(['oillamps', 'lampshade']))).toMatchObject({ kind: 'ambiguous' });
    expect(resolveName('hammer', roster)).toEqual({ kind: 'unknown' });
    // Two names run together are not N33's: the rest lies in another name (N35 reads whole words swapped).
    expect(resolveName('zTigerWolfgan', names(['zTigerMan', 'Wolfgang5']))).not.toMatchObject({ via: 'run-on' });
    expect(resolveName('KLINGSALAM', names(['Klingonx', 'Salamx']))).toEqual({ kind: 'unknown' });
  });
  it('N34: one edit away on 4+ letters, the runner-up one edit further, reads the nearest', () => {
    const m = resolveName('avez', names(['Avenimar', 'Dezerine', 'Ozzymond']));
    expect(m).toEqual(doubtful(0, 'nearest'));
    expect(m).toMatchObject({ doubt: { distance: 1, runnerUp: 1, margin: 1 } });
    expect(resolveName('Yuro', names(['yura-chix', 'Yunotaki', 'Ozzymond']))).toEqual({ kind: 'unknown' });
    // Two edits need the runner-up two further, as N12 says.
    expect(resolveName('Balter', names(['VP Baltron', 'Cap Baltic']))).not.toMatchObject({ kind: 'player' });
  });
  it('N35: one word of a name swapped for another, the rest kept and in place', () => {
    const roster = names(['ICYwizard', 'zCakeMan', 'HappyCrow', 'The Goodbaker', 'Rook']);
    expect(resolveName('ICYpick', roster)).toEqual(doubtful(0, 'swapped-word'));
    expect(resolveName('ICYpick', roster)).toMatchObject({
      doubt: { reason: expect.stringContaining('pick for wizard') },
    });
    expect(resolveName('zCakeCrow', roster)).toEqual(doubtful(1, 'swapped-word'));
    // The kept words need 3+ letters that are not stop words, and the word count must match.
    expect(resolveName('The Kettle', roster)).not.toMatchObject({ via: 'swapped-word' });
    expect(resolveName('zCakeBigMan', roster)).not.toMatchObject({ via: 'swapped-word' });
    expect(resolveName('Scum Baker', names(['Scum Hunter', 'Rook']))).not.toMatchObject({ via: 'swapped-word' });
    // A kept start and a kept end that point at two players read neither.
    expect(resolveName('FireCrow', names(['FireGuy', 'SadCrow']))).toMatchObject({ kind: 'ambiguous' });
  });
  it('N36: the start of one name that is a whole word of another player’s still reads the first, doubtful', () => {
    const roster = names(['Kaiser Söze', 'Sözen', 'Alexandra', 'Alex99']);
    expect(resolveName('Söze', roster)).toEqual(doubtful(1, 'prefix'));
    expect(resolveName('Soze', roster)).toMatchObject({ doubt: { reason: expect.stringContaining('Kaiser Söze') } });
    // A word split at a case change or a digit is whole too; a start no other name holds whole stays sure.
    expect(resolveName('Alex', names(['Alexandra', 'BigAlex77']))).toEqual(doubtful(0, 'prefix'));
    expect(resolveName('Kaiser', roster)).toEqual(sure(0, 'prefix'));
    // The initials of another player's name are a rival too.
    expect(resolveName('Ace', names(['Acewing', 'A Cool Egg']))).toMatchObject({
      kind: 'player',
      slot: 0,
      doubt: { reason: expect.stringContaining('initials of A Cool Egg') },
    });
    expect(resolveName('Sözen', roster)).toEqual(sure(1, 'exact'));
  });
  it('N37: a name wrapped in x letters also reads without them: its start, words and initials', () => {
    const roster = names(['xRosaNightfallx', 'XkrowX', 'xXGreyHawkXx', 'Xerox', 'Rook']);
    expect(resolveName('Rosa', roster)).toEqual(sure(0, 'prefix'));
    expect(resolveName('RN', roster)).toEqual(sure(0, 'initials'));
    expect(resolveName('krow', roster)).toEqual(sure(1, 'exact'));
    expect(resolveName('GH', roster)).toEqual(sure(2, 'initials'));
    // No wrapper: Xerox is a name that starts and ends with x, not `ero` wrapped.
    expect(resolveName('ero', roster)).not.toMatchObject({ slot: 3 });
  });
  it('N38: a name of symbols alone is read by the same symbols, whole', () => {
    const roster = names(['-_-', '☃', 'Rook']);
    expect(resolveName('-_-', roster)).toEqual(sure(0, 'exact'));
    expect(resolveName(' ☃ ', roster)).toEqual(sure(1, 'exact'));
    expect(resolveName('-_', roster)).toEqual({ kind: 'unknown' });
    expect(resolveName('...', roster)).toEqual({ kind: 'unknown' });
    expect(resolveName('Ro', roster)).toEqual(doubtful(2, 'short-prefix'));
  });
  // The kind of case: an archive note of Computational-Mafia/donbot (a tag vote of two initials, the mod's reading
  // the stylised-case player, the counter's the camel-case one).
  it('N39: a name in stylised case (lone capitals) is read in lower case too: its words and initials', () => {
    const roster = names(['BlueHarbor', 'BiGHaT', 'Rook']);
    expect(resolveName('hat', roster)).toEqual(sure(1, 'word'));
    expect(resolveName('BH', roster)).toEqual({ kind: 'ambiguous', slots: [0, 1], via: 'initials' });
    expect(resolveName('Blue', roster)).toEqual(sure(0, 'prefix'));
    // A lone capital that is an initial (JohnQPublic) adds nothing: jo|hnq… splits into no words.
    expect(resolveName('JQP', names(['JohnQPublic', 'Rook']))).toEqual(sure(0, 'initials'));
  });
});

// Issue 28 (train-ledger audit §5): nicknames from a piece of a name, each a reading any careful moderator makes.
describe('nickname readings', () => {
  it('N40: initials or the start of one name with a nickname ending (-y, -ie, -ey), doubtful', () => {
    const roster = names(['A Silent Pike', 'Radiant Bells', 'Wickford', 'Tally']);
    expect(resolveName('Aspy', roster)).toEqual(doubtful(0, 'suffixed'));
    expect(resolveName('Aspy', roster)).toMatchObject({ doubt: { reason: expect.stringContaining('initials') } });
    expect(resolveName('Rbie', roster)).toEqual({ kind: 'unknown' });
    // The stem must read one player by its initials or its start, 3+ letters.
    expect(resolveName('Zzy', roster)).toEqual({ kind: 'unknown' });
  });
  it('N41: a stop word typed in capitals as the whole name is initials (TO: t + the dictionary word ending the name)', () => {
    const roster = names(['tavrikotter', 'Tom', 'Toby', 'Jase']);
    expect(resolveName('TO', roster)).toEqual(doubtful(0, 'abbreviation'));
    // In lower case it stays the word `to`, which names nobody.
    expect(resolveName('to', roster)).toEqual({ kind: 'unknown' });
  });
  it('N42: a name stretched for emphasis, letters or syllables repeated 3+ times, read once each', () => {
    const roster = names(['karim2bastani', 'Quill', 'Dolores']);
    expect(resolveName('kakakakarimimimim', roster)).toEqual(doubtful(0, 'stretched'));
    expect(resolveName('Quuuuuilll', roster)).toMatchObject({ kind: 'player', slot: 1 });
    expect(resolveName('kikikiki', roster)).toEqual({ kind: 'unknown' });
  });
  it('N43: a long name of 3+ words matched word by word (a typo and a short form, the rest the same)', () => {
    const roster = names(['stay away my good gf', 'Maestro', 'Keychain']);
    expect(resolveName('Stat Away My Good Girlfriend', roster)).toEqual(doubtful(0, 'word-by-word'));
    // Fewer than half of the words the same is no match.
    expect(resolveName('Star Aweigh Mi Good Girlfriend', roster)).not.toMatchObject({ via: 'word-by-word' });
  });
  it('N44: a piece of 4+ letters inside exactly one name beats a spelling two edits from another name', () => {
    const roster = names(['Belgarion7', 'Marin', 'Dolores']);
    // `arion` is a piece of Belgarion7 and 2 edits from Marin: the piece wins, Marin is the runner-up.
    expect(resolveName('arion', roster)).toEqual(doubtful(0, 'part'));
    expect(resolveName('arion', roster)).toMatchObject({ doubt: { runnerUp: 1 } });
    // One edit from Marin stays Marin's.
    expect(resolveName('Marin7', roster)).toMatchObject({ kind: 'player', slot: 1 });
  });
  it('N45: digits split a name into words: three letters after the digit start a word', () => {
    const roster = names(['th3vorlan', 'Quill', 'Dolores']);
    expect(resolveName('vor', roster)).toEqual(doubtful(0, 'part'));
  });
  it('N46: a whole word of exactly one name, short or a stop word, reads it doubtful; never an article', () => {
    const roster = names(['z42', 'Me+Odd', 'A Silent Pike', 'Quill']);
    expect(resolveName('Z', roster)).toEqual(doubtful(0, 'word'));
    expect(resolveName('me', roster)).toEqual(doubtful(1, 'word'));
    expect(resolveName('a', roster)).toEqual({ kind: 'unknown' });
  });
  it('N47: a name spelt backwards (inside its x wrapper, N37), 4+ letters', () => {
    const roster = names(['XnitramX', 'Dolores', 'Quill']);
    expect(resolveName('Martin', roster)).toEqual(doubtful(0, 'reversed'));
    expect(resolveName('serolod', roster)).toEqual(doubtful(1, 'reversed'));
    expect(resolveName('lliuq', roster)).toMatchObject({ kind: 'player', slot: 2 });
  });
});

describe('vote forms (issue 28)', () => {
  it('N48: a vote naming two players is ambiguous, never a sure vote for the first', () => {
    const roster = names(['Quill', 'Dolores', 'Marigold']);
    expect(resolveName('Quill and Dolores come post', roster)).toEqual({
      kind: 'ambiguous',
      slots: [0, 1],
      via: 'leading-words',
    });
    expect(resolveName('Quill or Marigold', roster)).toMatchObject({ kind: 'ambiguous', slots: [0, 2] });
    // A second part that names nobody leaves the first reading.
    expect(resolveName('Quill and his friends', roster)).toMatchObject({ kind: 'player', slot: 0 });
  });
  it('A49: the verb form where the keyword goes (voting X, I’m voting X) is a vote, marked for the mod', () => {
    expect(first('<b>voting Ann</b>')).toMatchObject({ kind: 'vote', argument: 'Ann', misspelt: 'voting' });
    expect(first('<b>I’m voting Ann</b>')).toMatchObject({ kind: 'vote', argument: 'Ann', misspelt: 'I’m voting' });
    expect(first('<b>I am voting for Ann</b>')).toMatchObject({ kind: 'vote', argument: 'Ann' });
    expect(read('<b>not voting Ann</b>')).toEqual([]);
  });
});

describe('broken markup a moderator still reads (issue 28)', () => {
  it('A51: a vote tag spanning two lines reads both lines; a third line, or text that is no action, never', () => {
    const tag = (inner: string) => `<span class="bbvote" title="This is an official vote.">${inner}</span>`;
    expect(read(tag('VOTE: UNVOTE<br>\nVote: Ann'))).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
    // The second line is read only by its keyword: the tag's title does not make plain words a vote.
    expect(read(`${tag('VOTE: Ann<br>\nshe is scum')}`)).toEqual([['vote', 'Ann']]);
    expect(read(tag('VOTE: Ann<br>\nmore<br>\nVote: Bob'))).toEqual([['vote', 'Ann']]);
  });
  it('A52: a quote broken by a literal [ /quote] does not hide the poster’s own vote after its last inner quote', () => {
    const html =
      '<blockquote><div><cite>Ann wrote:</cite><blockquote><div><cite>Bob wrote:</cite>at this point.[ /quote]<br>more</div></blockquote>' +
      'So you changed your mind?<br><div style="display:inline;font-weight:bold">vote Ann</div></div></blockquote>';
    const parsed = extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(parsed.actions.map((a) => [a.kind, a.argument])).toEqual([['vote', 'Ann']]);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['quote-broken']);
    // A quote closed as usual still hides its votes.
    expect(read('<blockquote><div><cite>Ann wrote:</cite><b>vote Bob</b></div></blockquote>')).toEqual([]);
  });
  it('A53: a short lead-in (idk, ok, so…) before a bold unvote that ends its line is the unvote, marked for the mod; never another’s (you unvote)', () => {
    expect(first('<b>idk UnVotE</b>')).toMatchObject({ kind: 'unvote', misspelt: 'idk UnVotE' });
    expect(read('<b>not unvote</b>')).toEqual([]);
    expect(read('<b>I will never unvote</b>')).toEqual([]);
    expect(read('<b>you unvote.</b>')).toEqual([]);
  });
  it('A54: a strikethrough opened inside a word and running to the post’s end does not withdraw its vote', () => {
    const strike = '<div style="display:inline-flex;text-decoration:line-through">';
    const html = `Monkey seem${strike} to be protecting him.<br><span class="bbvote" title="This is an official vote.">VOTE: Ann</span><br>more</div>`;
    const parsed = extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(parsed.actions.map((a) => [a.kind, a.argument])).toEqual([['vote', 'Ann']]);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['html-malformed']);
    // A strike the poster opened and closed on purpose still hides its text.
    expect(read(`I was wrong: ${strike}<b>vote Ann</b></div> and more`)).toEqual([]);
    expect(read(`word${strike}<b>vote Ann</b></div> and more`)).toEqual([]);
  });
  it('A52, A54: what the mended markup lets through is marked, so the vote is doubtful', () => {
    const strike = '<div style="display:inline-flex;text-decoration:line-through">';
    const html = `Monkey seem${strike} to be protecting him.<br><span class="bbvote" title="This is an official vote.">VOTE: Ann</span><br>more</div>`;
    expect(first(html)).toMatchObject({ kind: 'vote', argument: 'Ann', markup: 'read as not struck' });
    const broken =
      '<blockquote><div><cite>Ann wrote:</cite><blockquote><div><cite>Bob wrote:</cite>at this point.[ /quote]<br>more</div></blockquote>' +
      'So?<br><div style="display:inline;font-weight:bold">vote Ann</div></div></blockquote>';
    expect(first(broken)?.markup).toMatch(/broken quote/);
    // A vote the post as sent already shows is not marked.
    expect(first('<b>vote Ann</b>')?.markup).toBeUndefined();
  });
  it('A55: bold or a vote tag typed as text at a plain line’s start reads as that markup meant, doubtful and flagged', () => {
    const parsed = extractActions('[vote[Ann[/vote]<br><br>more words', { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(parsed.actions).toMatchObject([{ kind: 'vote', argument: 'Ann', form: 'tag', markup: expect.any(String) }]);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['html-malformed']);
    expect(read('[vote}No Lynch[/vote]')).toEqual([['vote', 'No Lynch']]);
    // An unvote alone typed so is not applied (a moderator left one standing), but noted for the mod.
    const unvote = extractActions('[unvote[/unvote]<br>never mind', { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(unvote.actions).toEqual([]);
    expect(unvote.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
    expect(read('[b]Unvote, Vote: Ann[/b] she is scum')).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
    // HTML typed into a BBCode forum is shown as text (`&lt;b&gt;`), and read the same way.
    expect(read('&lt;b&gt;Vote: Ann&lt;/b&gt;')).toEqual([['vote', 'Ann']]);
    expect(read('[bold]Vote: Ann[/vote]')).toEqual([['vote', 'Ann']]);
    // A typed bold needs its keyword; markup mid-line, or a word that only starts like the tag, is no vote.
    expect(read('[b]Ann is scum[/b]')).toEqual([]);
    expect(read('use [vote]name[/vote] to vote')).toEqual([]);
    expect(read('[voter list] Ann')).toEqual([]);
  });
  it('A56: a close tag typed right after the name is not part of it; the vote is doubtful', () => {
    const tag = '<span class="bbvote" title="This is an official vote.">VOTE: Ann[/b]<br>more talk</span>';
    expect(first(tag)).toMatchObject({ kind: 'vote', argument: 'Ann', markup: '[/b] typed after the name' });
    const line = extractActions('<b>unvote, vote Ann[/vote]</b>', { syntax: ['bold'], channel: 'thread' }).actions;
    expect(line).toMatchObject([{ kind: 'unvote' }, { kind: 'vote', argument: 'Ann', markup: expect.any(String) }]);
    // On a plain line it shows the poster meant it bold.
    expect(first('Vote: Ann[/b]')).toMatchObject({ kind: 'vote', argument: 'Ann', form: 'bold' });
    expect(first('Vote: Ann[/vote]')).toMatchObject({ kind: 'vote', argument: 'Ann', form: 'tag' });
    // A close tag typed into an unvote's tag is no new vote.
    expect(
      read('<span class="bbvote" title="This is an official unvote.">UNVOTE: Ann[/vote]. And more</span>'),
    ).toEqual([['unvote', 'Ann']]);
    // A remark between the name and the tag leaves the vote as it was.
    expect(first('<b>Vote: Ann, she is scum[/b]</b>')?.markup).toBeUndefined();
  });
  it('A57: a name written just before an empty vote tag is the vote; a tag opened again where it should close is dropped', () => {
    const empty = '<span class="bbvote" title="This is an official vote.">VOTE: </span>';
    expect(first(`I am sure now. Ann ${empty}`)).toMatchObject({
      kind: 'vote',
      argument: 'Ann',
      markup: 'the name written before an empty vote tag',
    });
    const reopened = `Oh, I forgot.<br><span class="bbvote" title="This is an official vote.">VOTE: Ann${empty}</span>`;
    const parsed = extractActions(reopened, { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(parsed.actions).toMatchObject([{ kind: 'vote', argument: 'Ann', markup: expect.any(String) }]);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['html-malformed']);
    // The name after the tag still wins (A31); an empty tag alone, or after a whole sentence, names nobody.
    expect(read(`${empty} Ann`)).toEqual([['vote', 'Ann']]);
    expect(read(empty)).toEqual([['vote', '']]);
    expect(read(`I think we should all go and lynch somebody ${empty}`)).toEqual([['vote', '']]);
  });
  it('A58: lines in quotation marks are a quote, even under a bold run left open; a mark never closed quotes nothing', () => {
    const open = '<div style="display:inline;font-weight:bold">';
    const html = `${open}#555<br>"If you think I am scummy why not vote me.<br><br>VOTE: Ann<br>UNVOTE: Ann"<br><br>This is an appeal.</div>`;
    const parsed = extractActions(html, { syntax: ['bold', 'tag'], channel: 'thread' });
    expect(parsed.actions).toEqual([]);
    expect(parsed.diagnostics.map((d) => d.message)).toContain(
      'an action inside lines in quotation marks reads as a quote of someone else’s words: not read as an action',
    );
    // The poster's own vote after the quotation is read.
    expect(read(`${open}"She said:<br>VOTE: Ann"<br>Vote: Bob</div>`)).toEqual([['vote', 'Bob']]);
    // A mark opened and never closed, or marks that pair on one line, quote nothing.
    expect(read(`${open}"I think she is scum<br>Vote: Ann<br>more</div>`)).toEqual([['vote', 'Ann']]);
    expect(read(`${open}"Ann" is a name<br>Vote: Ann<br>the end"</div>`)).toEqual([['vote', 'Ann']]);
  });
});

describe('issue 28 item 3: a doubtful reading names its runner-up, the ladder’s choice with the player read left out', () => {
  it('each doubtful step gets the runner-up it lacked (spellings with their margin), N12 and N44 keep theirs', () => {
    expect(resolveName('quilll', names(['Quill', 'Quell88', 'Marigold']))).toMatchObject({
      slot: 0,
      via: 'edit-distance',
      doubt: { distance: 1, runnerUp: 1, margin: 1 },
    });
    expect(resolveName('pacman', names(['evilpacman18', 'Pac Attack', 'Marigold']))).toMatchObject({
      slot: 0,
      via: 'part',
      doubt: { runnerUp: 1 },
    });
    expect(resolveName('MetalScum89', names(['Metalmarsh89', 'MetalGear', 'Dolores']))).toMatchObject({
      slot: 0,
      via: 'pun',
      doubt: { runnerUp: 1 },
    });
    expect(resolveName('Tacobutt', names(['Sergtacos', 'Taco Bell', 'Marigold']))).toMatchObject({
      via: 'nearest',
      doubt: { runnerUp: 0, margin: 5 },
    });
  });
  it('no runner-up where nothing else reads: the reading says none rather than a far name', () => {
    const m = resolveName('Qwill', names(['Quill', 'Quell88', 'Marigold']));
    expect(m).toMatchObject({ slot: 0, via: 'edit-distance', doubt: { distance: 1 } });
    expect(m.kind === 'player' && m.doubt?.runnerUp).toBeUndefined();
    // A sure reading has no doubt to carry one.
    expect(resolveName('Quill', names(['Quill', 'Quell88']))).toEqual(sure(0, 'exact'));
  });
});
