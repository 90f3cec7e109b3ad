import type { NameMatch, RosterName } from '../domain/action.js';
import { oneWordChanged } from '../parser/name-words.js';
import { buildNameIndex, type NameIndex, resolveName, runnerUpOf } from '../parser/resolve-name.js';
import type { GameContext, Slot } from './context.js';

const normCache = new Map<string, string>();
/** Case, spaces and punctuation ignored; memoised because every post's author goes through it. */
export function normName(s: string): string {
  let n = normCache.get(s);
  if (n === undefined) {
    n = s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    if (normCache.size > 50_000) normCache.clear();
    normCache.set(s, n);
  }
  return n;
}

const indexCache = new WeakMap<Slot[], NameIndex>();
const authorCache = new WeakMap<Slot[], Map<string, number>>();
const currentOnly = new WeakMap<Slot[], Slot[]>();

/** By the roster's names: a death or a first post makes a new slots array, not new names (speed). */
const indexByNames = new Map<string, NameIndex>();

/** Every name that resolves to a slot: current and former names, and aliases. Cached per roster. */
export function nameIndex(slots: Slot[]): NameIndex {
  let index = indexCache.get(slots);
  if (!index) {
    const roster = rosterNames(slots);
    const key = rosterKey(roster);
    index = indexByNames.get(key);
    if (!index) {
      index = buildNameIndex(roster);
      if (indexByNames.size > 1_000) indexByNames.clear();
      indexByNames.set(key, index);
    }
    indexCache.set(slots, index);
  }
  return index;
}

function rosterNames(slots: Slot[]): RosterName[] {
  const roster: RosterName[] = [];
  for (const s of slots) {
    roster.push({ slot: s.index, name: s.name, isAlias: false });
    for (const n of s.formerNames) roster.push({ slot: s.index, name: n, isAlias: false });
    for (const a of s.aliases) roster.push({ slot: s.index, name: a, isAlias: true });
  }
  return roster;
}

const rosterKey = (roster: RosterName[]) => JSON.stringify(roster.map((r) => [r.slot, r.name, r.isAlias]));

export function resolveTarget(ctx: GameContext, argument: string, bracketed?: string): NameMatch {
  const match = resolveName(argument, nameIndex(ctx.slots));
  if (match.kind === 'unknown') return byIncomingName(ctx, argument) ?? byBracketedName(ctx, bracketed) ?? match;
  return match.kind === 'ambiguous' ? byLivingOne(ctx, match) : match;
}

/**
 * P5: the exact name of a player the game file brings in later by a replacement (`Vote: D3x` after the mod
 * announced "D3x replaces him" but before the recorded replacement): counted for the slot they will take, doubtful.
 */
function byIncomingName(ctx: GameContext, argument: string): NameMatch | null {
  const n = normName(argument);
  if (n === '') return null;
  const slotOf = new Map<string, number>();
  for (const s of ctx.slots) slotOf.set(normName(s.name), s.index);
  for (const e of ctx.setup.game.events) {
    if (!('replace' in e)) continue;
    const slot = slotOf.get(normName(e.replace)) ?? slotByName(ctx.slots, e.replace)?.index;
    if (slot === undefined) continue;
    const by = normName(e.by);
    if (!slotOf.has(by)) slotOf.set(by, slot);
    if (by === n && slotByName(ctx.slots, e.by) === null)
      return {
        kind: 'player',
        slot,
        via: 'incoming',
        doubt: { reason: `${e.by} replaces ${ctx.slots[slot]?.name} later in the game file` },
      };
  }
  return null;
}

/** N32: `Nickname (RealName)`: the name itself reads nobody, the brackets hold a player's exact name or alias. */
function byBracketedName(ctx: GameContext, bracketed: string | undefined): NameMatch | null {
  if (bracketed === undefined) return null;
  const inner = resolveName(bracketed, nameIndex(ctx.slots));
  if (inner.kind !== 'player' || (inner.via !== 'exact' && inner.via !== 'alias')) return null;
  return {
    kind: 'player',
    slot: inner.slot,
    via: 'bracketed',
    doubt: {
      reason: `the name before the brackets names nobody; read the name in them, ${ctx.slots[inner.slot]?.name}`,
    },
  };
}

