import type { ActionKind } from '../domain/action.js';
import { oneSpaced, replaceLong } from '../domain/long-text.js';
import { NAMED_KINDS } from './keywords.js';

/**
 * No-lynch forms (interfaces §2, forum-conventions §11.6), matched before any name:
 * `no lynch`, `no-lynch`, `nolynch`, `no elimination`, `no exe(cution)`, `NL`, also after `to`/`for`.
 */
const NO_LYNCH =
  /^(?:(?:to|for)\s+)?(?:no[\s_.-]*(?:lynch(?:ing|es)?|elim(?:ination|inate|inations)?|exe(?:cution|cute)?)|nl)(?![\p{L}\p{M}\p{N}])/iu;

/** A12: `pass` alone (a player passing on the lynch) is no lynch. */
const PASS = /^pass(?:ing)?[.!]?$/iu;

export function isNoLynch(argument: string): boolean {
  const a = argument.trim();
  return NO_LYNCH.test(a) || PASS.test(a);
}

/** Abbreviations whose period does not end the argument (`Mr. Wright`). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'mt', 'prof', 'capt', 'sgt', 'lt', 'col']);

/**
 * Separators after which the rest of an argument is commentary (`X - L-2`, `X (scum)`, `X, because …`). Applied
 * after runs of white space are collapsed to one space, so each alternative starts on one fixed character.
 */
const COMMENTARY = / [-\u2013\u2014]+ |[\u2013\u2014]| --|[([{,;!?|]|\.\.\.|\u2026|: /u;

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/** Cuts `Mr. Wright. He is scum` after `Wright`, keeping periods that end an abbreviation or sit inside a name. */
function cutAtSentenceEnd(text: string): string {
  const re = /\.(?=\s)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // The word before the period, walked back by hand: a `$`-anchored pattern here would rescan the text per period.
    let start = m.index;
    while (start > 0 && WORD_CHARACTER.test(text[start - 1] as string)) start -= 1;
    const lastWord = text.slice(start, m.index).toLowerCase();
    if (!ABBREVIATIONS.has(lastWord) && lastWord.length > 1) return text.slice(0, m.index);
  }
  return text;
}

const TRAILING_CHARS = new Set(' \t\n.,;:!?…"“”*~`_=+|]');

/** The text without trailing punctuation and spaces, walked back by hand (a `[…]+$` pattern is quadratic). */
function trimTrailing(text: string): string {
  let end = text.length;
  while (end > 0 && (TRAILING_CHARS.has(text[end - 1] as string) || /\s/u.test(text[end - 1] as string))) end -= 1;
  return text.slice(0, end);
}
/** A markdown backslash escape (`\_`, `\*`). */
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!~>|])/g;
/** An escape is a backslash and the character after it: a cut after anything but a backslash splits none. */
const afterNonBackslash = (text: string, at: number) => text[at - 1] !== '\\';

const LEADING = /^[\s:=>"\u201C\u201D'\u2018\u2019`*~,;.|-]+/u;

const repeated = new Map<ActionKind, RegExp>();

/** The keyword typed again at the start of its argument (exported for the linear-time check). */
export function repeatedKeywordPattern(kind: ActionKind): RegExp {
  let re = repeated.get(kind);
  if (!re) {
    re = new RegExp(`^${kind}(?: ?[:\\-–] ?| )(?=\\S)`, 'iu');
    repeated.set(kind, re);
  }
  return re;
}

/** A3 `VOTE: vote X`, `VOTE: Vote:X`, `VOTE: Vote- Ann`: the keyword typed again, once or more. */
function dropRepeatedKeyword(kind: ActionKind, text: string): string {
  const re = repeatedKeywordPattern(kind);
  let out = text;
  for (let guard = 0; guard < 10 && re.test(out); guard += 1) out = out.replace(re, '');
  return out;
}

/** A4: whether the vote's argument is written `for X` / `on X` (after any repeated keyword). */
export function writtenFor(kind: ActionKind, raw: string): boolean {
  if (kind !== 'vote') return false;
  const text = dropRepeatedKeyword(kind, oneSpaced(raw).replace(LEADING, ''));
  return /^(?:for|on)\s(?=\S)/iu.test(text);
}

/**
 * Cleans a raw argument (everything after the keyword on its line): trims, drops a repeated keyword
 * (`VOTE: vote X`), a leading `for`, platform mention prefixes (`@`, `u/`), backslash escapes, and
 * commentary after a clear separator. Name resolution reads what is left word by word, so a trailing
 * remark without punctuation (`Hollis for being vague`) is left for it.
 */
export function cleanArgument(kind: ActionKind, raw: string): string {
  let text = oneSpaced(replaceLong(raw, ESCAPED, (_, escaped) => escaped as string, afterNonBackslash));
  text = text.replace(LEADING, '');
  if (kind === 'request' || kind === 'guess') return trimTrailing(text).trim();
  text = dropRepeatedKeyword(kind, text);
  // A4 `vote for X`, `vote on X`; A5 `Vote: lynch X`.
  text = text.replace(/^(?:for|on|lynch)\s(?=\S)/iu, '');
  const cut = COMMENTARY.exec(text);
  if (cut && cut.index > 0) text = text.slice(0, cut.index);
  text = cutAtSentenceEnd(text);
  text = text.replace(/^(?:\/?u\/|@)/iu, '');
  text = trimTrailing(text).trim();
  if (text.endsWith(')') && !text.includes('(')) text = text.slice(0, -1).trim();
  return text;
}

/**
 * N32: the text in the first brackets after the argument's start (`the quiet one (Marigold)`),
 * which cleanArgument cuts off as commentary; kept so the machine can try it when the main text names nobody.
 */
export function bracketedText(kind: ActionKind, raw: string): string | undefined {
  if (!NAMED_KINDS.has(kind)) return undefined;
  const text = oneSpaced(raw);
  const open = text.indexOf('(');
  if (open <= 0) return undefined;
  const close = text.indexOf(')', open + 1);
  if (close === -1) return undefined;
  const inner = text.slice(open + 1, close).trim();
  return inner !== '' && inner.length <= 40 ? inner : undefined;
}

/** Whether the kind reads a player (so an empty argument may be continued by the text after a bold run). */
export function wantsArgument(kind: ActionKind): boolean {
  return NAMED_KINDS.has(kind) || kind === 'guess' || kind === 'request';
}
