import { createHash, randomBytes } from 'node:crypto';
import { type FormsModOptions, modRoute } from './board-forms-mod.js';
import { type FormsPmRules, type FormsSentPm, formsPm } from './board-forms-pm.js';
import { formsPmPage } from './board-forms-pms.js';
import { bbcodeToHtml } from './board-phpbb.js';
import { FakeInbox } from './fake-inbox.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import type { FakeThread } from './fake-thread.js';
import { type ForumFake, html } from './forum-fake.js';
import { escapeHtml } from './render/display.js';
import { startVbulletinFake } from './vbulletin-fake.js';
import { startXenforoFake } from './xenforo-fake.js';

/**
 * XenForo 2 and vBulletin 4 login, reply and conversation/PM forms on the fakes, as their documentation describes
 * them: a CSRF token in every form (`_xfToken` "time,hash" / `securitytoken` "time-hash", "guest" for vB guests)
 * bound to the session and refused when missing, foreign or older than its lifetime; a flood interval per account;
 * sessions in cookies. Error texts are the engines' own phrases.
 */
export type Engine = 'xenforo' | 'vbulletin';

export interface FormsBoardOptions {
  users?: Record<string, string>;
  floodSeconds?: number;
  tokenLifetimeSeconds?: number;
  /** Who may edit others' posts and lock threads, and the edit time limit (board-forms-mod.ts). */
  mod?: FormsModOptions;
}

export interface Session {
  id: string;
  user: string | null;
}

export class FormsBoardState {
  readonly sessions = new Map<string, Session>();
  readonly lastPost = new Map<string, number>();
  readonly sent: { from: string; to: string; title: string; message: string }[] = [];
  readonly refusals: string[] = [];
  /** Who may send and receive PMs, the PM flood interval, and what was sent (board-forms-pm.ts). */
  readonly pmRules: FormsPmRules = {
    members: null,
    refusePms: new Set(),
    mayNotSend: new Set(),
    floodSeconds: 0,
    ignoreFlood: new Set(),
    staleTokenOnce: false,
  };
  readonly pmSent: FormsSentPm[] = [];
  logins = 0;
  /** Edits that changed a post and lock/unlock requests that changed the thread. */
  readonly modLog: string[] = [];
  /** Called the moment an edit or a lock is stored, before the board answers. */
  onModTaken: (() => void) | null = null;
  /** Called the moment the board has stored a post, before it answers (a test may kill the poster right there). */
  onPostTaken: (() => void) | null = null;
  /** The accounts' private messages (board-forms-pms.ts serves them). */
  readonly inbox = new FakeInbox();
  /** The accounts' time zone, in which PM pages print dates. */
  timeZone = 'America/New_York';
  constructor(
    readonly engine: Engine,
    readonly thread: FakeThread,
    readonly opts: Required<FormsBoardOptions>,
  ) {}
  expireSessions(): void {
    this.sessions.clear();
  }
  token(s: Session): string {
    if (this.engine === 'vbulletin' && !s.user) return 'guest';
    const t = Math.floor(Date.now() / 1000);
    const hash = createHash('sha1')
      .update(`${t}:${s.id}:${s.user ?? ''}`)
      .digest('hex');
    return this.engine === 'xenforo' ? `${t},${hash}` : `${t}-${hash}`;
  }
  tokenOk(s: Session, value: string | null): boolean {
    if (this.engine === 'vbulletin' && !s.user) return value === 'guest';
    const m = /^(\d+)[,-]([0-9a-f]{40})$/.exec(value ?? '');
    if (!m) return false;
    const t = Number(m[1]);
    if (Math.floor(Date.now() / 1000) - t > this.opts.tokenLifetimeSeconds) return false;
    return (
      createHash('sha1')
        .update(`${t}:${s.id}:${s.user ?? ''}`)
        .digest('hex') === m[2]
    );
  }
}

export interface FormsBoard extends ForumFake {
  board: FormsBoardState;
}

