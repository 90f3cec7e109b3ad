import type { Logger } from 'pino';
import { needsHand, surelyNotPosted } from '../adapters/common/post-outcome.js';
import type { ThreadSink } from '../adapters/types.js';
import { isOwnAction, type PostingState } from '../domain/draft.js';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { countNumberOf } from '../parser/count-posts.js';
import { FLIP_PLACEHOLDER, hasFlipPlaceholder } from '../reporter/flip.js';
import { lineDiff } from '../reporter/line-diff.js';
import { MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel } from '../reporter/vote-count-model.js';
import type { StoredDraft } from '../storage/draft-store.js';
import type { Store } from '../storage/store.js';
import { auditActor } from './acting.js';
import type { Clock } from './clock.js';
import type { ApproveResult, DeskEvent, DraftRecord } from './desk.js';
import { numberAtApproval } from './drafts/number-at-approval.js';
import { postInfo, voteFingerprint } from './drafts/plan.js';
import type { GameRunner } from './game-runner.js';
import { carryOut } from './own-action-post.js';
import { scrubSecrets } from './scrub.js';

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
  posting: d.posting ?? null,
  target: d.target ?? null,
});

/**
 * After a try whose fate is unknown, how long (desk time) before a read of the thread may settle it: a platform's
 * listings may show a new post a little late (Reddit's do), so the read that says "not there" starts after this.
 */
export const SETTLE_MS = 60_000;

/** A PM's subject after the game's title, by kind (the rest say their kind). */
const PM_SUBJECTS: Partial<Record<string, string>> = {
  'role-pm': 'your role',
  'confirm-nudge': 'please confirm your role',
  prod: 'prod',
};

