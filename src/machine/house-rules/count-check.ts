import type { NameMatch } from '../../domain/action.js';
import type { Post } from '../../domain/post.js';
import { postTime } from '../../domain/post.js';
import type { Instant } from '../../domain/time.js';
import { isNoLynch } from '../../parser/argument.js';
import { readWrittenCount } from '../../parser/moderator-count.js';
import type { GameContext, VoteTarget } from '../context.js';
import { resolveTarget } from '../roster.js';
import { positionsOf } from './count-record.js';

// H-VC6 (docs/rules/house-rules.md): the moderator's own count, read and compared with moddesk's at that post.

/** An hour: a post younger than this when the count went up may have crossed it (the audit's evidence rule). */
export const DEFAULT_CHECK_MARGIN_MS = 60 * 60 * 1000;

/** The post that explains a difference: the voter's latest vote or unvote of the day before the count. */
export interface ExplainingPost {
  postId: string;
  at: Instant;
  /** What it did: a vote (its target) or an unvote (null). */
  target: VoteTarget | null;
  /** Set when moddesk's reading of that vote is doubtful (docs/readings.md): the moderator may have read it otherwise. */
  doubt?: string;
}

export interface CountDifference {
  voter: number;
  /** Where the moderator's count has the voter (empty: on no wagon). */
  moderator: VoteTarget[];
  /** Where moddesk has them at that post. */
  moddesk: VoteTarget[];
  explainedBy: ExplainingPost;
}

export interface CountCheck {
  post: Post;
  /** `full`: every line's names read; `partial`: some names read nobody (left-out votes are then not reported). */
  read: 'full' | 'partial' | 'unread';
  differences: CountDifference[];
  /** Names in the count that read no player, as written. */
  unreadNames: string[];
  /** Lines whose stated number is not the number of voters they list (`Bob (2): Ann`), as written. */
  miscounted: string[];
  /** Differences not reported: the voter's latest post is younger than the margin, or there is none to explain it. */
  skipped: { voter: number; why: 'recent' | 'unexplained' | 'partial' }[];
}

type Resolved = { kind: 'slot'; slot: number } | { kind: 'no-lynch' } | null;

function resolveWritten(ctx: GameContext, name: string): Resolved {
  if (isNoLynch(name) || /^no\s*(?:lynch|elimination|exe(?:cution)?)$/i.test(name)) return { kind: 'no-lynch' };
  const m: NameMatch = resolveTarget(ctx, name);
  // A moderator writes the names out: a doubtful reading is more likely a line of prose (`Deadline: 12 June`).
  if (m.kind === 'player') return m.doubt ? null : { kind: 'slot', slot: m.slot };
  if (m.kind === 'no-lynch') return { kind: 'no-lynch' };
  return null;
}

/** `Ann Dee Dee` (names a count wrote with spaces only): the words split into names that each read surely. */
function splitBySpaces(ctx: GameContext, name: string): number[] | null {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const out: number[] = [];
  let i = 0;
  while (i < words.length) {
    let found = false;
    for (let j = words.length; j > i; j -= 1) {
      const m = resolveTarget(ctx, words.slice(i, j).join(' '));
      if (m.kind === 'player' && !m.doubt && (m.via === 'exact' || m.via === 'alias')) {
        out.push(m.slot);
        i = j;
        found = true;
        break;
      }
    }
    if (!found) return null;
  }
  return out;
}

function voterSlots(ctx: GameContext, name: string): number[] | null {
  const m = resolveTarget(ctx, name);
  if (m.kind !== 'player') return splitBySpaces(ctx, name);
  // A run of names with spaces only (`Ann Bob Cy`) reads as its first name by leading words: the names it splits
  // into, each exact, are what the count lists.
  if (m.via !== 'exact' && m.via !== 'alias' && /\s/.test(name)) return splitBySpaces(ctx, name) ?? [m.slot];
  return [m.slot];
}

