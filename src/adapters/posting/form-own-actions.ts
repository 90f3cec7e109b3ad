import { ModdeskError, quote } from '../../domain/errors.js';
import { OPENING_POST, type PostEdit, planEdit } from '../../domain/owned-block.js';
import { NotAllowed } from '../common/post-outcome.js';
import { statusWords } from '../http/status-words.js';
import type { EditReceipt } from '../types.js';
import type { BoardActor } from './board-actor.js';
import type { BoardResponse } from './board-session.js';
import { Refused } from './refused.js';

/**
 * Editing the moderator's own post and locking the thread through a board's forms (issue 30 items 3, 4). Both set
 * a state rather than add something, and both read that state before and after sending: an edit or a lock the
 * board already shows is not sent again, so a retry, a refused form or a restart after kill -9 never edits or
 * locks twice. Refusals are retried as posting retries them (form-sink.ts `attempt`); a board saying the account
 * may not is `NotAllowed`, said in words for the moderator to do it by hand.
 */
export async function editWithForms(sink: BoardActor, postId: string, edit: PostEdit): Promise<EditReceipt> {
  const { dialect } = sink;
  if (!dialect.edit)
    throw new NotAllowed('usage', `moddesk cannot edit posts on ${dialect.name}: paste the text into the post by hand`);
  const id = postId === OPENING_POST ? await openingPostId(sink) : postId;
  const url = dialect.edit.url(sink.thread, id);
  let sent = false;
  return sink.attempt('edit', async () => {
    const form = await sink.formAt(url, dialect.message);
    const plan = planEdit(form.fields[dialect.message] ?? '', edit);
    if (plan.outcome === 'done') return { id, url: null, changed: sent };
    if (plan.outcome === 'missing') throw new NotAllowed('usage', `post ${id}: ${plan.why}`, { place: url });
    const res = await sink.submit(form, { [dialect.message]: plan.source, ...dialect.edit!.submit });
    refusedBy(sink, res);
    sent = true;
    // Not trusted until the form shows it: the next turn reads the post back.
    return null;
  });
}

/** The thread's first post on its first page. */
async function openingPostId(sink: BoardActor): Promise<string> {
  const res = sink.answered(await sink.session.get(sink.engine.pageUrl(sink.thread, 1, null)));
  const page = sink.engine.parsePage(res.body, { pageUrl: res.url, timeZone: 'UTC', now: sink.opts.now() });
  const first = page.entries[0]?.toPost();
  if (!first) throw new ModdeskError('http', `no opening post on ${res.url}`);
  return first.id;
}

export async function lockWithForms(sink: BoardActor, locked: boolean): Promise<{ changed: boolean }> {
  const { dialect } = sink;
  const lock = dialect.lock;
  if (!lock)
    throw new NotAllowed(
      'usage',
      `moddesk cannot ${locked ? 'lock' : 'unlock'} threads on ${dialect.name}: do it by hand`,
    );
  let sent = false;
  return sink.attempt(locked ? 'lock' : 'unlock', async () => {
    const page = sink.answered(await sink.session.get(sink.engine.pageUrl(sink.thread, 1, null)));
    if (lock.locked(page.body) === locked) return { changed: sent };
    const form = await sink.formAt(lock.formUrl(sink.thread, locked), lock.marker);
    const action = lock.action(sink.thread, locked);
    const res = await sink.submit(action ? { ...form, action } : form, lock.fields(locked));
    refusedBy(sink, res);
    sent = true;
    return null;
  });
}

/** The board's answer to a sent form: a refusal in words, a flood, a 5xx (which may have done it: not a refusal). */
function refusedBy(sink: BoardActor, res: BoardResponse): void {
  if (res.status >= 500) throw new ModdeskError('http', `${sink.dialect.name} answered ${statusWords(res.status)}`);
  if (res.status === 429) throw new Refused('flood', `the board answered ${statusWords(429)}`);
  const said = sink.dialect.refusal(res.body);
  if (said) throw new Refused(sink.dialect.kind(said), quote(said, 200));
}
