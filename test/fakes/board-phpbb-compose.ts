import { bbcodeToHtml, type PhpbbBoardState, page, type Session } from './board-phpbb.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import { escapeHtml } from './render/display.js';

/**
 * Sending a private message on the fake phpBB 3.3 board, with the rules of `phpbb/phpbb` branch 3.3.x (commit
 * d46228d8) — learnt from the source, not copied:
 * - includes/ucp/ucp_pm_compose.php compose_pm(): `u_sendpm` or trigger_error(NO_AUTH_SEND_MESSAGE); every request
 *   calls add_form_key('ucp_pm_compose'), and only a submit or preview is checked (FORM_INVALID); a request with
 *   `add_to`, or a name in `username_list` without it, is a refresh that only adds recipients (never sends), the
 *   form coming back with `address_list[u][ID]=to`; a submit is refused within `flood_interval` of the account's
 *   `user_lastpost_time` (shared with posts) unless `u_ignoreflood` (FLOOD_ERROR), with an empty subject
 *   (EMPTY_MESSAGE_SUBJECT) or no recipient (NO_RECIPIENT); a sent message answers MESSAGE_STORED.
 * - handle_message_list_actions(): an unknown name adds nobody (PM_NO_USERS); a recipient with `user_allow_pm` 0 is
 *   dropped (PM_USERS_REMOVED_NO_PM) unless the sender has a_ or m_ permissions.
 * - includes/functions_privmsgs.php submit_pm(): the author's copy goes to the outbox (folder -2) and the author's
 *   `user_lastpost_time` is set; place_pm_into_folder() moves it to "Sent messages" (-1) once the recipient's
 *   folders are placed (`placeFolders` here).
 * Texts are language/en (ucp.php, posting.php, common.php).
 */
export interface PhpbbPmRules {
  /** The board's members; null: every name is one. */
  members: Set<string> | null;
  /** Members with `user_allow_pm` 0. */
  refusePms: Set<string>;
  /** Accounts without `u_sendpm`. */
  mayNotSend: Set<string>;
  /** The next submit's form key is past `form_token_lifetime` (the form sat open too long), once. */
  staleTokenOnce: boolean;
}

export interface PhpbbSentPm {
  id: number;
  from: string;
  to: string;
  subject: string;
  message: string;
  folder: 'outbox' | 'sentbox';
}

const L = {
  NO_AUTH_SEND_MESSAGE: 'You are not authorised to send private messages.',
  PM_NO_USERS: 'The requested users to be added do not exist.',
  PM_USERS_REMOVED_NO_PM: 'Some users couldn’t be added as they have disabled private message receipt.',
  FORM_INVALID: 'The submitted form was invalid. Try submitting again.',
  FLOOD_ERROR: 'You cannot make another post so soon after your last.',
  EMPTY_MESSAGE_SUBJECT: 'You must specify a subject when composing a new message.',
  NO_RECIPIENT: 'No recipient defined.',
  MESSAGE_STORED: 'This message has been sent successfully.',
};

/** A member's user id, stable for the board's life (the address list carries ids, not names). */
function userId(state: PhpbbBoardState, name: string): number {
  const known = [...state.userIds.entries()].find(([n]) => n.toLowerCase() === name.toLowerCase());
  if (known) return known[1];
  const id = 50 + state.userIds.size;
  state.userIds.set(name, id);
  return id;
}

function nameOf(state: PhpbbBoardState, id: number): string | null {
  return [...state.userIds.entries()].find(([, i]) => i === id)?.[0] ?? null;
}

function isMember(state: PhpbbBoardState, name: string): boolean {
  const m = state.pmRules.members;
  return m === null || [...m].some((x) => x.toLowerCase() === name.toLowerCase());
}

/** trigger_error()'s page (prosilver message_body.html). */
function message(s: Session, text: string): FakeResponse {
  return page(
    s,
    `<div class="panel" id="message"><div class="inner"><h2 class="message-title">Information</h2><p>${text}</p></div></div>`,
  );
}

function composeForm(
  state: PhpbbBoardState,
  s: Session,
  to: number[],
  fields: { subject?: string; message?: string } = {},
  errors: string[] = [],
): FakeResponse {
  const recipients = to
    .map(
      (id) =>
        `<li><a href="./memberlist.php?mode=viewprofile&amp;u=${id}" class="username">${escapeHtml(nameOf(state, id) ?? '')}</a><input type="hidden" name="address_list[u][${id}]" value="to" /></li>`,
    )
    .join('');
  return page(
    s,
    `<form id="postform" method="post" action="./ucp.php?i=pm&amp;mode=compose&amp;action=post&amp;sid=${s.sid}">
${errors.length ? `<p class="error">${errors.join('<br />')}</p>` : ''}
<textarea name="username_list" id="username_list"></textarea><input type="submit" name="add_to" value="Add" class="button2" />
<ul class="recipients">${recipients}</ul>
<input type="text" name="subject" id="subject" value="${escapeHtml(fields.subject ?? '')}" />
<textarea name="message" id="message">${escapeHtml(fields.message ?? '')}</textarea>
<input type="checkbox" name="attach_sig" checked="checked" />
<input type="hidden" name="status_switch" value="0" />
${state.formKey(s, 'ucp_pm_compose')}
<input type="submit" name="preview" value="Preview" /><input type="submit" name="post" value="Submit" class="button1" /></form>`,
  );
}

