import type { DraftRecord } from '../app/desk.js';
import { ModdeskError } from '../domain/errors.js';
import type { FormatName } from '../reporter/markup.js';
import type { DueDraft, VoteCountDraft } from './offline-drafts.js';

export interface HeldDraft {
  record: DraftRecord;
  key: string;
  /** For a vote count: what it counted (see VoteCountDraft.voteKey); null for other drafts. */
  voteKey: string | null;
  edited: boolean;
  day: string | null;
  /** Why the mod rejected it (kept for the record; the contract has no field for it). */
  reason?: string | null;
}

/**
 * The offline desk's drafts: each phase post once (by key), and one pending vote count at a time, which
 * follows the thread until the mod edits it (then the recount at approval shows what moved).
 */
export class DraftBook {
  private readonly held = new Map<string, HeldDraft>();
  private readonly keys = new Set<string>();
  private next = 1;

  constructor(
    private readonly gameId: string,
    private readonly format: FormatName,
  ) {}

  list(): DraftRecord[] {
    return [...this.held.values()].map((d) => ({ ...d.record }));
  }

  pendingCount(): number {
    return [...this.held.values()].filter((d) => d.record.status === 'pending').length;
  }

  /** A draft the mod may still change. */
  pending(draftId: string): HeldDraft {
    const d = this.held.get(draftId);
    if (!d) throw new ModdeskError('usage', `no draft ${JSON.stringify(draftId)}`);
    if (d.record.status !== 'pending')
      throw new ModdeskError('usage', `draft ${draftId} is already ${d.record.status}`);
    return d;
  }

  /** The number of the next count of `day` ("Vote Count 2.<n>"): one more than those approved. */
  countNumber(day: string | null): number {
    const done = [...this.held.values()].filter(
      (h) => h.day === day && h.voteKey !== null && h.record.status !== 'pending' && h.record.status !== 'rejected',
    );
    return done.length + 1;
  }

  /** Adds the due drafts not yet held and brings the pending vote count up to `count`; returns the ids touched. */
  sync(due: DueDraft[], count: VoteCountDraft | null, stamp: string): string[] {
    const touched: string[] = [];
    for (const d of due) if (!this.keys.has(d.key)) touched.push(this.add(d, stamp));
    if (!count) return touched;
    const pending = [...this.held.values()].find((h) => h.voteKey !== null && h.record.status === 'pending');
    if (pending) {
      if (pending.day === count.day && !pending.edited && pending.voteKey !== count.voteKey) {
        pending.record = { ...pending.record, text: count.text, throughPost: count.throughPost, updatedAt: stamp };
        pending.voteKey = count.voteKey;
        touched.push(pending.record.id);
      }
      return touched;
    }
    const last = [...this.held.values()].filter((h) => h.voteKey !== null).at(-1);
    if (last?.voteKey !== count.voteKey) {
      const due: DueDraft = {
        key: `vote-count|${count.voteKey}`,
        kind: 'vote-count',
        to: null,
        text: count.text,
        at: 0,
      };
      touched.push(this.add(due, stamp, { voteKey: count.voteKey, day: count.day }, count.throughPost));
    }
    return touched;
  }

  private add(due: DueDraft, stamp: string, extra: Partial<HeldDraft> = {}, throughPost: string | null = null): string {
    const id = `d${this.next++}`;
    const record: DraftRecord = {
      id,
      gameId: this.gameId,
      kind: due.kind,
      status: 'pending',
      format: this.format,
      text: due.text,
      to: due.to,
      throughPost,
      createdAt: stamp,
      updatedAt: stamp,
      recount: null,
      posted: null,
    };
    this.held.set(id, { record, key: due.key, voteKey: null, edited: false, day: null, ...extra });
    this.keys.add(due.key);
    return id;
  }
}
