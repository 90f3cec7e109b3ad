import { Parser } from 'htmlparser2';
import { trimEndWhile } from '../../domain/long-text.js';

/**
 * The moderator's roster in a thread's opening post, as MafiaScum, Reddit and Discourse opening posts write it:
 * a "Players:" (or "Living" / "Dead" / "Player List") heading followed by numbered or bulleted lines, one slot a
 * line, with a role or fate after a dash or comma and replaced players struck through (`<s>old</s> new`). Each
 * slot comes back with the name it started with (the one the game file lists) and the names that replaced it.
 */
export interface RosterSlot {
  /** The slot's first player: the game file's `players[].name`. */
  name: string;
  /** Later players of the slot, oldest first (struck names and "replaced by"). */
  replacedBy: string[];
  /** The line it was read from, for "what to check". */
  line: string;
}

type Piece = { text: string; struck: boolean };

const BLOCKS = new Set([
  'br',
  'p',
  'li',
  'ul',
  'ol',
  'div',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'dd',
  'dt',
]);
// Struck through, or (as some MafiaScum mods write it) the slot's earlier player in superscript.
const STRIKE_TAGS = new Set(['s', 'strike', 'del', 'sup']);

/** The post's text as lines of pieces, struck-through text marked (tags, `style="text-decoration: line-through"`). */
export function postLines(html: string): Piece[][] {
  const lines: Piece[][] = [[]];
  const stack: { name: string; strike: boolean; inline: boolean }[] = [];
  let struck = 0;
  const newLine = () => {
    if (lines[lines.length - 1]!.length) lines.push([]);
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const style = (attrs.style ?? '').replace(/\s+/g, '').toLowerCase();
        const strike = STRIKE_TAGS.has(name) || style.includes('text-decoration:line-through');
        const inline = style.includes('display:inline');
        if (strike) struck += 1;
        if (name === 'br' || (BLOCKS.has(name) && !inline)) newLine();
        if (name === 'input' && attrs.value) lines[lines.length - 1]!.push({ text: '', struck: false });
        stack.push({ name, strike, inline });
      },
      ontext(text) {
        lines[lines.length - 1]!.push({ text, struck: struck > 0 });
      },
      onclosetag(name) {
        const top = stack.pop();
        if (top?.strike) struck -= 1;
        if (BLOCKS.has(name) && name !== 'br' && !top?.inline) newLine();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return lines.filter((l) => l.some((p) => p.text.trim()));
}

// The spaces of the tail are one `\s*` after each part (the old `\s*(…)?\s*:?\s*$` split one gap three ways).
const HEADING =
  /^\s*(?:spoiler:\s*)?(?:the\s+)?(?:(?:current\s+|starting\s+|final\s+|living\s+|dead\s+)?players?(?:\s+list)?|player\s*list|living(?:\s+players)?|alive(?:\s+players)?|dead(?:\s+players)?|players\s+who\s+(?:survived|died)|roster|participants|signed\s*up)(?:\s+on\s+[DN]\d+)?\s*(?:\(\s*\d+(?:\s*\/\s*\d+)?\s*\)\s*)?(?::\s*)?$/i;
/** Words a roster line names no player with (a heading, a note, a count): matched word by word, not as one pattern. */
const NOT_A_NAME_WORDS = new Set(
  (
    'indicate indicates confirmed bold prod prods replacement replacements queue moderator mod spoiler vote votes vc ' +
    'votecount deadline rule rules setup day night player players signup signups alive dead living lynch lynched ' +
    'killed modkilled result results event events note notes post posts none etc'
  ).split(' '),
);
const NOT_A_NAME_PHRASE = /\b(?:end\s+of|role\s*pm)\b/i;
const PHASE_WORD = /^[dn]\d$/;

function namesNoPlayer(text: string): boolean {
  if (/[=[\]!]/.test(text) || /^\s*\(/.test(text) || NOT_A_NAME_PHRASE.test(text)) return true;
  return text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .some((word) => NOT_A_NAME_WORDS.has(word) || PHASE_WORD.test(word));
}

/** Reads the roster; [] when the post has no block that looks like one. */
export function readRoster(html: string): RosterSlot[] {
  const lines = postLines(html);
  const slots: RosterSlot[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!isHeading(joined(lines[i]!))) continue;
    let misses = 0;
    for (let j = i + 1; j < lines.length && misses < 1; j += 1) {
      const text = joined(lines[j]!);
      if (isHeading(text)) break;
      // An empty spoiler's title line (`Spoiler:`) before the list.
      if (/^spoiler:?$/i.test(text)) continue;
      const slot = readEntry(lines[j]!);
      if (!slot) {
        misses += 1;
        continue;
      }
      misses = 0;
      i = j;
      addSlot(slots, slot);
    }
  }
  return slots;
}

/**
 * A slot read again (the living list, then the dead one, or a second roster further down): one slot per chain of
 * players. A line naming a later player of a known slot keeps the longer chain; a new first player is a new slot.
 */
function addSlot(slots: RosterSlot[], slot: RosterSlot): void {
  const chain = (s: RosterSlot) => [s.name, ...s.replacedBy].map((n) => n.toLowerCase());
  const mine = chain(slot);
  const known = slots.findIndex((s) => chain(s).some((n) => mine.includes(n)));
  if (known < 0) {
    slots.push(slot);
    return;
  }
  if (mine.length > chain(slots[known]!).length) slots[known] = slot;
}

/** The roster's headings (`HEADING`), and a spoiler or a short line naming the living or the dead. */
function isHeading(text: string): boolean {
  if (HEADING.test(text)) return true;
  if (text.length > 60) return false;
  const lower = text.toLowerCase();
  const spoiler = lower.startsWith('spoiler:');
  if (!spoiler && !lower.endsWith(':')) return false;
  const words = new Set(lower.split(/[^a-z']+/));
  const named = ['alive', 'living', 'dead', 'players', "player's", 'playerlist', 'roster', 'removed', 'survivors'];
  return lower.includes('still here') || named.some((w) => words.has(w));
}

function joined(line: Piece[]): string {
  return line
    .map((p) => p.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One roster line: `3. ~~Old~~ New - Town Cop, killed N2` → { name: Old, replacedBy: [New] }. */
export function readEntry(line: Piece[]): RosterSlot | null {
  const text = joined(line);
  // Numbering and bullets.
  const lead = /^\s*(?:\d{1,2}\s*[.):]\s*|[-*•·]\s+|\[\*\]\s*)?/.exec(text)?.[0].length ?? 0;
  let rest = lead;
  const pieces: Piece[] = [];
  for (const p of line) {
    if (rest >= p.text.length) {
      rest -= p.text.length;
      continue;
    }
    pieces.push({ text: p.text.slice(rest), struck: p.struck });
    rest = 0;
  }
  const plain: string[] = [];
  const struck: { name: string; beforePlain: boolean }[] = [];
  let cut = false;
  let sinceCut = '';
  for (const p of pieces) {
    // After the name, struck names may still follow (`name   ~~old~~, Role`); anything else ends it.
    if (cut && !p.struck) {
      sinceCut += p.text;
      if (!/^[\s,]*$/.test(sinceCut)) break;
      continue;
    }
    if (cut && !/^[\s,]*$/.test(sinceCut)) break;
    if (p.struck) {
      for (const n of splitAtSeparators(p.text))
        if (n.trim()) struck.push({ name: tidy(n), beforePlain: !plain.join('').trim() });
      continue;
    }
    // A role or fate follows the name after a dash, comma, colon, bracket or a wide gap.
    const m = /\s[-–—]\s|\s[-–—]$|,|\s{2,}|\(|:|\breplac(?:ed|es|ing)\b|\bsubbed\b|\bin for\b/i.exec(p.text);
    plain.push(m ? p.text.slice(0, m.index) : p.text);
    if (m) cut = true;
  }
  const current = tidy(beforeFate(plain.join('')));
  const replacedText = /\breplaced\s+by\s+([^,()\-–—]+)/i.exec(text)?.[1];
  if (!current && !struck.length) return null;
  const names = [...struck.map((s) => s.name), current].filter(Boolean);
  if (names.some((n) => !looksLikeName(n))) return null;
  let name: string;
  let later: string[];
  const older = !struck.length && current ? earlierPlayers(text) : [];
  if (older.length) {
    // `X (replaces Y replaces Z)`: Z played the slot first, then Y, then X.
    name = older[older.length - 1]!;
    later = [...older.slice(0, -1).reverse(), current];
  } else if (!struck.length) {
    name = current;
    later = replacedText && looksLikeName(tidy(replacedText)) ? [tidy(replacedText)] : [];
  } else if (struck[0]!.beforePlain) {
    // `~~oldest~~ ~~older~~ current`
    name = struck[0]!.name;
    later = [...struck.slice(1).map((s) => s.name), current].filter(Boolean);
  } else {
    // `current ~~older~~ ~~oldest~~`
    const back = struck.map((s) => s.name).reverse();
    name = back[0]!;
    later = [...back.slice(1), current].filter(Boolean);
  }
  return { name, replacedBy: later, line: text };
}

/**
 * MafiaScum's `X (replaces Y)`, `X (replaces Y replaces Z)`, `X (replaces Y (replaces Z))`, `X, replacing Y`: the
 * slot's earlier players, newest first; [] when the line names none (or a name does not look like one).
 */
function earlierPlayers(text: string): string[] {
  const pieces = splitAtReplaces(text);
  if (pieces.length < 2) return [];
  const names = pieces.slice(1).map((n) => tidy(beforeAside(n)));
  return names.every(looksLikeName) ? names : [];
}

const REPLACES = ['replaces ', 'replacing ', 'replaced ', 'subbing for ', 'in for '];

/** The text cut before each `replaces` word (`replaced by` is not one: it names a later player). */
function splitAtReplaces(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < lower.length; i += 1) {
    if (i > 0 && /[a-z]/.test(lower[i - 1] as string)) continue;
    const word = REPLACES.find((w) => lower.startsWith(w, i));
    if (!word || (word === 'replaced ' && lower.startsWith('by ', i + word.length))) continue;
    out.push(text.slice(from, i));
    from = i + word.length;
    i = from - 1;
  }
  out.push(text.slice(from));
  return out;
}

const FATE_WORDS = new Set([
  'lynched',
  'killed',
  'shot',
  'endgamed',
  'won',
  'survived',
  'died',
  'modkilled',
  'was',
  'who',
  'is',
  'has',
  'hung',
  'eliminated',
  'vt',
  'townie',
  'town',
  'mafia',
  'scum',
]);

/** `Ava endgamed D5`, `Bea won D5`: the name stops at the first word that tells a fate or a role. */
function beforeFate(s: string): string {
  const words = s.split(' ');
  const cut = words.findIndex((w, i) => i > 0 && FATE_WORDS.has(w.toLowerCase()));
  return cut < 0 ? s : words.slice(0, cut).join(' ');
}

/** A name up to the first bracket, comma or colon, ` - ` or ` was ` (`Y) - Town Cop`, `Y was Townie`). */
function beforeAside(s: string): string {
  const lower = s.toLowerCase();
  const ends = ['(', ')', '[', ']', ',', ':', ' - ', ' – ', ' — ', ' was ', ' who ']
    .map((e) => lower.indexOf(e))
    .filter((i) => i >= 0);
  return s.slice(0, Math.min(s.length, ...ends));
}

// As splitting on `\s*[,/]\s*` did, in one pass: the spaces on either side of a separator go with it.
export function splitAtSeparators(s: string): string[] {
  const parts = s.split(/[,/]/);
  return parts.map((part, i) => {
    const start = i > 0 ? part.trimStart() : part;
    return i < parts.length - 1 ? start.trimEnd() : start;
  });
}

export function tidy(s: string): string {
  const marks = trimEndWhile(s.trimEnd(), (ch) => ch === '*' || ch === '†' || ch === '‡');
  return trimEndWhile(marks.replace(/^[\s"'“”]+/, ''), (ch) => /[\s"'“”.]/.test(ch))
    .trim()
    .replace(REDDIT_MENTION, '');
}

/** A Reddit roster names players as mentions (`/u/name`, `u/name`): the account is the name after it. */
const REDDIT_MENTION = /^\/?u\/(?=[\w-]{3,20}$)/;

function looksLikeName(n: string): boolean {
  if (!n || n.length > 30) return false;
  if (n.split(/\s+/).length > 3) return false;
  return !namesNoPlayer(n);
}
