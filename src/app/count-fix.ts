import type { StoredDraft } from '../domain/draft.js';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { correctedCount, countPart } from '../reporter/count-fix.js';
import { MARKUPS } from '../reporter/markup.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { buildVoteCountModel } from '../reporter/vote-count-model.js';
import type { Store } from '../storage/store.js';
import { auditActor } from './acting.js';
import type { Clock } from './clock.js';
import { countLabel } from './draft-actions.js';
import { postInfo } from './drafts/plan.js';
import type { GameRunner } from './game-runner.js';

/**
 * Issue 30 item 3b: a count moddesk posted, counted again at the instant it was posted with what the desk knows
 * now (a ruling since, an edit read since), drafted as an edit of that post for approval: the fresh count and its
 * "edited: …" line in place of the text that post holds (moddesk's own, found whole: a post changed by hand is
 * never overwritten). Null when the count still stands.
 */
export function draftCountFix(store: Store, clock: Clock, runner: GameRunner, countId: string): StoredDraft | null {
  const count = store.drafts.get(runner.id, countId);
  if (count?.kind !== 'vote-count' || count.status !== 'posted' || !count.posted?.id)
    throw new ModdeskError(
      'usage',
      `draft ${countId} is not a count moddesk posted; only such a count can be corrected`,
    );
  const fixes = store.drafts.list(runner.id).filter((d) => d.kind === 'count-fix' && d.target?.of === countId);
  const pending = fixes.find((d) => d.status === 'pending' || d.status === 'approved');
  if (pending) return pending;
  const lastFix = fixes.filter((d) => d.status === 'posted').at(-1);
  const holds = lastFix?.text ?? count.text;
  const at = Date.parse(count.posted.at);
  const ctx = runner.replayAt(at);
  if (ctx.day?.day !== count.phase) return null;
  const mk = MARKUPS[runner.format];
  const fresh = renderVoteCount(
    buildVoteCountModel(ctx, at, { posts: postInfo(runner.posts), number: countLabel(count) }),
    mk,
  );
  if (fresh.trim() === countPart(holds)) return null;
  const id = `fix-${countId}-${fixes.length + 1}`;
  const createdAt = formatInstant(clock.now());
  const text = correctedCount(countPart(holds), fresh, mk);
  store.tx(() => {
    store.drafts.create({
      gameId: runner.id,
      id,
      kind: 'count-fix',
      phase: count.phase,
      number: count.number,
      format: count.format,
      text,
      to: null,
      throughPost: count.throughPost,
      planAt: at,
      idempotencyKey: `${runner.id}-${id}`,
      createdAt,
      target: { post: count.posted!.id!, was: holds, of: countId },
    });
    store.audit.append({
      at: createdAt,
      gameId: runner.id,
      actor: auditActor(),
      action: 'draft.created',
      detail: { draft: id, kind: 'count-fix', of: countId },
    });
  });
  return store.drafts.get(runner.id, id);
}