/** N31: `GW` for GreenWarden or a Grey Wolf lynched days ago: a vote can only mean the living one. */
function byLivingOne(ctx: GameContext, match: NameMatch & { kind: 'ambiguous' }): NameMatch {
  const living = match.slots.filter((s) => ctx.slots[s]?.alive);
  if (living.length !== 1) return match;
  const others = match.slots.filter((s) => s !== living[0]);
  const dead = others.map((s) => ctx.slots[s]?.name);
  return {
    kind: 'player',
    slot: living[0] as number,
    via: match.via,
    doubt: { reason: `the only living player it fits; it also fits ${dead.join(', ')}, dead`, runnerUp: others[0] },
  };
}

/** The slot whose current player wrote a post, by display name or alias (case and spacing ignored). */
export function slotOfAuthor(slots: Slot[], author: string): number | null {
  let map = authorCache.get(slots);
  if (!map) {
    map = new Map<string, number>();
    for (const s of slots) for (const a of s.aliases) map.set(normName(a), s.index);
    for (const s of slots) map.set(normName(s.name), s.index);
    authorCache.set(slots, map);
  }
  return map.get(normName(author)) ?? null;
}

/**
 * An author who is not on the roster but reads as exactly one current player (a renamed account: `marigolde`
 * for marigold). Former names never count: a replaced player is no longer in the game. The caller flags the
 * guess (`author-guessed`) so the mod can confirm it with an alias.
 */
export function guessAuthor(slots: Slot[], author: string): number | null {
  if (normName(author).length < 4 || slotOfFormerName(slots, author)) return null;
  const current = withoutFormerNames(slots);
  const match = resolveName(author, nameIndex(current));
  if (match.kind === 'player' && match.via !== 'prefix' && (!match.doubt || match.via === 'edit-distance'))
    return match.slot;
  // N35 is looser than P6 for authors (P6 keeps the first letter of the word changed): P6 decides.
  const swapped = (match.kind === 'player' || match.kind === 'ambiguous') && match.via === 'swapped-word';
  if (match.kind !== 'unknown' && !swapped) return null;
  const renamed = current.filter((s) => oneWordChanged(author, s.name));
  return renamed.length === 1 ? (renamed[0] as Slot).index : null;
}

/** Issue 28 item 3: what else an author read as `slot` (P3, P6) reads as with that slot left out, if one player. */
export function authorRunnerUp(slots: Slot[], author: string, slot: number): number | null {
  return runnerUpOf(author, nameIndex(withoutFormerNames(slots)), slot)?.slot ?? null;
}

/** The slots with their current names and aliases only (cached per roster). */
export function withoutFormerNames(slots: Slot[]): Slot[] {
  let current = currentOnly.get(slots);
  if (!current) {
    current = slots.map((s) => ({ ...s, formerNames: [] }));
    currentOnly.set(slots, current);
  }
  return current;
}

/** The slot a former player of it names, for telling a replaced player apart from a stranger. */
export function slotOfFormerName(slots: Slot[], author: string): Slot | null {
  const n = normName(author);
  return slots.find((s) => s.formerNames.some((f) => normName(f) === n)) ?? null;
}

/** The slot a game-file name refers to (current or former name, exactly). */
export function slotByName(slots: Slot[], name: string): Slot | null {
  const n = normName(name);
  return (
    slots.find((s) => normName(s.name) === n) ?? slots.find((s) => s.formerNames.some((f) => normName(f) === n)) ?? null
  );
}

export function isModerator(ctx: GameContext, author: string): boolean {
  const n = normName(author);
  return ctx.setup.moderators.some((m) => normName(m) === n);
}

export function livingSlots(ctx: GameContext): Slot[] {
  return ctx.slots.filter((s) => s.alive);
}

export function replaceSlot(slots: Slot[], index: number, patch: Partial<Slot>): Slot[] {
  return slots.map((s) => (s.index === index ? { ...s, ...patch } : s));
}
