import { createHash, randomBytes } from 'node:crypto';
import { bbcodeToHtml, loginBox, type PhpbbBoardState, page, type Session, session } from './board-phpbb.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import { escapeHtml } from './render/display.js';

/**
 * Editing one's own post and locking the topic on the fake phpBB 3.3 board, with the rules of `phpbb/phpbb` branch
 * 3.3.x (commit d46228d8) — learnt from the source, not copied:
 * - posting.php `mode=edit&p=N`: f_edit or m_edit; another's post, or `edit_time` minutes after posting, or a
 *   locked topic, only with m_edit (USER_CANNOT_EDIT, CANNOT_EDIT_TIME, TOPIC_LOCKED); the form carries the
 *   `posting` form key (check_form_key, includes/functions.php) and `edit_post_message_checksum`, and a post
 *   changed since the form was served is shown again for review (POST_REVIEW_EDIT_EXPLAIN), not saved; the flood
 *   interval does not apply to an edit (`$mode != 'edit'`); an unchanged message updates nothing.
 * - mcp.php `quickmod=1&action=lock|unlock&t=N` (includes/mcp/mcp_main.php lock_unlock): m_lock, or f_user_lock
 *   to lock (never unlock) one's own topic, else NOT_AUTHORISED with HTTP 403 (mcp.php); confirm_box()
 *   (includes/functions.php) shows a form with `confirm_uid`, `sess` and a one-time `confirm_key` in its action,
 *   and acts only on `confirm=Yes` with all three matching the user, the session and `user_last_confirm_key`;
 *   a wrong key redirects to the topic having done nothing.
 * Texts are language/en (common.php, posting.php, mcp.php).
 */
export interface ModPermissions {
  m_edit?: boolean;
  m_lock?: boolean;
  f_user_lock?: boolean;
}

const L = {
  NO_POST: 'The requested post does not exist.',
  USER_CANNOT_EDIT: 'You cannot edit posts in this forum.',
  CANNOT_EDIT_TIME: 'You can no longer edit or delete that post.',
  TOPIC_LOCKED: 'This topic is locked, you cannot edit posts or make further replies.',
  NOT_AUTHORISED: 'You are not authorised to access this area.',
  FORM_INVALID: 'The submitted form was invalid. Try submitting again.',
  POST_EDITED: 'This post has been edited successfully.',
  POST_REVIEW_EDIT_EXPLAIN:
    'This post has been altered by another user while you were editing it. You may wish to review the current version of this post and adjust your edits.',
  LOCK_TOPIC_CONFIRM: 'Are you sure you want to lock this topic?',
  UNLOCK_TOPIC_CONFIRM: 'Are you sure you want to unlock this topic?',
  TOPIC_LOCKED_SUCCESS: 'The selected topic has been locked.',
  TOPIC_UNLOCKED_SUCCESS: 'The selected topic has been unlocked.',
  LOGIN_EXPLAIN_MCP: 'You need to login to perform this action.',
};