function sentList(state: PhpbbBoardState, s: Session, folder: 'outbox' | 'sentbox'): FakeResponse {
  const f = folder === 'outbox' ? -2 : -1;
  const rows = state.pmSent
    .filter((m) => m.from === s.user && m.folder === folder)
    .reverse()
    .map(
      (m) =>
        `<li class="row bg1"><dl class="row-item pm_read"><dt><div class="list-inner"><a href="./ucp.php?i=pm&amp;mode=view&amp;f=${f}&amp;p=${m.id}" class="topictitle">${escapeHtml(m.subject)}</a><br />To <a href="./memberlist.php?mode=viewprofile&amp;u=${userId(state, m.to)}" class="username">${escapeHtml(m.to)}</a></div></dt></dl></li>`,
    );
  return page(
    s,
    `<h2>${folder === 'outbox' ? 'Outbox' : 'Sent messages'}</h2><ul class="topiclist cplist pmlist">${rows.join('')}</ul>`,
  );
}

/** What the recipient's visit does: their new messages placed, so the author's copies move from outbox to sent. */
export function placeFolders(state: PhpbbBoardState, recipient: string): void {
  for (const m of state.pmSent) if (m.to === recipient) m.folder = 'sentbox';
}

/** ucp.php?i=pm&mode=compose and the outbox/sent folders, for a logged-in member; null for other PM pages. */
export function phpbbCompose(state: PhpbbBoardState, s: Session, req: FakeRequest): FakeResponse | null {
  const q = req.url.searchParams;
  const user = s.user!;
  const folder = q.get('folder');
  if (req.method === 'GET' && (folder === 'outbox' || folder === 'sentbox')) return sentList(state, s, folder);
  if (q.get('mode') !== 'compose') return null;
  if (state.pmRules.mayNotSend.has(user)) return message(s, L.NO_AUTH_SEND_MESSAGE);
  if (req.method === 'GET') return composeForm(state, s, []);
  const f = new URLSearchParams(req.body);
  const to = [...f.keys()]
    .map((k) => /^address_list\[u\]\[(\d+)\]$/.exec(k)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  const fields = { subject: f.get('subject') ?? '', message: f.get('message') ?? '' };
  const names = (f.get('username_list') ?? '')
    .split('\n')
    .map((n) => n.trim())
    .filter(Boolean);
  if (f.has('add_to') || names.length > 0) {
    const errors: string[] = [];
    const found = names.filter((n) => isMember(state, n));
    if (names.length > 0 && found.length === 0) errors.push(L.PM_NO_USERS);
    const perms = state.opts.permissions[user] ?? {};
    const canIgnore = Object.values(perms).some(Boolean);
    for (const n of found) {
      if (!canIgnore && state.pmRules.refusePms.has(n)) {
        if (!errors.includes(L.PM_USERS_REMOVED_NO_PM)) errors.push(L.PM_USERS_REMOVED_NO_PM);
        continue;
      }
      const id = userId(state, n);
      if (!to.includes(id)) to.push(id);
    }
    return composeForm(state, s, to, fields, errors);
  }
  if (!f.has('post')) return composeForm(state, s, to, fields);
  const errors: string[] = [];
  const stale = state.pmRules.staleTokenOnce;
  state.pmRules.staleTokenOnce = false;
  if (stale || !state.checkFormKey(s, 'ucp_pm_compose', f)) {
    errors.push(L.FORM_INVALID);
    state.refusals.push('FORM_INVALID');
  }
  const now = state.now();
  const last = state.lastPost.get(user) ?? 0;
  if (!state.opts.ignoreFlood && state.opts.floodInterval && last && now - last < state.opts.floodInterval) {
    errors.push(L.FLOOD_ERROR);
    state.refusals.push('FLOOD_ERROR');
  }
  if (fields.subject.trim() === '') errors.push(L.EMPTY_MESSAGE_SUBJECT);
  if (to.length === 0) errors.push(L.NO_RECIPIENT);
  if (errors.length > 0) return composeForm(state, s, to, fields, errors);
  for (const id of to) {
    const name = nameOf(state, id) ?? '';
    const pm = state.inbox.send({
      from: user,
      to: name,
      subject: fields.subject,
      html: bbcodeToHtml(fields.message),
      sentAt: Date.now(),
    });
    state.pmSent.push({
      id: pm.id,
      from: user,
      to: name,
      subject: fields.subject,
      message: fields.message,
      folder: 'outbox',
    });
    state.sent.push({ from: user, to: name, subject: fields.subject, message: fields.message });
  }
  state.lastPost.set(user, now);
  state.onPostTaken?.();
  return message(s, L.MESSAGE_STORED);
}
