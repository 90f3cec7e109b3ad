import { NotAllowed } from '../adapters/common/post-outcome.js';
import type { PostReceipt, ThreadSink } from '../adapters/types.js';
import type { StoredDraft } from '../domain/draft.js';
import { blockContent, type PostEdit } from '../domain/owned-block.js';

/**
 * An approved edit or lock draft carried out through the sink (issue 30 items 3, 4). The sink reads the post or
 * the thread first and sends nothing when it already shows the change, so this is safe to run again after any
 * failure or crash: an unknown fate is settled by that read, never by a second edit or lock. A platform or account
 * that cannot is `NotAllowed`: the desk stops and tells the moderator to do it by hand.
 */
export async function carryOut(sink: ThreadSink, draft: StoredDraft): Promise<PostReceipt> {
  if (draft.kind === 'lock' || draft.kind === 'unlock') {
    const lock = draft.kind === 'lock';
    if (!sink.setLocked)
      throw new NotAllowed('usage', `moddesk cannot ${draft.kind} threads on this platform: ${draft.kind} it by hand`);
    await sink.setLocked(lock);
    return { id: draft.kind, url: null };
  }
  const target = draft.target;
  if (!target) throw new NotAllowed('usage', `draft ${draft.id} does not say which post to edit: edit it by hand`);
  if (!sink.editPost)
    throw new NotAllowed('usage', 'moddesk cannot edit posts on this platform: paste the text into the post by hand');
  const edit: PostEdit = target.block
    ? { kind: 'block', name: target.block, content: blockContent(target.block, draft.text) }
    : { kind: 'replace', was: target.was ?? '', now: draft.text };
  const done = await sink.editPost(target.post, edit);
  return { id: done.id, url: done.url };
}
