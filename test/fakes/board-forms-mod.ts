import { error, type FormsBoardState, form, page, type Session, session, words } from './board-forms.js';
import { bbcodeToHtml } from './board-phpbb.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import { escapeHtml } from './render/display.js';

/**
 * Editing one's own post and closing the thread on the XenForo 2 and vBulletin 4 fakes, as their documentation
 * and shipped phrases describe them (neither source is public to read; the rules are the documented ones):
 * - XenForo 2.2: `/posts/{id}/edit` (the `_xfToken` of the session; own posts, or `editAnyPost`; in a closed
 *   thread only who may lock: "You may not perform this action because the discussion is closed."); the thread's
 *   edit form `/threads/{slug}.{id}/edit` sets `discussion_open` (a checkbox, with `_xfSet[discussion_open]` so an
 *   unticked box means closed), shown with the box only to who may lock/unlock (`lockUnlockThread`); else
 *   "You do not have permission to view this page or perform this action." An edit is not flood-checked.
 * - vBulletin 4: `editpost.php?do=editpost&p=N` → `do=updatepost` with `securitytoken`; `postings.php` with
 *   `do=openclosethread&t=N` (thread tools), which TOGGLES the thread's state (so a client must read it first),
 *   for moderators with `canopenclose`; else the logged-in no_permission page ("Mod, you do not have permission
 *   to access this page. …"). An edit is not flood-checked.
 */
export interface FormsModOptions {
  /** Accounts that may edit any post and lock/unlock (forum moderators). */
  moderators?: string[];
  /** Accounts that may lock/unlock only (the thread starter's own permission on some boards). */
  lockers?: string[];
}

const XF = {
  noPermission: 'You do not have permission to view this page or perform this action.',
  closed: 'You may not perform this action because the discussion is closed.',
  saved: 'Your changes have been saved.',
};
const VB = {
  noPermission: (user: string) =>
    `${user}, you do not have permission to access this page. This could be due to one of several reasons:`,
  edited: 'Thank you for editing your post. You will now be taken back to your post.',
  toggled: (open: boolean) => `The thread has been ${open ? 'opened' : 'closed'}.`,
};

function mayLock(state: FormsBoardState, user: string): boolean {
  const m = state.opts.mod;
  return (m.moderators ?? []).includes(user) || (m.lockers ?? []).includes(user);
}

function sourceOf(state: FormsBoardState, id: number): string {
  const known = state.thread.sources.get(id);
  if (known !== undefined) return known;
  return state.thread
    .get(id)
    .html.replace(/<br\s*\/?>\n?/g, '\n')
    .replace(/<[^>]+>/g, '');
}

export function modRoute(state: FormsBoardState, req: FakeRequest): FakeResponse | null {
  const xf = state.engine === 'xenforo';
  const p = req.url.pathname;
  const q = req.url.searchParams;
  const postEdit = xf ? /^\/posts\/(\d+)\/edit$/.exec(p) : p === '/editpost.php' ? [p, q.get('p') ?? ''] : null;
  const threadEdit = xf ? /^\/threads\/[^/]+\/edit$/.test(p) : p === '/postings.php';
  if (!postEdit && !threadEdit) return null;
  const s = session(state, req);
  const w = words(state);
  if (!s.user) return page(state, s, error(state, w.needLogin));
  const f = new URLSearchParams(req.body);
  const moderator = (state.opts.mod.moderators ?? []).includes(s.user);
  const denied = () => {
    state.refusals.push('noPermission');
    return page(state, s, error(state, xf ? XF.noPermission : VB.noPermission(s.user!)), s.id);
  };
  const thread = state.thread;
  if (postEdit) {
    const id = Number(postEdit[1]);
    const post = thread.visible().find((x) => x.id === id);
    if (!post || (post.author !== s.user && !moderator)) return denied();
    if (xf && thread.locked && !mayLock(state, s.user)) return page(state, s, error(state, XF.closed));
    const action = xf ? `/posts/${id}/edit` : `editpost.php?do=updatepost&amp;p=${id}`;
    const show = () =>
      page(
        state,
        s,
        form(
          state,
          s,
          action,
          `<textarea name="message">${escapeHtml(sourceOf(state, id))}</textarea>${xf ? '' : `<input type="hidden" name="do" value="updatepost" /><input type="hidden" name="p" value="${id}" />`}`,
        ),
      );
    if (req.method === 'GET') return show();
    if (!state.tokenOk(s, f.get(w.tokenField))) {
      state.refusals.push('badToken');
      return page(state, s, error(state, w.badToken));
    }
    const text = f.get('message') ?? '';
    if (text !== sourceOf(state, id)) {
      thread.edit(id, bbcodeToHtml(text));
      thread.sources.set(id, text);
      state.modLog.push(`edit ${id}`);
      state.onModTaken?.();
    }
    return page(state, s, `<p>${xf ? XF.saved : VB.edited}</p>`);
  }
  if (!mayLock(state, s.user)) return denied();
  if (xf) {
    if (req.method === 'GET')
      return page(
        state,
        s,
        form(
          state,
          s,
          p,
          `<input type="text" name="title" value="Example Mafia Game" /><input type="checkbox" name="discussion_open" value="1"${thread.locked ? '' : ' checked="checked"'} /><input type="hidden" name="_xfSet[discussion_open]" value="1" />`,
        ),
      );
    if (!state.tokenOk(s, f.get(w.tokenField))) {
      state.refusals.push('badToken');
      return page(state, s, error(state, w.badToken));
    }
    if (f.has('_xfSet[discussion_open]')) {
      const open = f.get('discussion_open') === '1';
      if (thread.setLocked(!open)) state.modLog.push(open ? 'unlock' : 'lock');
      state.onModTaken?.();
    }
    return page(state, s, `<p>${XF.saved}</p>`);
  }
  if (req.method === 'GET')
    return page(
      state,
      s,
      form(
        state,
        s,
        'postings.php',
        `<input type="hidden" name="do" value="openclosethread" /><input type="hidden" name="t" value="${escapeHtml(q.get('t') ?? '')}" />`,
      ),
    );
  if (f.get('do') !== 'openclosethread') return null;
  if (!state.tokenOk(s, f.get(w.tokenField))) {
    state.refusals.push('badToken');
    return page(state, s, error(state, w.badToken));
  }
  // vBulletin toggles: whoever sends this twice opens what they closed.
  thread.setLocked(!thread.locked);
  state.modLog.push(thread.locked ? 'lock' : 'unlock');
  state.onModTaken?.();
  return page(state, s, `<p>${VB.toggled(!thread.locked)}</p>`);
}

export type { Session };
