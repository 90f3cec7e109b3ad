import type { ActionKind } from '../domain/action.js';
import { NAMED_KINDS } from './keywords.js';

/**
 * No-lynch forms (interfaces §2, forum-conventions §11.6), matched before any name:
 * `no lynch`, `no-lynch`, `nolynch`, `no elimination`, `no exe(cution)`, `NL`, also after `to`/`for`.
 */
const NO_LYNCH =
  /^(?:(?:to|for)\s+)?(?:no[\s_.-]*(?:lynch(?:ing|es)?|elim(?:ination|inate|inations)?|exe(?:cution|cute)?)|nl)(?![\p{L}\p{N}])/iu;

export function isNoLynch(argument: string): boolean {
  return NO_LYNCH.test(argument.trim());
}

/** Abbreviations whose period does not end the argument (`Mr. Wright`). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'mt', 'prof', 'capt', 'sgt', 'lt', 'col']);

/** Separators after which the rest of an argument is commentary (`X - L-2`, `X (scum)`, `X, because …`). */
const COMMENTARY = /\s+[-–—]+\s|\s*[–—]|\s--|[([{,;!?|]|\.\.\.|…|:\s/u;

/** Cuts `Mr. Wright. He is scum` after `Wright`, keeping periods that end an abbreviation or sit inside a name. */
function cutAtSentenceEnd(text: string): string {
  const re = /\.(?=\s)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const before = text.slice(0, m.index);
    const lastWord = (/[\p{L}\p{N}]+$/u.exec(before)?.[0] ?? '').toLowerCase();
    if (!ABBREVIATIONS.has(lastWord) && lastWord.length > 1) return before;
  }
  return text;
}

const TRAILING = /[\s.,;:!?…"“”*~`_=+|]+$/u;
const LEADING = /^[\s:=>"“”'‘’`*~,;.|-]+/u;

/**
 * Cleans a raw argument (everything after the keyword on its line): trims, drops a repeated keyword
 * (`VOTE: vote X`), a leading `for`, platform mention prefixes (`@`, `u/`), backslash escapes, and
 * commentary after a clear separator. Name resolution reads what is left word by word, so a trailing
 * remark without punctuation (`Guderian for being vague`) is left for it.
 */
export function cleanArgument(kind: ActionKind, raw: string): string {
  let text = raw.replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, '$1').replace(/\s+/g, ' ');
  text = text.replace(LEADING, '');
  if (kind === 'request' || kind === 'guess') return text.replace(TRAILING, '').trim();
  text = text.replace(new RegExp(`^(?:${kind}\\s*:?\\s+)+`, 'iu'), '');
  text = text.replace(/^(?:for|on)\s+(?=\S)/iu, '');
  const cut = COMMENTARY.exec(text);
  if (cut && cut.index > 0) text = text.slice(0, cut.index);
  text = cutAtSentenceEnd(text);
  text = text.replace(/^(?:\/?u\/|@)/iu, '');
  text = text.replace(TRAILING, '').trim();
  if (text.endsWith(')') && !text.includes('(')) text = text.slice(0, -1).trim();
  return text;
}

/** Whether the kind reads a player (so an empty argument may be continued by the text after a bold run). */
export function wantsArgument(kind: ActionKind): boolean {
  return NAMED_KINDS.has(kind) || kind === 'guess' || kind === 'request';
}
