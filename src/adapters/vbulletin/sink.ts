import { replaceTags } from '../../domain/tags.js';
import { type BoardDialect, firstElementInner } from '../posting/board-dialect.js';

/** The error box of a vBulletin 4 page (`.standard_error .blockrow`, or the post form's `.blockrow.error`). */
function vbError(body: string): string | null {
  const inner = firstElementInner(body, /<div class="blockrow (?:restore|error)"/, /<\/div>/g);
  return inner === null ? null : replaceTags(inner, '').replace(/\s+/g, ' ').trim() || null;
}

/**
 * vBulletin 4's forms as documented: every form carries `securitytoken` ("guest" before logging in; refused with
 * "Your submission could not be processed because a security token was missing or has expired."), login is
 * `login.php?do=login` with `vb_login_username` / `vb_login_password`, a reply is `newreply.php?do=postreply&t=N`
 * with `message`, and the flood check answers "This forum requires that you wait 30 seconds between posts."
 * (`floodchecktime`, default 30 s). PMs: `private.php?do=insertpm` (`recipients` names separated by `;`, `title`,
 * `message`, `savecopy` for a copy in Sent Items, `private.php?folderid=-1`), refused in words for an unknown
 * recipient, one who receives no PMs, a full quota, and within `pmfloodtime` of the account's last PM unless a
 * moderator ("…wait N seconds between sending private messages. Please try again in M seconds."), as vBulletin 4's
 * private.php does (learnt from a Tapatalk plugin's public copy of its insertpm steps; the phrases are inferred).
 * vBulletin 3 has the same forms; vBulletin 5 posts through its AJAX API and is not supported here. Editing is
 * `editpost.php?do=editpost&p=N` → `do=updatepost` (no flood check); opening/closing is the thread tools'
 * `postings.php` `do=openclosethread`, which toggles, so the state is read first (form-own-actions.ts); a
 * logged-in account without the permission gets "NAME, you do not have permission to access this page."
 */
export const vbulletinDialect: BoardDialect = {
  name: 'vBulletin',
  loginUrl: (thread) => new URL('login.php?do=login', thread).href,
  login: { username: 'vb_login_username', password: 'vb_login_password', submit: { cookieuser: '1', do: 'login' } },
  loggedIn: (body) => /login\.php\?do=logout/.test(body),
  refusal: vbError,
  kind: (said) =>
    /\w, you do not have permission/i.test(said)
      ? 'denied'
      : /requires that you wait \d+ seconds between (?:posts|sending private messages)/i.test(said)
        ? 'flood'
        : /security token was missing or has expired/i.test(said)
          ? 'form'
          : /not logged in|do not have permission/i.test(said)
            ? 'login'
            : 'other',
  replyUrl: (thread) => {
    const t = new URL(thread).searchParams.get('t') ?? /\/(\d+)-/.exec(new URL(thread).pathname)?.[1] ?? '';
    return new URL(`newreply.php?do=newreply&t=${t}`, thread).href;
  },
  message: 'message',
  submit: { sbutton: 'Submit Reply' },
  minFormAgeMs: 0,
  floodSeconds: 30,
  small: (line) => `[SIZE=1]${line}[/SIZE]`,
  edit: {
    url: (thread, postId) => new URL(`editpost.php?do=editpost&p=${encodeURIComponent(postId)}`, thread).href,
    submit: {},
  },
  lock: {
    locked: (page) => /Thread Closed<\/span>/.test(page),
    formUrl: (thread) => {
      const t = new URL(thread).searchParams.get('t') ?? /\/(\d+)-/.exec(new URL(thread).pathname)?.[1] ?? '';
      return new URL(`postings.php?do=openclosethread&t=${t}`, thread).href;
    },
    marker: 'securitytoken',
    action: () => null,
    fields: () => ({}),
  },
  pm: {
    composeUrl: (thread) => new URL('private.php?do=newpm', thread).href,
    // `savecopy` keeps the author's copy in Sent Items, the list a retry searches: never sent without it.
    fields: (to, subject) => ({ recipients: to, title: subject, savecopy: '1', do: 'insertpm' }),
    sentUrls: (thread) => [new URL('private.php?folderid=-1', thread).href],
    denied: /users were not found|not to receive private messages|do not have permission|quota/i,
    subjectMax: 85,
  },
};
