import { replaceTags } from '../../domain/tags.js';
import { type BoardDialect, firstElementInner } from '../posting/board-dialect.js';

/** The first `.blockMessage--error` (or a form's `.formRow--error`) of a XenForo page, as text. */
function xfError(body: string): string | null {
  const inner = firstElementInner(body, /<div class="blockMessage blockMessage--error[^"]*"/, /<\/div>/g);
  return inner === null ? null : replaceTags(inner, '').trim() || null;
}

/**
 * XenForo 2's forms as documented: every form carries the `_xfToken` CSRF field ("timestamp,hash", refused with
 * "Security error occurred…" when missing or stale); `/login/login` takes `login` and `password`; a thread's reply
 * form is `/threads/{slug}.{id}/reply`, posting to `add-reply`; the flood check answers "You must wait at least N
 * seconds before performing this action." (`floodCheckLength`, default 60 s; staff often bypass it). PMs are
 * conversations: `/conversations/add` takes `recipients` (names, comma-separated), `title` (100 characters at most)
 * and `message` (bbcode; the rich editor sends `message_html` instead), refused in words for an unknown recipient,
 * one whose privacy settings forbid it, an account that may not start conversations, and within
 * `floodCheckLengthDiscussion` of the account's last conversation (XenForo 2.x's `XF\Pub\Controller\Conversation`
 * and `XF\Service\Conversation\Creator`, read in a public copy; the phrases are inferred from that code).
 * Editing one's post is `/posts/{id}/edit` (no flood check; in a closed thread only for who may lock); closing a
 * thread is its edit form's `discussion_open` box, shown to who has `lockUnlockThread`, else "You do not have permission to view this page
 * or perform this action." (test/fakes/board-forms-mod.ts).
 */
export const xenforoDialect: BoardDialect = {
  name: 'XenForo',
  loginUrl: (thread) => new URL('/login/', thread).href,
  login: { username: 'login', password: 'password', submit: { remember: '1' } },
  loggedIn: (body) => /data-logged-in="true"/.test(body),
  refusal: xfError,
  kind: (said) =>
    /must wait at least \d+ seconds/i.test(said)
      ? 'flood'
      : /security error occurred/i.test(said)
        ? 'form'
        : /must be logged.in|log in or register/i.test(said)
          ? 'login'
          : /do not have permission|discussion is closed/i.test(said)
            ? 'denied'
            : 'other',
  replyUrl: (thread) => new URL('reply', thread.endsWith('/') ? thread : `${thread}/`).href,
  message: 'message',
  submit: {},
  minFormAgeMs: 0,
  floodSeconds: 60,
  small: (line) => `[SIZE=2]${line}[/SIZE]`,
  edit: { url: (thread, postId) => new URL(`/posts/${encodeURIComponent(postId)}/edit`, thread).href, submit: {} },
  lock: {
    locked: (page) => /blockStatus-message--locked/.test(page),
    formUrl: (thread) => new URL('edit', thread.endsWith('/') ? thread : `${thread}/`).href,
    marker: '_xfSet[discussion_open]',
    action: () => null,
    // An unticked box sends nothing; `_xfSet` tells XenForo the box was on the form, so "0" and absent both close.
    fields: (lock) => ({ discussion_open: lock ? '0' : '1' }),
  },
  pm: {
    // Conversation::actionAdd() with `to` checks the one recipient first: unknown, oneself, privacy settings.
    composeUrl: (thread, to) => new URL(`/conversations/add?to=${encodeURIComponent(to)}`, thread).href,
    fields: (to, subject) => ({ recipients: to, title: subject }),
    // The account's conversations, the newest first (started ones among them): a PM just sent is on the first page.
    sentUrls: (thread) => [new URL('/conversations/', thread).href],
    denied:
      /requested user could not be found|recipients could not be found|may not start a conversation|do not have permission|valid recipient/i,
    subjectMax: 100,
  },
};
