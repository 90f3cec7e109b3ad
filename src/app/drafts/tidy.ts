import type { DraftRecord, StoredDraft } from '../../domain/draft.js';

/**
 * Drafts that stay tidy (docs/decisions/0010-tidy-drafts.md), decided here once for every page and command:
 * one pending vote count per phase, superseded counts and stale drafts folded away.
 */

/** What a newly planned draft does to the pending vote counts of its phase. */
export interface CountDecision {
  /** Pending counts the new draft makes obsolete: they become `superseded` (by the new draft). */
  supersede: StoredDraft[];
  /**
   * A pending count the mod edited: the mod's work stays the one pending count of the phase, and the new count is
   * not stored as a second card but attached to it as its recount (the "thread moved on" diff).
   */
  recountOf: StoredDraft | null;
}

/** Whether a new draft of this kind can change the pending vote counts of its phase (`countDecision`). */
export function reachesCounts(kind: string): boolean {
  return kind === 'vote-count' || kind === 'day-end' || kind === 'purge';
}

/** `pending`: the pending drafts, or at least the pending vote counts of the draft's phase. */
export function countDecision(
  draft: { id: string; kind: string; phase: string | null },
  pending: readonly StoredDraft[],
): CountDecision {
  if (!reachesCounts(draft.kind)) return { supersede: [], recountOf: null };
  const counts = pending.filter((d) => d.kind === 'vote-count' && d.phase === draft.phase && d.id !== draft.id);
  const supersede = counts.filter((d) => !d.edited);
  const edited = counts.filter((d) => d.edited).at(-1) ?? null;
  return { supersede, recountOf: draft.kind === 'vote-count' ? edited : null };
}

/** The drafts page's shelves: what needs the mod now, what is folded per phase, and what is done. */
export interface DraftShelf {
  /** Pending drafts about the phase running now or the one before it, and every game-over draft; newest first. */
  pending: DraftRecord[];
  /** One fold per phase (newest phase first): its superseded counts and its stale pending drafts. */
  folds: DraftFold[];
  /** Approved drafts the desk has tried to post and not posted yet (failed, retrying, fate being checked), oldest first. */
  notPosted: DraftRecord[];
  /** Approved, posted and rejected drafts, newest first. */
  done: DraftRecord[];
}

export interface DraftFold {
  phase: string | null;
  superseded: DraftRecord[];
  /** Still pending, and still approvable, but about a phase the game has left behind. */
  stale: DraftRecord[];
}

/**
 * A pending draft is stale once the game has moved on from its phase: a vote count whose day is no longer the
 * running phase, or any other draft two phases or more back (the night's results are still wanted during the day
 * they open; by the next night they are history). A game-over draft is never stale, nor a count fix (asked for
 * now, whatever day it corrects) or a roster edit (only the newest waits: it is the roster now).
 */
export function isStale(d: DraftRecord, phases: readonly string[], current: string | null): boolean {
  if (d.status !== 'pending' || d.phase === null || current === null) return false;
  if (d.kind === 'game-over' || d.kind === 'count-fix' || d.kind === 'roster-edit') return false;
  const at = phases.indexOf(current);
  const of = phases.indexOf(d.phase);
  if (at < 0 || of < 0) return false;
  return d.kind === 'vote-count' ? of < at : of < at - 1;
}

const newestFirst = (a: DraftRecord, b: DraftRecord) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id, 'en', { numeric: true });

export function shelve(drafts: readonly DraftRecord[], phases: readonly string[], current: string | null): DraftShelf {
  const pending: DraftRecord[] = [];
  const done: DraftRecord[] = [];
  const notPosted: DraftRecord[] = [];
  const folds = new Map<string | null, DraftFold>();
  const fold = (phase: string | null) => {
    const f = folds.get(phase) ?? { phase, superseded: [], stale: [] };
    folds.set(phase, f);
    return f;
  };
  for (const d of drafts) {
    if (d.status === 'superseded') fold(d.phase).superseded.push(d);
    else if (isStale(d, phases, current)) fold(d.phase).stale.push(d);
    else if (d.status === 'pending') pending.push(d);
    else if (d.status === 'approved' && d.posting) notPosted.push(d);
    else done.push(d);
  }
  const order = (p: string | null) => (p === null ? -1 : phases.indexOf(p));
  for (const f of folds.values()) {
    f.superseded.sort(newestFirst);
    f.stale.sort(newestFirst);
  }
  return {
    pending: pending.sort(newestFirst),
    notPosted,
    folds: [...folds.values()].sort((a, b) => order(b.phase) - order(a.phase)),
    done: done.sort(newestFirst),
  };
}
