import { replaceTags } from '../../domain/tags.js';
import { type BoardDialect, firstElementInner } from '../posting/board-dialect.js';

/**
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
    const inner = firstElementInner(body, /<(?:p|div) class="error">/, /<\/(?:p|div)>/g);
    return inner === null ? null : replaceTags(inner, '').trim() || null;
  },
  kind: (said) =>
    /so soon after your last/i.test(said)
      ? 'flood'
      : /submitted form was invalid/i.test(said)
        ? 'form'
        : /need to login|must be registered and logged in/i.test(said)
          ? 'login'
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
  pm: {
    composeUrl: (thread) => new URL('./ucp.php?i=pm&mode=compose', thread).href,
    addRecipient: (to) => ({ username_list: to, add_to: 'Add' }),
    fields: (_to, subject) => ({ subject }),
    sentUrl: (thread) => new URL('./ucp.php?i=pm&folder=sentbox', thread).href,
  },
};