const XF = {
  cookie: 'xf_session',
  tokenField: '_xfToken',
  badToken: 'Security error occurred. Please press back, refresh the page, and try again.',
  badPassword: 'Incorrect password. Please try again.',
  flood: (n: number) => `You must wait at least ${n} seconds before performing this action.`,
  needLogin: 'You must be logged-in to do that.',
};
const VB = {
  cookie: 'bbsessionhash',
  tokenField: 'securitytoken',
  badToken:
    'Your submission could not be processed because a security token was missing or has expired. If this occurs unexpectedly, please inform the administrator and describe the action you performed before you received this error.',
  badPassword:
    "You have entered an invalid username or password. Please press the back button, enter the correct details and try again. Don't forget that the password is case sensitive.",
  flood: (n: number) =>
    `This forum requires that you wait ${n} seconds between posts. Please try again in ${n} seconds.`,
  needLogin: 'You are not logged in or you do not have permission to access this page.',
};

export async function startFormsBoard(
  engine: Engine,
  thread: FakeThread,
  opts: FormsBoardOptions = {},
): Promise<FormsBoard> {
  const state = new FormsBoardState(engine, thread, {
    users: opts.users ?? { Mod: 'correct horse' },
    floodSeconds: opts.floodSeconds ?? 0,
    tokenLifetimeSeconds: opts.tokenLifetimeSeconds ?? 86_400,
    mod: opts.mod ?? {},
  });
  const live = (req: FakeRequest) => route(state, req) ?? modRoute(state, req);
  const fake =
    engine === 'xenforo'
      ? await startXenforoFake({ thread, live })
      : await startVbulletinFake({ thread, version: 4, live });
  return { ...fake, board: state };
}

export function words(state: FormsBoardState) {
  return state.engine === 'xenforo' ? XF : VB;
}

export function session(state: FormsBoardState, req: FakeRequest): Session {
  const name = words(state).cookie;
  const id = new RegExp(`(?:^|;\\s*)${name}=([a-f0-9]+)`).exec(req.headers.cookie ?? '')?.[1];
  const known = id ? state.sessions.get(id) : undefined;
  if (known) return known;
  const fresh = { id: randomBytes(16).toString('hex'), user: null };
  state.sessions.set(fresh.id, fresh);
  return fresh;
}

export function page(state: FormsBoardState, s: Session, body: string, cookie = s.id): FakeResponse {
  const xf = state.engine === 'xenforo';
  const nav = s.user
    ? xf
      ? `<a href="/logout/?t=${state.token(s)}">Log out</a>`
      : `<a href="login.php?do=logout&amp;logouthash=${state.token(s)}">Log Out</a>`
    : '';
  const res = html(
    `<!DOCTYPE html><html${xf ? ` data-logged-in="${s.user ? 'true' : 'false'}"` : ''}><head><title>Board</title></head><body>${nav}${body}</body></html>`,
  );
  res.headers = { ...res.headers, 'set-cookie': `${words(state).cookie}=${cookie}; path=/; httponly` };
  return res;
}

export function error(state: FormsBoardState, text: string): string {
  return state.engine === 'xenforo'
    ? `<div class="blockMessage blockMessage--error blockMessage--iconic">${escapeHtml(text)}</div>`
    : `<div class="standard_error"><div class="blockrow restore">${escapeHtml(text)}</div></div>`;
}

export function form(state: FormsBoardState, s: Session, action: string, inner: string): string {
  return `<form action="${action}" method="post">${inner}<input type="hidden" name="${words(state).tokenField}" value="${state.token(s)}" /><input type="submit" value="Go" /></form>`;
}