/** trigger_error()'s page (prosilver message_body.html). */
function message(s: Session, text: string, status = 200): FakeResponse {
  const res = page(
    s,
    `<div class="panel" id="message"><div class="inner"><h2 class="message-title">Information</h2><p>${text}</p></div></div>`,
  );
  return { ...res, status };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** What the fake keeps as a post's source: what was posted through a form, else its text. */
export function sourceOf(state: PhpbbBoardState, id: number): string {
  const known = state.thread.sources.get(id);
  if (known !== undefined) return known;
  return state.thread
    .get(id)
    .html.replace(/<br\s*\/?>\n?/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

function editForm(state: PhpbbBoardState, s: Session, id: number, error = '', notice = ''): FakeResponse {
  const source = sourceOf(state, id);
  return page(
    s,
    `${notice ? `<h3>Post review</h3><p>${notice}</p>` : ''}<form id="postform" method="post" action="./posting.php?mode=edit&amp;f=7&amp;p=${id}">
${error ? `<p class="error">${error}</p>` : ''}
<input type="text" name="subject" value="Re: Example Game Thread" />
<textarea name="message" id="message">${escapeHtml(source)}</textarea>
<input type="text" name="edit_reason" value="" />
<input type="hidden" name="edit_post_message_checksum" value="${md5(source)}" />
<input type="hidden" name="edit_post_subject_checksum" value="${md5('Re: Example Game Thread')}" />
${state.formKey(s, 'posting')}
<input type="submit" name="preview" value="Preview" /><input type="submit" name="post" value="Submit" /></form>`,
  );
}

export function modRoute(state: PhpbbBoardState, req: FakeRequest): FakeResponse | null {
  const path = req.url.pathname;
  const q = req.url.searchParams;
  const isEdit = path === '/posting.php' && q.get('mode') === 'edit';
  const isMcp = path === '/mcp.php' && q.get('quickmod') === '1';
  if (!isEdit && !isMcp) return null;
  const s = session(state, req);
  const f = new URLSearchParams(req.body);
  if (!s.user) return loginBox(state, s, '', L.LOGIN_EXPLAIN_MCP);
  const perms = state.opts.permissions[s.user] ?? {};
  const thread = state.thread;
  if (isEdit) {
    const id = Number(q.get('p'));
    const post = thread.visible().find((p) => p.id === id);
    if (!post) return message(s, L.NO_POST);
    if (!perms.m_edit) {
      if (thread.locked) return message(s, L.TOPIC_LOCKED);
      if (post.author !== s.user) return message(s, L.USER_CANNOT_EDIT);
      const editTime = state.opts.editTime;
      if (editTime && post.createdAt <= Date.now() - editTime * 60_000) return message(s, L.CANNOT_EDIT_TIME);
    }
    if (req.method === 'GET') return editForm(state, s, id);
    const text = f.get('message') ?? '';
    if (!state.checkFormKey(s, 'posting', f)) {
      state.refusals.push('FORM_INVALID');
      return editForm(state, s, id, L.FORM_INVALID);
    }
    const now = sourceOf(state, id);
    if (f.get('edit_post_message_checksum') !== md5(now)) {
      state.refusals.push('POST_REVIEW_EDIT');
      return editForm(state, s, id, '', L.POST_REVIEW_EDIT_EXPLAIN);
    }
    if (text !== now) {
      thread.edit(id, bbcodeToHtml(text));
      thread.sources.set(id, text);
      state.modLog.push(`edit ${id}`);
      state.onModTaken?.();
    }
    return message(
      s,
      `${L.POST_EDITED}<br /><br /><a href="./viewtopic.php?p=${id}#p${id}">View your submitted message</a>`,
    );
  }
  const action = q.get('action') ?? f.get('action') ?? '';
  if (q.get('t') !== String(state.topicId) || (action !== 'lock' && action !== 'unlock')) return null;
  const starter = thread.posts[0]?.author;
  const may = perms.m_lock || (action === 'lock' && perms.f_user_lock && starter === s.user);
  if (!may) {
    state.refusals.push('NOT_AUTHORISED');
    return message(s, L.NOT_AUTHORISED, 403);
  }
  const key = q.get('confirm_key');
  if (req.method === 'POST' && f.get('confirm') === 'Yes') {
    const expected = state.confirmKeys.get(s.user);
    const ok = f.get('confirm_uid') === s.user && f.get('sess') === s.sid && key && expected && key === expected;
    if (!ok) {
      state.refusals.push('CONFIRM_KEY');
      return { status: 302, body: '', headers: { location: `./viewtopic.php?f=7&t=${state.topicId}` } };
    }
    state.confirmKeys.set(s.user, '');
    if (thread.setLocked(action === 'lock')) state.modLog.push(action);
    state.onModTaken?.();
    return message(s, action === 'lock' ? L.TOPIC_LOCKED_SUCCESS : L.TOPIC_UNLOCKED_SUCCESS);
  }
  if (key) return { status: 302, body: '', headers: { location: `./viewtopic.php?f=7&t=${state.topicId}` } };
  const fresh = randomBytes(5).toString('hex');
  state.confirmKeys.set(s.user, fresh);
  const hidden = [
    ['topic_id_list[0]', String(state.topicId)],
    ['action', action],
    ['redirect', `./viewtopic.php?f=7&t=${state.topicId}`],
    ['confirm_uid', s.user],
    ['sess', s.sid],
    ['sid', s.sid],
  ]
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v!)}" />`)
    .join('');
  return page(
    s,
    `<form id="confirm" action="./mcp.php?f=7&amp;t=${state.topicId}&amp;quickmod=1&amp;action=${action}&amp;confirm_key=${fresh}" method="post"><div class="panel"><div class="inner">
<h2 class="message-title">${action === 'lock' ? 'Lock topic' : 'Unlock topic'}</h2><p>${action === 'lock' ? L.LOCK_TOPIC_CONFIRM : L.UNLOCK_TOPIC_CONFIRM}</p>
<fieldset class="submit-buttons">${hidden}<input type="submit" name="confirm" value="Yes" class="button2" />&nbsp;<input type="submit" name="cancel" value="No" class="button2" /></fieldset></div></div></form>`,
  );
}
