import type { Logger } from 'pino';
import type { ThreadSink } from '../adapters/types.js';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { lineDiff } from '../reporter/line-diff.js';
import { MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel } from '../reporter/vote-count-model.js';
import type { StoredDraft } from '../storage/draft-store.js';
import type { Store } from '../storage/store.js';
import type { Clock } from './clock.js';
import type { ApproveResult, DeskEvent, DraftRecord } from './desk.js';
import { postInfo, voteFingerprint } from './drafts/plan.js';
import type { GameRunner } from './game-runner.js';

export interface DraftActionDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  emit(e: DeskEvent): void;
  /** The sink a game posts through (a dry-run sink prints instead). */
  sinkFor(runner: GameRunner): ThreadSink;
  /** `--dry-run`: the sink prints; the draft stays approved (printed once per process). */
  dryRun?: boolean;
}

export const toRecord = (d: StoredDraft): DraftRecord => ({
  id: d.id,
  gameId: d.gameId,
  kind: d.kind,
  status: d.status,
  phase: d.phase,
  number: d.number,
  format: d.format,
  text: d.text,
  to: d.to,
  throughPost: d.throughPost,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  recount: d.recount,
  posted: d.posted,
  supersededBy: d.supersededBy ?? null,
});

/**
 * The draft lifecycle: pending → approved → posted, or rejected. Approval recounts first; posting goes through
 * the adapter with the draft's idempotency key, so a retry after a crash finds the earlier post instead of
 * posting twice. One post at a time per draft in this process.
 */
export class DraftActions {
  private readonly inFlight = new Map<string, Promise<ApproveResult>>();
  private readonly printed = new Set<string>();

  constructor(private readonly d: DraftActionDeps) {}

  private now(): string {
    return formatInstant(this.d.clock.now());
  }

  get(runner: GameRunner, draftId: string): StoredDraft {
    const draft = this.d.store.drafts.get(runner.id, draftId);
    if (!draft) throw new ModdeskError('usage', `no draft ${JSON.stringify(draftId)} in game ${runner.id}`);
    return draft;
  }

  edit(runner: GameRunner, draftId: string, text: string): DraftRecord {
    return this.changePending(runner, draftId, 'edited', (draft) => ({
      detail: { before: draft.text, after: text },
      next: { ...draft, text, edited: true },
    }));
  }

  reject(runner: GameRunner, draftId: string, reason?: string): DraftRecord {
    return this.changePending(runner, draftId, 'rejected', (draft) => ({
      detail: { reason: reason ?? null },
      next: { ...draft, status: 'rejected', reason: reason ?? null },
    }));
  }