function loginPage(state: FormsBoardState, s: Session, err = ''): FakeResponse {
  const xf = state.engine === 'xenforo';
  const fields = xf
    ? '<input type="text" name="login" /><input type="password" name="password" /><input type="checkbox" name="remember" value="1" /><input type="hidden" name="_xfRedirect" value="/" />'
    : '<input type="text" name="vb_login_username" /><input type="password" name="vb_login_password" /><input type="hidden" name="do" value="login" /><input type="hidden" name="s" value="" />';
  return page(
    state,
    s,
    (err ? error(state, err) : '') + form(state, s, xf ? '/login/login' : 'login.php?do=login', fields),
  );
}

function replyPage(state: FormsBoardState, s: Session, path: string): FakeResponse {
  const xf = state.engine === 'xenforo';
  const action = xf ? `${path.replace(/reply$/, '')}add-reply` : `newreply.php?do=postreply&amp;t=5150`;
  const fields = xf
    ? `<textarea name="message"></textarea><input type="hidden" name="last_date" value="${Math.floor(Date.now() / 1000)}" />`
    : '<textarea name="message"></textarea><input type="hidden" name="do" value="postreply" /><input type="hidden" name="t" value="5150" /><input type="hidden" name="posthash" value="abc" />';
  return page(state, s, form(state, s, action, fields));
}

function route(state: FormsBoardState, req: FakeRequest): FakeResponse | null {
  const xf = state.engine === 'xenforo';
  const p = req.url.pathname;
  const isLogin = xf ? p === '/login/' || p === '/login/login' : p === '/login.php';
  const isReply = xf ? /\/threads\/[^/]+\/(reply|add-reply)$/.test(p) : p === '/newreply.php';
  const isPm = xf ? p.startsWith('/conversations/') : p === '/private.php';
  if (!isLogin && !isReply && !isPm && p !== '/') return null;
  const s = session(state, req);
  const f = new URLSearchParams(req.body);
  const w = words(state);
  if (p === '/') return page(state, s, '<p>Forums</p>');
  if (isLogin) {
    if (req.method === 'GET') return loginPage(state, s);
    if (!state.tokenOk(s, f.get(w.tokenField))) return loginPage(state, s, w.badToken);
    const user = f.get(xf ? 'login' : 'vb_login_username') ?? '';
    if (
      state.opts.users[user] === undefined ||
      state.opts.users[user] !== f.get(xf ? 'password' : 'vb_login_password')
    ) {
      state.refusals.push('badPassword');
      return loginPage(state, s, w.badPassword);
    }
    state.sessions.delete(s.id);
    const fresh = { id: randomBytes(16).toString('hex'), user };
    state.sessions.set(fresh.id, fresh);
    state.logins += 1;
    return { status: 303, body: '', headers: { location: '/', 'set-cookie': `${w.cookie}=${fresh.id}; path=/` } };
  }
  if (!s.user) return page(state, s, error(state, w.needLogin) + loginPage(state, s).body);
  if (isPm) {
    // Reading (the inbox, conversations, a message) is board-forms-pms.ts; sending and Sent Items board-forms-pm.ts.
    const pms = formsPmPage(state.engine, state.inbox, s.user, req, state.timeZone);
    return pms !== null ? page(state, s, pms) : formsPm(state, s, req);
  }
  if (req.method === 'GET') return replyPage(state, s, p);
  if (!state.tokenOk(s, f.get(w.tokenField))) {
    state.refusals.push('badToken');
    return page(state, s, error(state, w.badToken));
  }
  const now = Date.now() / 1000;
  const last = state.lastPost.get(s.user) ?? 0;
  if (state.opts.floodSeconds > 0 && last && now - last < state.opts.floodSeconds) {
    state.refusals.push('flood');
    return page(state, s, error(state, w.flood(state.opts.floodSeconds)));
  }
  const added = state.thread.add({ author: s.user, html: bbcodeToHtml(f.get('message') ?? ''), createdAt: Date.now() });
  state.thread.sources.set(added.id, f.get('message') ?? '');
  state.lastPost.set(s.user, now);
  state.onPostTaken?.();
  return page(state, s, '<p>Thank you for posting!</p>');
}
