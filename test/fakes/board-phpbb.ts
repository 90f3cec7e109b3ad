import { createHash, randomBytes } from 'node:crypto';
import { type PhpbbPmRules, type PhpbbSentPm, phpbbCompose } from './board-phpbb-compose.js';
import { type ModPermissions, modRoute } from './board-phpbb-mod.js';
import { phpbbPmPage } from './board-phpbb-pms.js';
import { FakeInbox } from './fake-inbox.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import type { FakeThread } from './fake-thread.js';
import { type ForumFake, html } from './forum-fake.js';
import { startPhpbbFake } from './phpbb-fake.js';
import { escapeHtml } from './render/display.js';

/**
 * A phpBB 3.3 board's login, reply and private-message forms on the fake, enforcing exactly the rules of
 * `phpbb/phpbb` branch 3.3.x (commit d46228d8): `add_form_key()` / `check_form_key()` in includes/functions.php
 * (token = sha1(creation_time . user_form_salt . form_name . token_sid), token_sid the session id for guests as
 * with the default `form_token_sid_guests`, refused when `time() - creation_time` is 0 or over
 * `form_token_lifetime`), the flood check and `topic_cur_post_id` post review in posting.php, and `min_post_chars`.
 * Error texts are the board's language/en strings.
 */
export interface PhpbbBoardOptions {
  users?: Record<string, string>;
  floodInterval?: number;
  formTokenLifetime?: number;
  ignoreFlood?: boolean;
  minPostChars?: number;
  /** Seconds on the board's clock (tests may move it). */
  now?: () => number;
  /** Each account's moderator permissions (board-phpbb-mod.ts); none by default. */
  permissions?: Record<string, ModPermissions>;
  /** `edit_time` in minutes (0: no limit): past it, only m_edit may edit. */
  editTime?: number;
  /** The accounts' time zone, in which PM pages print their dates; default America/New_York. */
  timeZone?: string;
}

export interface Session {
  sid: string;
  user: string | null;
}

export interface PhpbbBoard extends ForumFake {
  board: PhpbbBoardState;
}

export class PhpbbBoardState {
  readonly sessions = new Map<string, Session>();
  readonly salts = new Map<string, string>();
  readonly lastPost = new Map<string, number>();
  readonly sent: { from: string; to: string; subject: string; message: string }[] = [];
  /** Every refusal the board gave, by its language key. */
  readonly refusals: string[] = [];
  logins = 0;
  /** Called the moment the board has stored a post, before it answers (a test may kill the poster right there). */
  onPostTaken: (() => void) | null = null;
  /** Edits that changed a post, and lock or unlock requests that changed the topic, as the board logged them. */
  readonly modLog: string[] = [];
  /** confirm_box()'s one-time key, per account (`user_last_confirm_key`). */
  readonly confirmKeys = new Map<string, string>();
  /** Called the moment an edit or a lock is stored, before the board answers. */
  onModTaken: (() => void) | null = null;
  /** The accounts' private messages (board-phpbb-pms.ts serves them). */
  readonly inbox = new FakeInbox();
  /** Who may send and receive PMs, and the messages sent through the compose form (board-phpbb-compose.ts). */
  readonly pmRules: PhpbbPmRules = {
    members: null,
    refusePms: new Set(),
    mayNotSend: new Set(),
    staleTokenOnce: false,
  };
  readonly pmSent: PhpbbSentPm[] = [];
  readonly userIds = new Map<string, number>();
  constructor(
    readonly thread: FakeThread,
    readonly topicId: number,
    readonly opts: Required<PhpbbBoardOptions>,
  ) {}

  /** Ends every session (a board restart, or the session lifetime passing). */
  expireSessions(): void {
    this.sessions.clear();
  }

  now(): number {
    return this.opts.now();
  }

  salt(user: string | null): string {
    const key = user ?? '(guest)';
    if (!this.salts.has(key)) this.salts.set(key, randomBytes(8).toString('hex'));
    return this.salts.get(key)!;
  }

  /** add_form_key(): the hidden fields. */
  formKey(s: Session, form: string): string {
    const t = this.now();
    const token = sha1(`${t}${this.salt(s.user)}${form}${s.user ? '' : s.sid}`);
    return `<input type="hidden" name="creation_time" value="${t}" />\n<input type="hidden" name="form_token" value="${token}" />`;
  }

