export type RefusalKind = 'flood' | 'form' | 'login' | 'denied' | 'other';

/** What one forum engine's forms look like; the steps are the same everywhere (form-sink.ts). */
export interface BoardDialect {
  readonly name: string;
  /** The login page (its form holds the password box `fields.password`). */
  loginUrl(thread: string): string;
  readonly login: { username: string; password: string; submit: Record<string, string> };
  /** The page is served to a logged-in account (it has a log-out link). */
  loggedIn(body: string): boolean;
  /** The board's own words when it refuses a login, a post or a message; null when the page shows none. */
  refusal(body: string): string | null;
  /**
   * What a refusal means: wait out the flood interval, fetch a fresh form, log in again, give up, or give up and
   * tell the moderator the account may not do it (`denied`: no permission, the edit time is over).
   */
  kind(refusal: string): RefusalKind;
  /** The reply form of the thread. */
  replyUrl(thread: string): string;
  readonly message: string;
  readonly submit: Record<string, string>;
  /** How long after a form arrived it may be sent back (phpBB refuses a form token from the same second). */
  readonly minFormAgeMs: number;
  /** The board's default least gap between two posts of one account. */
  readonly floodSeconds: number;
  /** The idempotency line in the board's markup (bbcode), small. */
  small(line: string): string;
  /** Editing one's own post: the edit form of post `id` (its message box holds the post's source). */
  readonly edit?: { url(thread: string, postId: string): string; submit: Record<string, string> };
  /**
   * Locking the thread: whether a page of the thread shows it locked; the page whose form (holding field `marker`)
   * carries the tokens; where the request goes (null: that form's action) and what it sends over the form's fields.
   */
  readonly lock?: {
    locked(threadPage: string): boolean;
    formUrl(thread: string, lock: boolean): string;
    marker: string;
    action(thread: string, lock: boolean): string | null;
    fields(lock: boolean): Record<string, string>;
  };
  /** Private messages (posting/form-message.ts). */
  readonly pm?: {
    /** The compose form (XenForo checks the recipient when it is named in the address). */
    composeUrl(thread: string, to: string): string;
    fields(to: string, subject: string): Record<string, string>;
    /** Two-step forms (phpBB adds recipients first): the fields that add `to`, sent before the message. */
    addRecipient?(to: string): Record<string, string>;
    /** The lists of the account's sent messages, searched for the key before a send and after an unknown fate. */
    sentUrls(thread: string): string[];
    /** The board's words that this message cannot go (no permission, recipient unknown or refusing PMs). */
    denied: RegExp;
    /** The longest subject the board keeps. */
    subjectMax: number;
  };
}

/**
 * The markup inside the first element that `open` starts (up to the `>` ending that tag) and `close` (global)
 * ends, as `/open[^>]*>([\s\S]*?)close/` read it, in one pass: when the first opening has no end, no later one
 * has, so no later opening is tried.
 */
export function firstElementInner(body: string, open: RegExp, close: RegExp): string | null {
  const m = open.exec(body);
  if (!m) return null;
  const start = body.indexOf('>', m.index + m[0].length - 1) + 1;
  if (start === 0) return null;
  close.lastIndex = start;
  const end = close.exec(body);
  return end ? body.slice(start, end.index) : null;
}