  /** Changes a pending draft: the audit entry and the save in one transaction, then tells the dashboard. */
  private changePending(
    runner: GameRunner,
    draftId: string,
    verb: 'edited' | 'rejected',
    change: (draft: StoredDraft) => { detail: Record<string, unknown>; next: StoredDraft },
  ): DraftRecord {
    const draft = this.get(runner, draftId);
    if (draft.status !== 'pending') {
      throw new ModdeskError('usage', `draft ${draftId} is ${draft.status}; only a pending draft can be ${verb}`);
    }
    const at = this.now();
    const { detail, next } = change(draft);
    const saved = this.d.store.tx(() => {
      this.d.store.audit.append({
        at,
        gameId: runner.id,
        actor: 'mod',
        action: `draft.${verb}`,
        detail: { draft: draftId, ...detail },
      });
      return this.d.store.drafts.save(next, at);
    });
    this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId });
    return toRecord(saved);
  }

  /** Recounts a vote count against the thread now: the new text and a diff when the votes moved, else null. */
  recount(runner: GameRunner, draft: StoredDraft): { text: string; diff: string } | null {
    if (draft.kind !== 'vote-count') return null;
    const day = draft.phase;
    const number = draft.number ?? undefined;
    const then = runner.replayAt(draft.planAt);
    const nowAt = Math.max(this.d.clock.now(), draft.planAt);
    const now = runner.replayAt(nowAt);
    const sameDay = now.day?.day === day && now.phase?.name === day && now.phase?.endedAt === null;
    if (sameDay && voteFingerprint(now) === voteFingerprint(then)) return null;
    const text = renderVoteCount(
      buildVoteCountModel(now, nowAt, { posts: postInfo(runner.posts), number }),
      MARKUPS[runner.format],
    );
    return { text, diff: lineDiff(draft.text, text) };
  }

  /**
   * An unedited vote count whose votes did not move, rendered again at approval: its "(in 1 day 1 hour)" is
   * counted from when it is posted, not from when it was drafted. Null when it cannot be (the day is over).
   */
  private retimed(runner: GameRunner, draft: StoredDraft): string | null {
    if (draft.kind !== 'vote-count') return null;
    const nowAt = Math.max(this.d.clock.now(), draft.planAt);
    const now = runner.replayAt(nowAt);
    if (now.day?.day !== draft.phase || now.phase?.endedAt !== null) return null;
    return renderVoteCount(
      buildVoteCountModel(now, nowAt, { posts: postInfo(runner.posts), number: draft.number ?? undefined }),
      MARKUPS[runner.format],
    );
  }

  approve(runner: GameRunner, draftId: string, opts: { confirm?: boolean } = {}): Promise<ApproveResult> {
    const key = `${runner.id}\0${draftId}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.approveNow(runner, draftId, opts).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async approveNow(runner: GameRunner, draftId: string, opts: { confirm?: boolean }): Promise<ApproveResult> {
    let draft = this.get(runner, draftId);
    if (draft.status === 'posted') return { outcome: draft.posted?.id ? 'posted' : 'copy', draft: toRecord(draft) };
    if (draft.status === 'rejected' || draft.status === 'superseded')
      throw new ModdeskError(
        'usage',
        draft.status === 'rejected'
          ? `draft ${draftId} was rejected; it cannot be approved`
          : `draft ${draftId} was superseded by ${draft.supersededBy ?? 'a newer count'}; approve that one`,
      );
    if (draft.status === 'pending') {
      const recount = this.recount(runner, draft);
      const at = this.now();
      if (recount && !opts.confirm) {
        draft = this.d.store.tx(() => {
          this.d.store.audit.append({
            at,
            gameId: runner.id,
            actor: 'mod',
            action: 'draft.recounted',
            detail: { draft: draftId, diff: recount.diff },
          });
          return this.d.store.drafts.save({ ...draft, recount }, at);
        });
        this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId });
        return { outcome: 'changed', draft: toRecord(draft) };
      }
      const fresh = recount ?? draft.recount;
      const text =
        fresh && !draft.edited ? fresh.text : draft.edited ? draft.text : (this.retimed(runner, draft) ?? draft.text);
      draft = this.d.store.tx(() => {
        this.d.store.audit.append({
          at,
          gameId: runner.id,
          actor: 'mod',
          action: 'draft.approved',
          detail: { draft: draftId, confirm: opts.confirm ?? false },
        });
        return this.d.store.drafts.save({ ...draft, status: 'approved', text, recount: fresh ?? null }, at);
      });
      this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId });
    }
    return this.post(runner, draft);
  }

  /** Posts an approved draft (again, after a crash: the sink finds the earlier post by its key). */
  private async post(runner: GameRunner, draft: StoredDraft): Promise<ApproveResult> {
    const sink = this.d.sinkFor(runner);
    if (this.d.dryRun) {
      const key = `${runner.id}\0${draft.id}`;
      if (!this.printed.has(key)) {
        this.printed.add(key);
        if (draft.to === null) await sink.reply(draft.text, draft.idempotencyKey);
        else await sink.sendMessage?.(draft.to, draft.kind, draft.text, draft.idempotencyKey);
      }
      return { outcome: 'copy', draft: toRecord(draft) };
    }
    const subject = `${runner.game.title || 'Mafia'}: ${draft.kind.replace(/-/g, ' ')}`;
    let receipt: { id: string | null; url: string | null };
    if (draft.to === null) receipt = await sink.reply(draft.text, draft.idempotencyKey);
    else if (sink.sendMessage) receipt = await sink.sendMessage(draft.to, subject, draft.text, draft.idempotencyKey);
    else receipt = { id: null, url: null };
    const at = this.now();
    const saved = this.d.store.tx(() => {
      this.d.store.audit.append({
        at,
        gameId: runner.id,
        actor: 'watch',
        action: receipt.id ? 'draft.posted' : 'draft.copied',
        detail: { draft: draft.id, receipt },
      });
      return this.d.store.drafts.save({ ...draft, status: 'posted', posted: { ...receipt, at } }, at);
    });
    this.d.log.info({ draft: draft.id, posted: receipt.id }, receipt.id ? 'draft posted' : 'draft ready to paste');
    this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId: draft.id });
    return { outcome: receipt.id ? 'posted' : 'copy', draft: toRecord(saved) };
  }

  /** Posts every approved draft not posted yet, oldest first (after a restart, or approved by config). */
  async resume(runner: GameRunner): Promise<number> {
    let n = 0;
    for (const draft of this.d.store.drafts.list(runner.id, 'approved')) {
      await this.approve(runner, draft.id);
      n += 1;
    }
    return n;
  }
}