  /** check_form_key(): as in functions.php, whole seconds. */
  checkFormKey(s: Session, form: string, f: URLSearchParams): boolean {
    if (!f.has('creation_time') || !f.has('form_token')) return false;
    const created = Math.abs(Number.parseInt(f.get('creation_time') ?? '0', 10) || 0);
    const diff = this.now() - created;
    const span = this.opts.formTokenLifetime === -1 ? -1 : Math.max(30, this.opts.formTokenLifetime);
    if (!(diff !== 0 && (diff <= span || span === -1))) return false;
    return sha1(`${created}${this.salt(s.user)}${form}${s.user ? '' : s.sid}`) === f.get('form_token');
  }
}

function sha1(s: string): string {
  return createHash('sha1').update(s).digest('hex');
}

const L = {
  FORM_INVALID: 'The submitted form was invalid. Try submitting again.',
  FLOOD_ERROR: 'You cannot make another post so soon after your last.',
  LOGIN_ERROR_PASSWORD:
    'You have specified an incorrect password. Please check your password and try again. If you continue to have problems please contact the <a href="./memberlist.php?mode=contactadmin">Board Administrator</a>.',
  LOGIN_ERROR_USERNAME:
    'You have specified an incorrect username. Please check your username and try again. If you continue to have problems please contact the <a href="./memberlist.php?mode=contactadmin">Board Administrator</a>.',
  LOGIN_EXPLAIN_POST: 'In order to post in this forum you must be registered and logged in.',
  TOO_FEW_CHARS: 'Your message contains too few characters.',
  POST_STORED: 'This message has been posted successfully.',
  POST_REVIEW_EXPLAIN:
    'At least one new post has been made to this topic. You may wish to review your post in light of this.',
};

/** A fake phpBB 3.3 board: the topic's pages (phpbb-fake.ts) plus the forms. */
export async function startPhpbbBoard(
  thread: FakeThread,
  opts: PhpbbBoardOptions & { perPage?: number } = {},
): Promise<PhpbbBoard> {
  const topicId = 4242;
  const state = new PhpbbBoardState(thread, topicId, {
    users: opts.users ?? { Mod: 'correct horse' },
    floodInterval: opts.floodInterval ?? 15,
    formTokenLifetime: opts.formTokenLifetime ?? 7200,
    ignoreFlood: opts.ignoreFlood ?? false,
    minPostChars: opts.minPostChars ?? 1,
    now: opts.now ?? (() => Math.floor(Date.now() / 1000)),
    permissions: opts.permissions ?? {},
    editTime: opts.editTime ?? 0,
    timeZone: opts.timeZone ?? 'America/New_York',
  });
  const live = (req: FakeRequest) => route(state, req) ?? modRoute(state, req);
  const fake = await startPhpbbFake({ thread, topicId, perPage: opts.perPage ?? 10, live });
  return { ...fake, board: state };
}

export function page(s: Session, body: string): FakeResponse {
  const who = s.user
    ? `<a href="./ucp.php?mode=logout&amp;sid=${s.sid}">Logout [ ${escapeHtml(s.user)} ]</a>`
    : '<a href="./ucp.php?mode=login">Login</a>';
  const res =
    html(`<!DOCTYPE html><html><head><title>Board</title></head><body id="phpbb"><div class="navbar">${who}</div>
<div id="page-body">${body}</div></body></html>`);
  res.headers = { ...res.headers, 'set-cookie': `phpbb3_sid=${s.sid}; path=/; HttpOnly` };
  return res;
}

export function session(state: PhpbbBoardState, req: FakeRequest): Session {
  const sid = /(?:^|;\s*)phpbb3_sid=([a-f0-9]+)/.exec(req.headers.cookie ?? '')?.[1];
  const known = sid ? state.sessions.get(sid) : undefined;
  if (known) return known;
  const fresh = { sid: randomBytes(16).toString('hex'), user: null };
  state.sessions.set(fresh.sid, fresh);
  return fresh;
}

export function loginBox(state: PhpbbBoardState, s: Session, error = '', explain = ''): FakeResponse {
  return page(
    s,
    `<form action="./ucp.php?mode=login" method="post" id="login">${explain ? `<p>${explain}</p>` : ''}
${error ? `<div class="error">${error}</div>` : ''}
<input type="text" name="username" value="" /><input type="password" name="password" />
<input type="checkbox" name="autologin" id="autologin" /><input type="hidden" name="redirect" value="./index.php" />
<input type="hidden" name="sid" value="${s.sid}" />
${state.formKey(s, 'login')}
<input type="submit" name="login" value="Login" class="button1" /></form>`,
  );
}

