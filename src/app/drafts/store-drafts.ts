import { OPENING_POST } from '../../domain/owned-block.js';
import { hasFlipPlaceholder } from '../../reporter/flip.js';
import { lineDiff } from '../../reporter/line-diff.js';
import type { FormatName } from '../../reporter/markup.js';
import type { StoredDraft } from '../../storage/draft-store.js';
import type { Store } from '../../storage/store.js';
import type { DeskEvent, DraftKind } from '../desk.js';
import { numberAtApproval } from './number-at-approval.js';
import { ROSTER_BLOCK } from './own-plan.js';
import type { PlannedDraft, PlanState } from './plan.js';
import { countDecision, reachesCounts } from './tidy.js';

/** One game's side of storing what the planner made: where and how its drafts are written. */
export interface DraftTarget {
  store: Store;
  gameId: string;
  format: FormatName;
  autoApprove: ReadonlySet<DraftKind>;
}

/**
 * Stores planned drafts (superseding and recounting as tidy.ts decides) and the planner's position, inside the
 * caller's transaction. Returns the drafts made; `events` gains what to say once the transaction is committed.
 */
export function storePlannedDrafts(
  t: DraftTarget,
  drafts: PlannedDraft[],
  state: PlanState,
  at: string,
  events: DeskEvent[],
): PlannedDraft[] {
  const { store, gameId } = t;
  const made: PlannedDraft[] = [];
  for (const d of drafts) {
    const counts = reachesCounts(d.kind) ? store.drafts.pendingCounts(gameId, d.phase) : [];
    const decision = countDecision(d, counts);
    if (decision.recountOf) {
      events.push(recountInstead(t, decision.recountOf, d, at));
      continue;
    }
    const created = store.drafts.create({
      gameId,
      id: d.id,
      kind: d.kind,
      phase: d.phase,
      number: d.number,
      format: t.format,
      text: d.text,
      to: d.to,
      throughPost: d.throughPost,
      planAt: d.at,
      idempotencyKey: `${gameId}-${d.id}`,
      createdAt: at,
      target: d.kind === 'roster-edit' ? { post: OPENING_POST, block: ROSTER_BLOCK } : null,
    });
    if (!created) continue;
    // One roster edit waits at a time: the newest says all the older ones would have.
    if (d.kind === 'roster-edit')
      for (const old of store.drafts.list(gameId, 'pending'))
        if (old.kind === 'roster-edit' && old.id !== d.id) events.push(supersede(t, old, d, at));
    made.push(d);
    store.audit.append({ at, gameId, actor: 'watch', action: 'draft.created', detail: { draft: d.id, kind: d.kind } });
    // A draft with a flip still to fill in waits for the moderator, whatever the config approves by itself (M3).
    if (t.autoApprove.has(d.kind) && !hasFlipPlaceholder(d.text)) {
      // Approved as it is made (no recount: nothing can have moved yet), so posting it survives a crash.
      const stored = store.drafts.get(gameId, d.id)!;
      const text = numberAtApproval(store, gameId, stored, stored.text);
      store.drafts.save({ ...stored, status: 'approved', text }, at);
      store.audit.append({
        at,
        gameId,
        actor: 'config',
        action: 'draft.approved',
        detail: { draft: d.id, auto: true },
      });
    }
    for (const old of decision.supersede) events.push(supersede(t, old, d, at));
  }
  store.games.savePlan(gameId, state);
  return made;
}

/** A newer vote count, or the day's end, makes an earlier pending count of the day obsolete (tidy.ts). */
function supersede(t: DraftTarget, old: StoredDraft, by: PlannedDraft, at: string): DeskEvent {
  const { store, gameId } = t;
  store.drafts.save({ ...old, status: 'superseded', supersededBy: by.id }, at, old);
  store.audit.append({
    at,
    gameId,
    actor: 'watch',
    action: 'draft.superseded',
    detail: { draft: old.id, by: by.id },
  });
  return { type: 'draft.changed', gameId, draftId: old.id };
}

/** The day's one pending count is the mod's edit: the new count becomes its recount, not a second card. */
function recountInstead(t: DraftTarget, edited: StoredDraft, count: PlannedDraft, at: string): DeskEvent {
  const { store, gameId } = t;
  const recount = { text: count.text, diff: lineDiff(edited.text, count.text) };
  store.drafts.save({ ...edited, recount }, at);
  store.audit.append({
    at,
    gameId,
    actor: 'watch',
    action: 'draft.recounted',
    detail: { draft: edited.id, count: count.id, diff: recount.diff },
  });
  return { type: 'draft.changed', gameId, draftId: edited.id };
}