/** The wait before trying again after the platform refused: 2 min, doubling, at most 30 min. */
export const retryWaitMs = (attempts: number): number =>
  Math.min(30 * 60_000, 2 * 60_000 * 2 ** Math.max(0, attempts - 1));

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
        actor: auditActor(),
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
    const number = countLabel(draft);
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
      buildVoteCountModel(now, nowAt, { posts: postInfo(runner.posts), number: countLabel(draft) }),
      MARKUPS[runner.format],
    );
  }

  /**
   * `auto`: the desk's own round (a refused try waits for its next try), not the moderator's click. `hold`: approve
   * only; the caller posts it later (role PMs approved together are sent one after another).
   */
  approve(
    runner: GameRunner,
    draftId: string,
    opts: { confirm?: boolean; auto?: boolean; hold?: boolean } = {},
  ): Promise<ApproveResult> {
    const key = `${runner.id}\0${draftId}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.approveNow(runner, draftId, opts).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async approveNow(
    runner: GameRunner,
    draftId: string,
    opts: { confirm?: boolean; auto?: boolean; hold?: boolean },
  ): Promise<ApproveResult> {
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
            actor: auditActor(),
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
      if (hasFlipPlaceholder(text))
        throw new ModdeskError(
          'usage',
          `draft ${draftId} still says ${FLIP_PLACEHOLDER}: edit it to give the role the player flipped (or add the player's faction and role to the game file), then approve`,
        );
      draft = this.d.store.tx(() => {
        this.d.store.audit.append({
          at,
          gameId: runner.id,
          actor: auditActor(),
          action: 'draft.approved',
          detail: { draft: draftId, confirm: opts.confirm ?? false },
        });
        const numbered = numberAtApproval(this.d.store, runner.id, draft, text);
        return this.d.store.drafts.save({ ...draft, status: 'approved', text: numbered, recount: fresh ?? null }, at);
      });
      this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId });
    }
    if (opts.hold) return { outcome: 'waiting', draft: toRecord(draft) };
    return this.post(runner, draft, !opts.auto);
  }

  /**
   * Posts an approved draft. A try is written down before it starts; one whose fate is unknown (the desk died in
   * it, the answer was lost) is settled by the desk's own read of the thread, never by trying again: the post is
   * looked for among every post read since, and the draft is tried again only once a whole read of the thread that
   * began `SETTLE_MS` after the try did not show it. `manual`: the moderator asked (a refused try is retried at
   * once; an unknown one still waits for that read).
   */
  private async post(runner: GameRunner, draft: StoredDraft, manual: boolean): Promise<ApproveResult> {
    const sink = this.d.sinkFor(runner);
    if (this.d.dryRun) {
      const key = `${runner.id}\0${draft.id}`;
      if (!this.printed.has(key)) {
        this.printed.add(key);
        if (isOwnAction(draft.kind)) await carryOut(sink, draft);
        else if (draft.to === null) await sink.reply(draft.text, draft.idempotencyKey);
        else await sink.sendMessage?.(draft.to, draft.kind, draft.text, draft.idempotencyKey);
      }
      return { outcome: 'copy', draft: toRecord(draft) };
    }
    const was = draft.posting;
    const now = this.d.clock.now();
    // An edit or a lock reads the thread before it acts: its unknown fate needs no read of the desk's to settle.
    const own = isOwnAction(draft.kind);
    if (was && was.fate !== 'failed') {
      if (draft.to === null && !own) {
        const found = runner.ownPost(draft.idempotencyKey);
        if (found) return this.posted(runner, draft, { id: found.id, url: found.url ?? null }, 'found in the thread');
        const from = (was.endedAt ?? was.startedAt) + SETTLE_MS;
        if (runner.readThroughAt === null || runner.readThroughAt < from) return this.checking(runner, draft, from);
        if (was.stopped && !manual) return { outcome: 'waiting', draft: toRecord(draft) };
      } else if (was.nextAt !== null && was.nextAt > now && !manual)
        return { outcome: 'waiting', draft: toRecord(draft) };
    } else if (was && !manual && (was.stopped || (was.nextAt !== null && was.nextAt > now)))
      return { outcome: 'waiting', draft: toRecord(draft) };
    else if (was?.waitsForUnlock && !manual && this.lockedByDesk(runner))
      return { outcome: 'waiting', draft: toRecord(draft) };
    const newer = draft.kind === 'roster-edit' ? this.newerRosterUp(runner, draft) : null;
    if (newer) return { outcome: 'waiting', draft: toRecord(this.supersede(runner, draft, newer)) };
    const attempts = (was?.attempts ?? 0) + 1;
    const trying = this.savePosting(runner, draft, {
      attempts,
      fate: 'sending',
      startedAt: now,
      firstStartedAt: was?.firstStartedAt ?? was?.startedAt ?? now,
      endedAt: null,
      error: null,
      nextAt: null,
      stopped: false,
    });
    const subject = `${runner.game.title || 'Mafia'}: ${PM_SUBJECTS[draft.kind] ?? draft.kind.replace(/-/g, ' ')}`;
    let receipt: { id: string | null; url: string | null };
    try {
      if (own) receipt = await carryOut(sink, draft);
      else if (draft.to === null) receipt = await sink.reply(draft.text, draft.idempotencyKey);
      else if (sink.sendMessage) receipt = await sink.sendMessage(draft.to, subject, draft.text, draft.idempotencyKey);
      else receipt = { id: null, url: null };
    } catch (err) {
      const endedAt = this.d.clock.now();
      const sure = surelyNotPosted(err);
      // The platform or the account cannot: no retry will help; the moderator is told to do it by hand.
      const error = scrubSecrets((err as Error).message);
      // An edit refused in the thread moddesk itself locked waits for moddesk's unlock (the forum's rule, not a
      // missing permission): it is done right after, with nothing for the moderator to do.
      const waitsForUnlock =
        own && draft.kind !== 'lock' && draft.kind !== 'unlock' && needsHand(err) && this.lockedByDesk(runner);
      const byHand = needsHand(err) && !waitsForUnlock;
      const failed = this.savePosting(runner, trying, {
        attempts,
        fate: sure ? 'failed' : 'unknown',
        startedAt: now,
        firstStartedAt: trying.posting?.firstStartedAt ?? now,
        endedAt,
        error,
        nextAt: byHand || waitsForUnlock ? null : endedAt + (sure ? retryWaitMs(attempts) : SETTLE_MS),
        stopped: byHand,
        ...(byHand ? { byHand } : {}),
        ...(waitsForUnlock ? { waitsForUnlock } : {}),
      });
      if (waitsForUnlock) {
        this.d.log.info({ draft: draft.id, err: { message: error } }, 'edit waits for the unlock');
        return { outcome: 'waiting', draft: toRecord(failed) };
      }
      this.d.log.warn(
        { draft: draft.id, attempts, fate: failed.posting?.fate, err: { message: error } },
        'posting failed; will retry',
      );
      throw err;
    }
    return this.posted(runner, trying, receipt, null);
  }

  /**
   * A roster edit made after `draft` and already done: the opening post shows a newer roster, which an older edit
   * still waiting (for the unlock, or a retry) must never overwrite.
   */
  private newerRosterUp(runner: GameRunner, draft: StoredDraft): StoredDraft | null {
    const done = this.d.store.drafts.list(runner.id, 'posted');
    return done.find((d) => d.kind === 'roster-edit' && d.planAt > draft.planAt) ?? null;
  }

  private supersede(runner: GameRunner, draft: StoredDraft, by: StoredDraft): StoredDraft {
    const next = { ...draft, status: 'superseded' as const, supersededBy: by.id };
    return this.record(runner, draft, next, { actor: 'watch', action: 'draft.superseded', by: by.id });
  }

  /** Saves a change to a draft with its line in the audit log, in one transaction, and says it changed. */
  private record(
    runner: GameRunner,
    draft: StoredDraft,
    next: StoredDraft,
    audit: { actor: string; action: string; by?: string },
  ): StoredDraft {
    const at = this.now();
    const { actor, action, by } = audit;
    const saved = this.d.store.tx(() => {
      this.d.store.audit.append({
        at,
        gameId: runner.id,
        actor,
        action,
        detail: { draft: draft.id, ...(by ? { by } : {}) },
      });
      return this.d.store.drafts.save(next, at, draft);
    });
    this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId: draft.id });
    return saved;
  }

  /** Whether the thread is locked by moddesk: its last lock or unlock done is a lock. */
  private lockedByDesk(runner: GameRunner): boolean {
    let last: StoredDraft | null = null;
    for (const d of this.d.store.drafts.list(runner.id, 'posted'))
      if ((d.kind === 'lock' || d.kind === 'unlock') && (!last || (d.posted?.at ?? '') >= (last.posted?.at ?? '')))
        last = d;
    return last?.kind === 'lock';
  }

  /** Records the draft as posted (or ready to paste) with its receipt; `found`: an earlier try's post was found. */
  private posted(
    runner: GameRunner,
    draft: StoredDraft,
    receipt: { id: string | null; url: string | null },
    found: string | null,
  ): ApproveResult {
    const at = this.now();
    const saved = this.d.store.tx(() => {
      this.d.store.audit.append({
        at,
        gameId: runner.id,
        actor: 'watch',
        action: receipt.id ? 'draft.posted' : 'draft.copied',
        detail: { draft: draft.id, receipt, ...(found ? { found } : {}) },
      });
      return this.d.store.drafts.save({ ...draft, status: 'posted', posted: { ...receipt, at } }, at);
    });
    this.d.log.info({ draft: draft.id, posted: receipt.id }, receipt.id ? 'draft posted' : 'draft ready to paste');
    this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId: draft.id });
    return { outcome: receipt.id ? 'posted' : 'copy', draft: toRecord(saved) };
  }

  /** An unknown fate not settled yet: the next look is after the next whole read from `from` on. */
  private checking(runner: GameRunner, draft: StoredDraft, from: number): ApproveResult {
    const posting = draft.posting!;
    if (posting.fate === 'sending' || posting.nextAt !== from)
      draft = this.savePosting(runner, draft, { ...posting, fate: 'unknown', nextAt: from });
    return { outcome: 'waiting', draft: toRecord(draft) };
  }

  private savePosting(runner: GameRunner, draft: StoredDraft, posting: PostingState): StoredDraft {
    const at = this.now();
    const saved = this.d.store.tx(() => {
      if (posting.fate !== 'sending')
        this.d.store.audit.append({
          at,
          gameId: runner.id,
          actor: 'watch',
          action: 'draft.post-failed',
          detail: { draft: draft.id, attempts: posting.attempts, fate: posting.fate, error: posting.error },
        });
      return this.d.store.drafts.save({ ...draft, posting }, at);
    });
    this.d.emit({ type: 'draft.changed', gameId: runner.id, draftId: draft.id });
    return saved;
  }

  /** The moderator stops an approved draft's retries (nothing is tried until they approve it again). */
  stop(runner: GameRunner, draftId: string): DraftRecord {
    const draft = this.get(runner, draftId);
    if (draft.status !== 'approved' || !draft.posting)
      throw new ModdeskError('usage', `draft ${draftId} is not being retried; there is nothing to stop`);
    const next = { ...draft, posting: { ...draft.posting, stopped: true } };
    return toRecord(this.record(runner, draft, next, { actor: auditActor(), action: 'draft.retries-stopped' }));
  }

  /**
   * Posts every approved draft not posted yet, oldest first (after a restart, or approved by config), each when
   * its next try is due; one failing draft does not hold back the others (each failure is on its card). Returns
   * how many were posted.
   */
  async resume(runner: GameRunner): Promise<number> {
    let n = 0;
    for (const draft of this.d.store.drafts.list(runner.id, 'approved')) {
      try {
        if ((await this.approve(runner, draft.id, { auto: true })).outcome !== 'waiting') n += 1;
      } catch {
        // said by `post` (log, audit, the draft's card)
      }
    }
    return n;
  }
}

/** The number a count draft shows, as it shows it (`1.02` keeps its width); its stored number otherwise. */
export function countLabel(draft: StoredDraft): string | number | undefined {
  const read = countNumberOf(draft.text);
  return read ? String(read.n).padStart(read.width, '0') : (draft.number ?? undefined);
}