function postingForm(state: PhpbbBoardState, s: Session, message = '', error = '', notice = ''): FakeResponse {
  const last = state.thread.visible().at(-1)?.id ?? 0;
  return page(
    s,
    `${notice ? `<h3>Post review</h3><p>${notice}</p>` : ''}<form id="postform" method="post" action="./posting.php?mode=reply&amp;f=7&amp;t=${state.topicId}">
${error ? `<p class="error">${error}</p>` : ''}
<input type="text" name="subject" value="Re: Example Game Thread" />
<textarea name="message" id="message">${escapeHtml(message)}</textarea>
<input type="checkbox" name="attach_sig" checked="checked" />
<input type="hidden" name="topic_cur_post_id" value="${last}" />
${state.formKey(s, 'posting')}
<input type="submit" name="preview" value="Preview" /><input type="submit" name="post" value="Submit" /></form>`,
  );
}

/** A tiny bbcode: what the sinks write ([size], [b], line breaks), escaped like phpBB's parser. */
export function bbcodeToHtml(text: string): string {
  return escapeHtml(text)
    .replace(/\[size=(\d+)\]([\s\S]*?)\[\/size\]/gi, '<span style="font-size: $1%; line-height: normal">$2</span>')
    .replace(/\[b\]([\s\S]*?)\[\/b\]/gi, '<strong class="text-strong">$1</strong>')
    .replace(/\r?\n/g, '<br>\n');
}

function route(state: PhpbbBoardState, req: FakeRequest): FakeResponse | null {
  const path = req.url.pathname;
  const q = req.url.searchParams;
  if (path !== '/ucp.php' && path !== '/posting.php' && path !== '/index.php') return null;
  const s = session(state, req);
  const f = new URLSearchParams(req.body);
  if (path === '/index.php') return page(s, '<p>Board index</p>');
  if (path === '/ucp.php' && q.get('mode') === 'login') {
    if (req.method === 'GET') return loginBox(state, s);
    if (!state.checkFormKey(s, 'login', f)) {
      state.refusals.push('FORM_INVALID');
      return loginBox(state, s, L.FORM_INVALID);
    }
    const user = f.get('username') ?? '';
    const password = state.opts.users[user];
    if (password === undefined) return loginBox(state, s, L.LOGIN_ERROR_USERNAME);
    if (password !== f.get('password')) {
      state.refusals.push('LOGIN_ERROR_PASSWORD');
      return loginBox(state, s, L.LOGIN_ERROR_PASSWORD);
    }
    state.sessions.delete(s.sid);
    const fresh = { sid: randomBytes(16).toString('hex'), user };
    state.sessions.set(fresh.sid, fresh);
    state.logins += 1;
    return {
      status: 302,
      body: '',
      headers: { location: './index.php', 'set-cookie': `phpbb3_sid=${fresh.sid}; path=/` },
    };
  }
  if (path === '/ucp.php' && q.get('i') === 'pm') {
    if (!s.user) return loginBox(state, s, '', 'You need to login to perform this action.');
    const pms = req.method === 'GET' ? phpbbPmPage(state.inbox, s.user, q, state.opts.timeZone) : null;
    if (pms !== null) return page(s, pms);
    return phpbbCompose(state, s, req);
  }
  if (path === '/posting.php' && q.get('mode') === 'reply' && q.get('t') === String(state.topicId)) {
    if (!s.user) return loginBox(state, s, '', L.LOGIN_EXPLAIN_POST);
    if (req.method === 'GET') return postingForm(state, s);
    const message = f.get('message') ?? '';
    const errors: string[] = [];
    const now = state.now();
    const last = state.lastPost.get(s.user) ?? 0;
    if (!state.opts.ignoreFlood && state.opts.floodInterval && last && now - last < state.opts.floodInterval) {
      errors.push(L.FLOOD_ERROR);
      state.refusals.push('FLOOD_ERROR');
    }
    if ([...message].length < state.opts.minPostChars) errors.push(L.TOO_FEW_CHARS);
    if (!state.checkFormKey(s, 'posting', f)) {
      errors.push(L.FORM_INVALID);
      state.refusals.push('FORM_INVALID');
    }
    if (errors.length > 0) return postingForm(state, s, message, errors.join('<br />'));
    const newest = state.thread.visible().at(-1)?.id ?? 0;
    if (Number(f.get('topic_cur_post_id') ?? 0) !== newest) {
      state.refusals.push('POST_REVIEW');
      return postingForm(state, s, message, '', L.POST_REVIEW_EXPLAIN);
    }
    const added = state.thread.add({ author: s.user, html: bbcodeToHtml(message), createdAt: Date.now() });
    state.thread.sources.set(added.id, message);
    state.lastPost.set(s.user, now);
    state.onPostTaken?.();
    return page(s, `<div id="message"><p>${L.POST_STORED}</p></div>`);
  }
  return null;
}
