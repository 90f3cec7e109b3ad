import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NameMatch } from '../../src/domain/action.js';
import { normalizeName, STOP_WORDS } from '../../src/parser/name-words.js';
import { resolveName } from '../../src/parser/resolve-name.js';
import { nameIndex } from './name-index.js';

// Names of the forum beyond the 66 corpus threads: accents, emoji, wrappers, very short names, names that are
// ordinary words, and players whose names are close. The ladder may read a vote, flag it, or refuse it; what it must
// never do is give a vote silently to one of two players the text fits as well.
const word = fc.stringMatching(/^[a-z]{4,8}$/);
const capital = (w: string) => (w[0] as string).toUpperCase() + w.slice(1);
const slotOf = (m: NameMatch) => (m.kind === 'player' ? m.slot : null);

describe('names beyond the corpus', () => {
  it('a name with accents is read typed without them, and with them', () => {
    const accents = ['\u0301', '\u0308', '\u0300', '\u0327', '\u0303'];
    fc.assert(
      fc.property(word, word, fc.nat(4), fc.nat(7), (a, b, accent, at) => {
        fc.pre(normalizeName(a) !== normalizeName(b) && !a.startsWith(b) && !b.startsWith(a));
        const pos = at % a.length;
        const accented = `${capital(a.slice(0, pos + 1))}${accents[accent]}${a.slice(pos + 1)}`.normalize('NFC');
        const index = nameIndex([accented, capital(b), 'Rook9']);
        expect(resolveName(a, index)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
        expect(resolveName(accented, index)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
      }),
      // `Nl̈aa`: a name that starts with `nl` and a combining mark is a name, not the no-lynch `NL`.
      { numRuns: 200, examples: [['nlaa', 'aaaa', 1, 1]] },
    );
  });

  it('emoji and x wrappers round a name do not hide it', () => {
    fc.assert(
      fc.property(word, word, fc.constantFrom('🔥', '★', '♥'), (a, b, emoji) => {
        fc.pre(a[0] !== b[0]);
        const index = nameIndex([`${emoji}${capital(a)}${emoji}`, `x${capital(b)}x`, 'Qq Zz']);
        expect(slotOf(resolveName(capital(a), index))).toBe(0);
        expect(slotOf(resolveName(b, index))).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('an argument as near two players as each other is never given to one of them', () => {
    fc.assert(
      fc.property(word, fc.constantFrom('a', 'e', 'o'), (w, tail) => {
        const index = nameIndex([`${w}x`, `${w}z`, 'Rook9']);
        const m = resolveName(`${w}${tail}`, index);
        expect(m.kind === 'player' && m.slot < 2).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('a start two names share is never read as one of them', () => {
    fc.assert(
      fc.property(word, word, word, (stem, a, b) => {
        fc.pre(a[0] !== b[0]);
        const index = nameIndex([`${stem}${a}`, `${stem}${b}`, 'Rook9']);
        expect(resolveName(stem, index)).toMatchObject({ kind: 'ambiguous', slots: [0, 1] });
      }),
      { numRuns: 200 },
    );
  });

  it('the start of one name that is a whole word of another is counted only with a flag (N36)', () => {
    fc.assert(
      fc.property(word, word, word, (w, rest, first) => {
        fc.pre(!first.startsWith(w) && !w.startsWith(first) && !STOP_WORDS.has(w));
        const index = nameIndex([`${capital(w)}${rest}`, `${capital(first)} ${capital(w)}`, 'Rook9']);
        const m = resolveName(w, index);
        expect(m.kind !== 'player' || m.doubt !== undefined).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('one or two letters never read a longer name silently, unless they are its initials', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 2, maxLength: 10 }),
        fc.stringMatching(/^[a-z]{1,2}$/),
        (w, arg) => {
          const index = nameIndex(w.map(capital));
          const m = resolveName(arg, index);
          // Initials of dictionary words run together (`RF` for Redfox) are N5's, sure.
          expect(m.kind !== 'player' || m.doubt !== undefined || m.via === 'initials').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('very short names and names that are ordinary words are read whole', () => {
    const index = nameIndex(['L', 'Jo', 'The', 'Town', 'Scum', 'Me', 'Joseph']);
    expect(resolveName('L', index)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
    expect(resolveName('jo', index)).toEqual({ kind: 'player', slot: 1, via: 'exact' });
    expect(resolveName('the', index)).toEqual({ kind: 'player', slot: 2, via: 'exact' });
    expect(resolveName('TOWN', index)).toEqual({ kind: 'player', slot: 3, via: 'exact' });
    expect(resolveName('scum', index)).toEqual({ kind: 'player', slot: 4, via: 'exact' });
    expect(resolveName('me', index)).toEqual({ kind: 'player', slot: 5, via: 'exact' });
    // `Jos` begins Joseph only: Jo is a whole name, not a start of it.
    expect(resolveName('Jos', index)).toEqual({ kind: 'player', slot: 6, via: 'prefix' });
  });

  it('names that differ only in an accent or in case are two players: neither is guessed', () => {
    const index = nameIndex(['Ünal', 'Unal', 'Rook']);
    expect(resolveName('Unal', index)).toMatchObject({ kind: 'ambiguous', slots: [0, 1] });
  });

  it('a swap of two neighbouring letters is one edit: nearer one player than the other', () => {
    const index = nameIndex(['Michael', 'Michelle', 'Mitchell']);
    expect(resolveName('Micheal', index)).toMatchObject({ kind: 'player', slot: 0, doubt: { distance: 1 } });
    expect(resolveName('Michele', index)).toMatchObject({ kind: 'player', slot: 1 });
  });

  it('forum name shapes: underscores and digits, dots, apostrophes, spaces added or removed, marks round a name', () => {
    const index = nameIndex(['dj_red_lantern', 'Mr_Green_42', '-L-', 'P.T. Barnum', 'O’Brien', 'Nero Cain', 'Rook9']);
    expect(resolveName('DRL', index)).toEqual({ kind: 'player', slot: 0, via: 'initials' });
    expect(resolveName('Dj Red Lantern', index)).toEqual({ kind: 'player', slot: 0, via: 'exact' });
    expect(resolveName('MG', index)).toEqual({ kind: 'player', slot: 1, via: 'initials' });
    expect(resolveName('MrGreen42', index)).toEqual({ kind: 'player', slot: 1, via: 'exact' });
    expect(resolveName('MG42', index)).toMatchObject({ kind: 'player', slot: 1, doubt: expect.anything() });
    expect(resolveName('L', index)).toEqual({ kind: 'player', slot: 2, via: 'exact' });
    expect(resolveName('ptbarnum', index)).toEqual({ kind: 'player', slot: 3, via: 'exact' });
    expect(resolveName('Barnum', index)).toEqual({ kind: 'player', slot: 3, via: 'word' });
    expect(resolveName("O'Brien", index)).toEqual({ kind: 'player', slot: 4, via: 'exact' });
    expect(resolveName('OB', index)).toEqual({ kind: 'player', slot: 4, via: 'initials' });
    expect(resolveName('NeroCain', index)).toEqual({ kind: 'player', slot: 5, via: 'exact' });
    expect(resolveName('nero-cain!', index)).toEqual({ kind: 'player', slot: 5, via: 'exact' });
  });
});
