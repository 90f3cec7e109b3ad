import { replaceTags } from '../../domain/tags.js';
import { type BoardDialect, firstElementInner } from '../posting/board-dialect.js';

/**
 * What phpBB 3.3 says through trigger_error() (language/en: NOT_AUTHORISED, USER_CANNOT_EDIT, CANNOT_EDIT_TIME,
 * CANNOT_EDIT_POST_LOCKED, TOPIC_LOCKED): the account may not, and asking again will not change that.
 */
const DENIED =
  /not authorised to access this area|cannot edit posts in this forum|no longer edit or delete|post has been locked|topic is locked/i;

/** The text of trigger_error()'s message box (prosilver message_body.html), unless it says the action was done. */
function notice(body: string): string | null {
  const inner = firstElementInner(body, /<div class="panel" id="message"/, /<\/p>/g);
  if (inner === null) return null;
  const text = replaceTags(inner, ' ').replace(/^\s*Information\s*/, '');
  return /successfully|has been (?:un)?locked/i.test(text) ? null : text;
}

/**
 * Editing (posting.php?mode=edit&p=N, the same `posting` form key, no flood check for an edit, refused past
 * `edit_time` unless the account has m_edit, and refused in a locked topic without m_edit) and locking
 * (mcp.php quickmod `action=lock|unlock`, which asks confirm_box(): a form with `confirm_uid`, `sess` and a
 * one-time `confirm_key`, sent back with `confirm=Yes`; m_lock, or f_user_lock to lock one's own topic but never
 * to unlock it; "You are not authorised to access this area." otherwise), as posting.php, includes/functions.php
 * confirm_box() and includes/mcp/mcp_main.php lock_unlock() do on branch 3.3.x (commit d46228d8).
 *
 * phpBB 3.3's forms, as `phpbb/phpbb` (branch 3.3.x) writes and checks them: `add_form_key()` puts `creation_time`
 * and `form_token = sha1(creation_time . user_form_salt . form_name)` in every form, and `check_form_key()` takes it
 * only when `time() - creation_time` is neither 0 (the same second: "not a human") nor past `form_token_lifetime`
 * (default 7200 s). posting.php refuses a reply within `flood_interval` (default 15 s) of the account's last post
 * unless the account may ignore flood, and re-shows the form without posting when a post arrived since it was
 * served (`topic_cur_post_id`). Logging in is ucp.php?mode=login with the `login` form key.
 */
export const phpbbDialect: BoardDialect = {
  name: 'phpBB',
  loginUrl: (thread) => new URL('./ucp.php?mode=login', thread).href,
  login: { username: 'username', password: 'password', submit: { login: 'Login' } },
  loggedIn: (body) => /ucp\.php\?mode=logout/.test(body),
  refusal: (body) => {
    const inner = firstElementInner(body, /<(?:p|div) class="error">/, /<\/(?:p|div)>/g) ?? notice(body);
    return inner === null ? null : replaceTags(inner, '').trim() || null;
  },
  kind: (said) =>
    /so soon after your last/i.test(said)
      ? 'flood'
      : /submitted form was invalid/i.test(said)
        ? 'form'
        : /need to login|must be registered and logged in/i.test(said)
          ? 'login'
          : DENIED.test(said)
            ? 'denied'
            : 'other',
  replyUrl: (thread) => {
    const u = new URL(thread);
    const q = new URLSearchParams({ mode: 'reply', t: u.searchParams.get('t') ?? '' });
    if (u.searchParams.get('f')) q.set('f', u.searchParams.get('f')!);
    return new URL(`./posting.php?${q}`, thread).href;
  },
  message: 'message',
  submit: { post: 'Submit' },
  // check_form_key() counts whole seconds: a form sent back 1.1 s after it arrived is never "the same second".
  minFormAgeMs: 1100,
  floodSeconds: 15,
  small: (line) => `[size=85]${line}[/size]`,
  edit: {
    url: (thread, postId) => new URL(`./posting.php?mode=edit&p=${encodeURIComponent(postId)}`, thread).href,
    submit: { post: 'Submit' },
  },
  lock: {
    // viewtopic_body.html: the reply button's title is TOPIC_LOCKED when the topic is locked.
    locked: (page) => /class="button" title="This topic is locked/.test(page),
    formUrl: (thread, lock) => {
      const u = new URL(thread);
      const q = new URLSearchParams({ f: u.searchParams.get('f') ?? '', t: u.searchParams.get('t') ?? '' });
      q.set('quickmod', '1');
      q.set('action', lock ? 'lock' : 'unlock');
      return new URL(`./mcp.php?${q}`, thread).href;
    },
    marker: 'confirm_uid',
    action: () => null,
    fields: () => ({ confirm: 'Yes' }),
  },
  pm: {
    composeUrl: (thread) => new URL('./ucp.php?i=pm&mode=compose', thread).href,
    // handle_message_list_actions(): a name in `username_list` only adds the recipient (the form comes back with
    // `address_list[u][id]=to` and a fresh form key); the message goes with the second submit.
    addRecipient: (to) => ({ username_list: to, add_to: 'Add' }),
    fields: (_to, subject) => ({ subject }),
    // submit_pm() files the author's copy in the outbox until the recipient's folders are placed, then in "Sent
    // messages" (functions_privmsgs.php place_pm_into_folder): both are searched.
    sentUrls: (thread) => [
      new URL('./ucp.php?i=pm&folder=outbox', thread).href,
      new URL('./ucp.php?i=pm&folder=sentbox', thread).href,
    ],
    // NO_AUTH_SEND_MESSAGE, PM_NO_USERS, PM_USERS_REMOVED_NO_PM, PM_USERS_REMOVED_NO_PERMISSION (language/en).
    denied:
      /not authorised to send private messages|users to be added do not exist|couldn.t be added as they|No recipient defined/i,
    subjectMax: 120,
  },
};
