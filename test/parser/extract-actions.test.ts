import { describe, expect, it } from 'vitest';
import type { ActionForm, ExtractedAction } from '../../src/domain/action.js';
import { extractActions } from '../../src/parser/extract-actions.js';

const thread = (html: string, syntax: ActionForm[] = ['bold', 'tag']) =>
  extractActions(html, { syntax, channel: 'thread' });
const pm = (html: string, syntax: ActionForm[] = ['bold', 'tag']) => extractActions(html, { syntax, channel: 'pm' });
const brief = (actions: ExtractedAction[]) => actions.map((a) => [a.kind, a.argument]);

describe('§2 bold form: keyword at the start of a bold run', () => {
  it('reads <strong>Vote: Bob</strong> after other text (the §1 example post)', () => {
    const r = thread('<p>I think <strong>Vote: Bob</strong></p>');
    expect(r.actions).toEqual([
      { kind: 'vote', argument: 'Bob', noLynch: false, form: 'bold', text: 'I think Vote: Bob', midLine: true },
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it('reads <b>, <strong> and MafiaScum bold divs alike', () => {
    expect(brief(thread('<b>Vote: Ann</b>').actions)).toEqual([['vote', 'Ann']]);
    expect(brief(thread('<strong class="text-strong">Vote: Ann</strong>').actions)).toEqual([['vote', 'Ann']]);
    expect(brief(thread('<div style="display:inline;font-weight:bold">Vote: Ann</div>').actions)).toEqual([
      ['vote', 'Ann'],
    ]);
  });

  it('reads inline styles with or without spaces, and font-weight 700', () => {
    expect(brief(thread('<span style="font-weight: bold">Vote: Ann</span>').actions)).toEqual([['vote', 'Ann']]);
    expect(brief(thread('<span style="FONT-WEIGHT:BOLD">Vote: Ann</span>').actions)).toEqual([['vote', 'Ann']]);
    expect(brief(thread('<span style="font-weight: 700">Vote: Ann</span>').actions)).toEqual([['vote', 'Ann']]);
  });

  it('does not read plain, italic or underlined text, nor font-weight: normal', () => {
    expect(thread('<p>Vote: Ann</p>').actions).toEqual([]);
    expect(thread('<em>Vote: Ann</em><u>Vote: Ann</u>').actions).toEqual([]);
    expect(thread('<span style="font-weight: normal">Vote: Ann</span>').actions).toEqual([]);
  });

  it('counts nested bold once', () => {
    const r = thread('<b><strong>Vote: <b>Ann</b></strong></b>');
    expect(brief(r.actions)).toEqual([['vote', 'Ann']]);
  });

  it('is case-insensitive and the colon is optional', () => {
    expect(brief(thread('<b>VOTE: Ann</b><br><b>vote ann</b><br><b>vOtE:Ann</b>').actions)).toEqual([
      ['vote', 'Ann'],
      ['vote', 'ann'],
      ['vote', 'Ann'],
    ]);
  });

  it('ignores spaces around the keyword and colon', () => {
    expect(brief(thread('<b>   Vote  :   Ann  </b>').actions)).toEqual([['vote', 'Ann']]);
  });

  it('ignores a leading # so a bold ##Unvote counts', () => {
    expect(brief(thread('<b>##Unvote</b>').actions)).toEqual([['unvote', null]]);
    expect(brief(thread('<b>##Vote: Ann</b>').actions)).toEqual([['vote', 'Ann']]);
  });

  it('`Votecount 1.2` starts with no keyword: no action, no near miss', () => {
    const r = thread('<b>Votecount 1.2</b>');
    expect(r).toEqual({ actions: [], diagnostics: [] });
  });

  it('`Vote Count 2.3` (a vote-count heading) is no vote either', () => {
    expect(thread('<b>Vote Count 2.3</b>')).toEqual({ actions: [], diagnostics: [] });
    expect(thread('<b>Day 1 Vote Count (#4)</b>')).toEqual({ actions: [], diagnostics: [] });
  });

  it('`Votes`, `Voted` are not the keyword; `Voting Ann` is a vote marked for the mod (docs/readings.md A49)', () => {
    expect(thread('<b>Votes: Ann 3</b><b>Voted Ann</b>').actions).toEqual([]);
    expect(thread('<b>Voting Ann</b>').actions).toMatchObject([{ kind: 'vote', argument: 'Ann', misspelt: 'Voting' }]);
  });

  it('an empty bold run or one with only spaces gives nothing', () => {
    expect(thread('<b></b><b>   </b><strong>&nbsp;</strong>')).toEqual({ actions: [], diagnostics: [] });
  });
});

describe('§2 several actions in one run', () => {
  it('reads each line of a run split at <br> (MafiaScum `Unvote: AGar<br>Vote: Powerrox93`)', () => {
    const r = thread('<div style="display:inline;font-weight:bold">Unvote: AGar<br>\nVote: Powerrox93</div>');
    expect(r.actions.map((a) => a.kind)).toEqual(['unvote', 'vote']);
    expect(r.actions[1]?.argument).toBe('Powerrox93');
    expect(r.actions[1]?.text).toBe('Vote: Powerrox93');
  });

  it('reads each line of a run split by block elements', () => {
    expect(brief(thread('<b><p>Unvote</p><p>Vote: Ann</p></b>').actions)).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
  });

  it.each([',', ';', '.', '|'])('starts a new action after `%s` followed by a keyword', (sep) => {
    expect(brief(thread(`<b>Unvote${sep} Vote: X</b>`).actions)).toEqual([
      ['unvote', null],
      ['vote', 'X'],
    ]);
  });

  it('`Unvote, Vote: X` from the contract', () => {
    expect(brief(thread('<b>Unvote, Vote: X</b>').actions)).toEqual([
      ['unvote', null],
      ['vote', 'X'],
    ]);
  });

  it('a keyword right after Unvote starts anew even without a separator', () => {
    expect(brief(thread('<b>Unvote Vote X</b>').actions)).toEqual([
      ['unvote', null],
      ['vote', 'X'],
    ]);
    expect(brief(thread('<b>unvote (If I had to) vote AntB</b>').actions).at(-1)).toEqual(['vote', 'AntB']);
  });

  it('keeps all actions in document order, so the engine can take the last vote', () => {
    const r = thread('<b>Vote: A</b> text <span class="bbvote">VOTE: B</span><br><b>Unvote</b><b>Vote: C</b>');
    expect(brief(r.actions)).toEqual([
      ['vote', 'A'],
      ['vote', 'B'],
      ['unvote', null],
      ['vote', 'C'],
    ]);
  });

  it('an action also starts after a separator when the line begins otherwise (archive: the mod counted these)', () => {
    expect(brief(thread('<b>Cross fingers, vote RedCoyote.</b>').actions)).toEqual([['vote', 'RedCoyote']]);
    // A7 reads the misspelt `Unovte` too; the vote after it is what counts.
    expect(brief(thread('<b>Unovte; Vote: Substrike</b>').actions)).toEqual([
      ['unvote', null],
      ['vote', 'Substrike'],
    ]);
    expect(thread('<b>Unovte; Vote: Substrike</b>').diagnostics).toEqual([]);
  });

  it('`Vote: A, B` is one vote whose argument stops at the comma', () => {
    expect(brief(thread('<b>Vote: Mist Beauty, she is scum</b>').actions)).toEqual([['vote', 'Mist Beauty']]);
  });

  it('a PM keyword after `;` in the thread is dropped with the rest of the remark', () => {
    expect(brief(thread('<b>Vote: Ann; Target: Bob</b>').actions)).toEqual([['vote', 'Ann']]);
  });
});

describe('§2 near misses', () => {
  it('`I think we should vote X` is not an action but a near-miss', () => {
    const r = thread('<b>I think we should vote X</b>');
    expect(r.actions).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'near-miss', text: 'I think we should vote X' });
  });

  it('`VigVote X` (a word ending in a keyword) is a near-miss', () => {
    const r = thread('<b>VigVote X</b>');
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });

  it('donbot: a bolded directive not to vote is not a vote', () => {
    const r = thread('<b>Please, everyone! Do not vote hiraki</b>');
    expect(r.actions).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });

  it('only the channel keywords make a near miss', () => {
    expect(thread('<b>I will kill you all</b>').diagnostics).toEqual([]);
    expect(pm('<b>I will kill Bob tonight</b>').diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });

  it('ordinary words ending in a keyword are no near miss (devote, upvote)', () => {
    expect(thread('<b>I devote my day to this</b><b>upvote this</b>').diagnostics).toEqual([]);
  });

  it('a vote not in bold is neither action nor near miss', () => {
    expect(thread('<p>I think we should vote X</p>')).toEqual({ actions: [], diagnostics: [] });
  });

  it('a near-miss line beside an action line in the same run', () => {
    const r = thread('<b>Vote: Ann<br>and maybe vote Bob later</b>');
    expect(brief(r.actions)).toEqual([['vote', 'Ann']]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['near-miss']);
  });
});

describe('§2 tag form', () => {
  const tag = (kind: 'vote' | 'unvote', text: string) =>
    `<span class="bbvote" title="This is an official ${kind}.">${text}</span>`;

  it('reads MafiaScum vote and unvote tags', () => {
    const r = thread(`${tag('unvote', 'UNVOTE: ')}<br>\n${tag('vote', 'VOTE: Gamma Emerald')}`);
    expect(r.actions).toEqual([
      { kind: 'unvote', argument: null, noLynch: false, form: 'tag', text: 'UNVOTE:' },
      { kind: 'vote', argument: 'Gamma Emerald', noLynch: false, form: 'tag', text: 'VOTE: Gamma Emerald' },
    ]);
  });

  it('a tag is read without bold, and its text does not leak into the line after it', () => {
    const r = thread(`${tag('vote', 'VOTE: Guderian')} for being ambiguous.`);
    expect(brief(r.actions)).toEqual([['vote', 'Guderian']]);
  });

  it('a tag inside bold is read once, as a tag', () => {
    const r = thread(`<b>${tag('vote', 'VOTE: Ann')}</b>`);
    expect(r.actions.map((a) => a.form)).toEqual(['tag']);
  });

  it('a tag whose text lacks the keyword is read from its title', () => {
    expect(brief(thread(tag('vote', 'Ann')).actions)).toEqual([['vote', 'Ann']]);
  });

  it('`VOTE: unvote` (a vote tag used to unvote) is an unvote', () => {
    expect(brief(thread(tag('vote', 'VOTE: unvote')).actions)).toEqual([['unvote', null]]);
  });

  it('is not read when the game does not use tags, though a bold tag still counts as bold', () => {
    expect(thread(tag('vote', 'VOTE: Ann'), ['bold']).actions).toEqual([]);
    expect(thread(`<b>${tag('vote', 'VOTE: Ann')}</b>`, ['bold']).actions.map((a) => a.form)).toEqual(['bold']);
  });
});

describe('§2 hash form', () => {
  it('reads lines starting ##Vote: X / ##Unvote, bold or not', () => {
    const r = thread('<p>##Vote: Ann</p><p>blah<br>##unvote</p><p><b>##vote Bob</b></p>', ['hash']);
    expect(brief(r.actions)).toEqual([
      ['vote', 'Ann'],
      ['unvote', null],
      ['vote', 'Bob'],
    ]);
    expect(r.actions.every((a) => a.form === 'hash')).toBe(true);
  });

  it('a ## keyword in the middle of a line is not an action', () => {
    expect(thread('<p>I would ##vote Ann if I could</p>', ['hash']).actions).toEqual([]);
  });

  it('plain `Vote: X` without ## is not a hash action', () => {
    expect(thread('<p>Vote: Ann</p>', ['hash']).actions).toEqual([]);
  });

  it('with bold and hash both on, a bold ##Vote line is read once', () => {
    const r = thread('<p><b>##Vote: Ann</b></p>', ['bold', 'hash']);
    expect(brief(r.actions)).toEqual([['vote', 'Ann']]);
  });

  it('Reddit renders `##Vote: X` as a heading: read in hash form', () => {
    expect(brief(thread('<h2>Vote: Ann</h2>', ['hash']).actions)).toEqual([['vote', 'Ann']]);
    expect(thread('<h2>Vote: Ann</h2>', ['bold']).actions).toEqual([]);
  });

  it('several hash actions on one line', () => {
    expect(brief(thread('<p>##Unvote; ##Vote: Ann</p>', ['hash']).actions)).toEqual([
      ['unvote', null],
      ['vote', 'Ann'],
    ]);
  });

  it('the default syntax [bold, tag] does not read hash lines', () => {
    expect(extractActions('<p>##Vote: Ann</p>', { syntax: [], channel: 'thread' }).actions).toEqual([]);
  });
});

describe('§2 channel filter', () => {
  const everything =
    '<b>Vote: A</b><br><b>Unvote</b><br><b>Nuke: B</b><br><b>Abort: C</b><br><b>Target: D</b><br>' +
    '<b>Guess: E mafia</b><br><b>Kill: F</b><br><b>Doomsday: G</b><br><b>Request: Radar, Fighter</b>';

  it('the thread keeps Vote, Unvote, Nuke, Abort', () => {
    expect(thread(everything).actions.map((a) => a.kind)).toEqual(['vote', 'unvote', 'nuke', 'abort']);
  });

  it('a PM keeps Target, Guess, Kill, Doomsday, Request and Nuke (a Submarine launch)', () => {
    expect(pm(everything).actions.map((a) => a.kind)).toEqual([
      'nuke',
      'target',
      'guess',
      'kill',
      'doomsday',
      'request',
    ]);
  });

  it('ignores other-channel keywords silently (no near miss)', () => {
    expect(thread('<b>Target: Ann</b>')).toEqual({ actions: [], diagnostics: [] });
    expect(pm('<b>Vote: Ann</b>')).toEqual({ actions: [], diagnostics: [] });
  });

  it('reads the PM forms of the contract examples', () => {
    expect(pm('<p><strong>Target: Ava</strong></p>').actions).toEqual([
      { kind: 'target', argument: 'Ava', noLynch: false, form: 'bold', text: 'Target: Ava' },
    ]);
    expect(brief(pm('<p><strong>Kill: Lux</strong></p>').actions)).toEqual([['kill', 'Lux']]);
  });

  it('Guess keeps `player faction`; Request keeps its comma-separated list whole', () => {
    expect(brief(pm('<b>Guess: Ann mafia</b>').actions)).toEqual([['guess', 'Ann mafia']]);
    expect(brief(pm('<b>Request: Radar, Missile Silo (abm), Doomsday Mechanism</b>').actions)).toEqual([
      ['request', 'Radar, Missile Silo (abm), Doomsday Mechanism'],
    ]);
  });

  it('Nuke and Abort read a player in the thread', () => {
    expect(brief(thread('<b>Nuke: Bob!</b> <b>Abort: Cid</b>').actions)).toEqual([
      ['nuke', 'Bob'],
      ['abort', 'Cid'],
    ]);
  });
});

describe('one post never affects the next', () => {
  it.each(['<script>', '<style>x', '<textarea>', '<title>', '<!--', '<![CDATA[', '<svg><b>', '<blockquote>', '<b>'])(
    'a post ending inside %s leaves the next post readable',
    (junk) => {
      thread(`<b>Vote: Before</b>${junk}`);
      expect(brief(thread('<b>Vote: After</b>').actions)).toEqual([['vote', 'After']]);
    },
  );
});
