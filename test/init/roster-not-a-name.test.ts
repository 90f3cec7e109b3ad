import { describe, expect, it } from 'vitest';
import { readRoster } from '../../src/cli/init/opening-post.js';

// init's roster reader skips a line that names no player (a note, a count, a phase) word by word since issue 29; it
// was one alternation, which the linear-time checker had to fuzz and once judged polynomial. That pattern is kept
// here as the oracle: every line reads as it did.
const OLD_NOT_A_NAME =
  /\b(?:indicates?|confirmed|bold|prods?|replacements?|queue|moderator|mod|spoiler|votes?|vc|votecount|deadline|rules?|setup|end\s+of|day|night|d\d|n\d|role\s*pm|players?|signups?|alive|dead|living|lynch(?:ed)?|killed|modkilled|results?|events?|notes?|posts?|none|etc)\b|[=[\]!]|^\s*\(/i;

const LINES = [
  // Not names: each kind of word, a phase, the two phrases, the marks.
  'Role PMs sent',
  'rolepm',
  'End of Day 1',
  'D1',
  'n3',
  'VOTES',
  'Mod notes',
  'Lynched',
  'Modkilled',
  'queue',
  '(replaced)',
  '  (none yet)',
  'Alice = town',
  'Cool!',
  'x [b]y',
  'Signups etc',
  'Results',
  // Names that hold such a word inside a longer one, or a phase-like word that is not one.
  'Dayton',
  'Modesty',
  'Voter',
  'Nd12',
  'D12',
  'Endo Fan',
  'Rolemaster',
  'Deadlines_R_Us',
  'Posty',
  'Night_Owl',
];

describe('init: a roster line that names no player (word by word, as the one pattern read it)', () => {
  it.each(LINES)('%s', (line) => {
    const names = readRoster(`<p>Players:<br>Alice<br>${line}</p>`).map((s) => s.name);
    expect(names.includes(line.trim()), `read as a name: ${names.join(', ')}`).toBe(!OLD_NOT_A_NAME.test(line));
  });

  it('both kinds are in the list', () => {
    expect(LINES.filter((l) => OLD_NOT_A_NAME.test(l)).length).toBeGreaterThan(10);
    expect(LINES.filter((l) => !OLD_NOT_A_NAME.test(l)).length).toBeGreaterThan(8);
  });
});
