import type { ActionKind } from '../domain/action.js';
import { kindOfKeyword, LEADING_KEYWORD } from './keywords.js';
import { respellKeyword } from './misspelt-keyword.js';

/** One keyword read from a line, with its raw argument (everything up to the next action or the line's end). */
export interface LineAction {
  kind: ActionKind;
  raw: string;
  /** The keyword as the player misspelt it (A7), when it was read anyway. */
  misspelt?: string;
}

const WORD_CHAR = '[\\p{L}\\p{N}]';
const splitters = new WeakMap<ReadonlySet<ActionKind>, { next: RegExp; afterUnvote: RegExp }>();

/** Where a new action starts inside a line: after `,` `;` `.` `|` followed by one of the channel's keywords. */
export function splittersFor(kinds: ReadonlySet<ActionKind>): { next: RegExp; afterUnvote: RegExp } {
  let found = splitters.get(kinds);
  if (!found) {
    const alt = [...kinds].sort((a, b) => b.length - a.length).join('|');
    found = {
      // `\s*` then `#` or a keyword: the two never compete for the same character, so a long run of spaces
      // after a comma is passed once (the old `\s*#*\s*` tried every split of it).
      next: new RegExp(`[,;.|]\\s*(?:#+\\s*)?(?:${alt})(?!${WORD_CHAR})`, 'iu'),
      // An unvote takes no argument, so any keyword after it starts anew: `Unvote Vote: X`, `unvote (fine) vote X`.
      // Anchored on the keyword itself (a `#` before it stays behind, ignored), never on the spaces before it; a
      // close tag typed as text (`UNVOTE: Ann[/vote]`) is no keyword.
      afterUnvote: new RegExp(`(?<![\\p{L}\\p{N}]|\\[\\/)(?:${alt})(?!${WORD_CHAR})`, 'iu'),
    };
    splitters.set(kinds, found);
  }
  return found;
}

/** `Vote Count 2.1`, `vote tally`: a heading, not a vote. */
const COUNT_WORDS = /^\s*(?:counts?|tally|tallies|totals?)(?![\p{L}\p{N}])/iu;

/**
 * Reads the actions of one line, in order, each keyword with its raw argument; `null` when no action
 * starts in it. An action starts at the line's start, or after `,` `;` `.` `|` followed by a keyword:
 * moderators counted `Cross fingers, vote Hollis.` and `Unovte; Vote: Marigold` (archive notes).
 * Keywords of the other channel end the previous action but are dropped.
 */
export function readLine(line: string, kinds: ReadonlySet<ActionKind>): LineAction[] | null {
  const { next, afterUnvote } = splittersFor(kinds);
  let rest = line;
  const respelt = kinds.has('vote') && !LEADING_KEYWORD.test(line) ? respellKeyword(line) : null;
  if (respelt) rest = respelt.line;
  else if (!LEADING_KEYWORD.test(line)) {
    const split = next.exec(line);
    if (!split) return null;
    rest = line.slice(split.index + 1);
  }
  const actions: LineAction[] = [];
  let misspelt = respelt?.typed;
  for (let guard = 0; guard < 100; guard += 1) {
    const m = LEADING_KEYWORD.exec(rest);
    if (!m) break;
    const kind = kindOfKeyword(m[1] ?? '');
    if (kind === undefined) break;
    let tail = rest.slice(m[0].length);
    let end = tail.length;
    let nextMisspelt: string | undefined;
    if (kind === 'unvote') {
      const again = afterUnvote.exec(tail);
      if (again) {
        end = again.index;
        while (end > 0 && tail[end - 1] === '#') end -= 1;
      } else if (kinds.has('vote')) {
        // A40: `unvote, vtoe: X`: A7's misspelt keyword where the next keyword goes after an unvote.
        const lead = (/^[\s,;.|]*/.exec(tail)?.[0] ?? '').length;
        const next = respellKeyword(tail.slice(lead));
        if (next) {
          tail = tail.slice(0, lead) + next.line;
          end = lead;
          nextMisspelt = next.typed;
        }
      }
    }
    if (end === tail.length && kind !== 'request') {
      const split = next.exec(tail);
      if (split) end = split.index + 1;
    }
    const raw = tail.slice(0, end);
    tail = tail.slice(end);
    const countHeading = kind === 'vote' && !/^\s*:/.test(raw) && COUNT_WORDS.test(raw);
    const argument = raw.replace(/^\s*:?/, '');
    // `VOTE: unvote` (a vote tag used to unvote): read as the unvote it means.
    const meant = kind === 'vote' && /^\s*unvote(?![\p{L}\p{N}])/iu.test(argument) ? 'unvote' : kind;
    if (kinds.has(meant) && !countHeading) {
      const action: LineAction = { kind: meant, raw: meant === kind ? argument : '' };
      if (misspelt) action.misspelt = misspelt;
      actions.push(action);
    }
    misspelt = nextMisspelt;
    rest = tail.replace(/^[\s,;.|]+/, '');
    if (rest.length === 0) break;
  }
  return actions;
}