const isSureName = (ctx: GameContext, name: string) => {
  const m = resolveTarget(ctx, name);
  return m.kind === 'player' && !m.doubt;
};

const isExactName = (ctx: GameContext, name: string) => {
  const m = resolveTarget(ctx, name);
  return m.kind === 'player' && (m.via === 'exact' || m.via === 'alias');
};

const key = (ts: VoteTarget[]) => [...ts].map(String).sort().join(',');

/**
 * Compares the moderator's count in `post` with moddesk's count at that post (`ctx`: the game just after it).
 * A difference is reported only when the voter's latest vote or unvote of the day is older than `marginMs` at the
 * count (a younger one may have crossed it), and a vote the count leaves out only when every name in it read.
 */
export function checkCount(
  ctx: GameContext,
  post: Post,
  marginMs: number = DEFAULT_CHECK_MARGIN_MS,
  html: string = post.html,
): CountCheck {
  const written = readWrittenCount(html);
  const base: CountCheck = { post, read: 'unread', differences: [], unreadNames: [], miscounted: [], skipped: [] };
  if (!ctx.day || written.wagons.length === 0) return base;
  const listed = new Map<number, VoteTarget[]>();
  const unread: string[] = [];
  const miscounted: string[] = [];
  let wagonsRead = 0;
  for (const w of written.wagons) {
    const target = resolveWritten(ctx, w.target);
    const voters = w.voters.map((v) => ({ v, slots: voterSlots(ctx, v) }));
    if (w.loose && (target === null || voters.length === 0 || !voters.every((x) => isSureName(ctx, x.v)))) continue;
    // A line whose target and voters read nobody is not a wagon (`Deadline: 12 June`).
    if (target === null) {
      if (voters.length > 0 && voters.every((x) => isExactName(ctx, x.v))) unread.push(w.target);
      continue;
    }
    wagonsRead += 1;
    for (const x of voters) {
      if (x.slots === null) {
        unread.push(x.v);
        continue;
      }
      const t: VoteTarget = target.kind === 'no-lynch' ? 'no-lynch' : target.slot;
      for (const s of x.slots) if (!listed.get(s)?.includes(t)) listed.set(s, [...(listed.get(s) ?? []), t]);
    }
    const count = voters.reduce((n, x) => n + (x.slots?.length ?? 1), 0);
    if (w.stated !== null && w.stated !== count && w.voters.length > 0) miscounted.push(w.line);
  }
  if (wagonsRead === 0) return base;
  const read = unread.length || miscounted.length ? 'partial' : 'full';
  const desk = positionsOf(ctx);
  const at = postTime(post);
  const differences: CountDifference[] = [];
  const skipped: CountCheck['skipped'] = [];
  for (const slot of ctx.slots) {
    if (!slot.alive) continue;
    const mod = listed.get(slot.index) ?? [];
    const ours = desk[slot.index] ?? [];
    if (key(mod) === key(ours)) continue;
    if (read === 'partial' && mod.length === 0) {
      skipped.push({ voter: slot.index, why: 'partial' });
      continue;
    }
    const last = [...ctx.day.history].reverse().find((h) => h.voter === slot.index && h.at <= at);
    if (!last) {
      skipped.push({ voter: slot.index, why: 'unexplained' });
      continue;
    }
    if (at - last.at < marginMs) {
      skipped.push({ voter: slot.index, why: 'recent' });
      continue;
    }
    const vote = ctx.day.votes[slot.index];
    const reading = vote && vote.postId === last.postId ? vote.reading : undefined;
    differences.push({
      voter: slot.index,
      moderator: mod,
      moddesk: ours,
      explainedBy: {
        postId: last.postId,
        at: last.at,
        target: last.target,
        ...(reading?.confidence === 'doubtful' ? { doubt: reading.reason ?? `read as ${reading.via}` } : {}),
      },
    });
  }
  return { post, read, differences, unreadNames: unread, miscounted, skipped };
}
