import { error, type FormsBoardState, form, page, type Session, words } from './board-forms.js';
import { bbcodeToHtml } from './board-phpbb.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import { escapeHtml } from './render/display.js';

/**
 * Private messages on the fake XenForo 2 and vBulletin 4 boards. Both are closed source: the rules are inferred
 * from public copies of their code, and the phrases from those copies' phrase keys (not every text is verbatim):
 * - XenForo 2.x (`XF\Pub\Controller\Conversation::actionAdd`, `XF\Service\Conversation\Creator`, as published in
 *   codecorno/PointBlank-Private-Website `forum/src/XF/`): `canStartConversation` or noPermission; a GET with `to`
 *   checks that one name (not found; privacy settings); a POST takes `recipients` (comma-separated), `title` (100
 *   characters) and `message`, is refused for unknown or private recipients, none at all, and within
 *   `floodCheckLengthDiscussion` of the account's last conversation (`assertNotFlooding('conversation')`), and
 *   redirects to the new conversation; `/conversations/` lists the account's conversations by title.
 * - vBulletin 4 (`private.php` `do=insertpm`, as a Tapatalk plugin's public copy of those steps shows):
 *   `securitytoken`; `recipients` separated by `;`; unknown names (pmrecipientsnotfound), members who receive no
 *   PMs (pmrecipturnedoff); `pmfloodtime` since the account's last PM, unless a moderator (pmfloodcheck); the
 *   author's copy kept in Sent Items (`folderid=-1`) only when `savecopy` is sent; a logged-in account without the
 *   permission gets "NAME, you do not have permission to access this page."
 */
export interface FormsPmRules {
  /** The board's members; null: every name is one. */
  members: Set<string> | null;
  /** Members whose settings refuse PMs (XenForo privacy, vBulletin `receivepm` off). */
  refusePms: Set<string>;
  /** Accounts that may not start conversations / send PMs. */
  mayNotSend: Set<string>;
  /** XenForo `floodCheckLengthDiscussion` / vBulletin `pmfloodtime`, seconds; 0 off. */
  floodSeconds: number;
  /** Accounts the PM flood check skips (vBulletin: moderators). */
  ignoreFlood: Set<string>;
  /** The next message's token is past its lifetime (the form sat open too long), once. */
  staleTokenOnce: boolean;
}

export interface FormsSentPm {
  id: number;
  from: string;
  to: string;
  title: string;
  message: string;
  /** vBulletin: a copy in Sent Items (`savecopy`); XenForo always lists the conversation. */
  kept: boolean;
  at: number;
}

const XF = {
  noPermission: 'You do not have permission to view this page or perform this action.',
  userNotFound: 'The requested user could not be found.',
  privacyOne: (n: string) => `You may not start a conversation with ${n} because of their privacy settings.`,
  notFound: (n: string) => `The following recipients could not be found: ${n}.`,
  privacy: (n: string) =>
    `You may not start a conversation with the following recipients because of their privacy settings: ${n}.`,
  noRecipient: 'Please enter at least one valid recipient.',
  titleTooLong: 'Please enter a value using 100 characters or fewer.',
};
const VB = {
  noPermission: (u: string) => `${u}, you do not have permission to access this page.`,
  notFound: (n: string) => `The following users were not found: ${n}`,
  turnedOff: (n: string) =>
    `${n} has chosen not to receive private messages or may not be allowed to receive private messages. Therefore you may not send your message to him/her.`,
  flood: (n: number, left: number) =>
    `This forum requires that you wait ${n} seconds between sending private messages. Please try again in ${left} seconds.`,
  sent: 'Your message has been sent.',
};

const slug = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'conversation';

function member(state: FormsBoardState, name: string): string | null {
  const m = state.pmRules.members;
  if (m === null) return name;
  return [...m].find((x) => x.toLowerCase() === name.toLowerCase()) ?? null;
}

function composeForm(state: FormsBoardState, s: Session, to: string, err = ''): FakeResponse {
  const xf = state.engine === 'xenforo';
  const inner = xf
    ? `<input type="text" name="recipients" value="${escapeHtml(to)}" /><input type="text" name="title" maxlength="100" value="" /><textarea name="message"></textarea><input type="checkbox" name="open_invite" value="1" /><input type="checkbox" name="conversation_locked" value="1" /><input type="hidden" name="attachment_hash" value="abc123" />`
    : `<textarea name="recipients">${escapeHtml(to)}</textarea><textarea name="bccrecipients"></textarea><input type="text" name="title" value="" /><textarea name="message"></textarea><input type="checkbox" name="savecopy" value="1" checked="checked" /><input type="checkbox" name="receipt" value="1" /><input type="hidden" name="do" value="insertpm" /><input type="hidden" name="pmid" value="" />`;
  return page(
    state,
    s,
    (err ? error(state, err) : '') + form(state, s, xf ? '/conversations/add' : 'private.php?do=insertpm', inner),
  );
}

/** vBulletin's Sent Items (`folderid=-1`): the copies kept with `savecopy`, newest first. */
function sentList(state: FormsBoardState, s: Session): FakeResponse {
  const rows = state.pmSent
    .filter((m) => m.from === s.user && m.kept)
    .reverse()
    .map(
      (m) =>
        `<li class="blockrow pmbit" id="pm_${m.id}"><h3 class="title"><a href="private.php?do=showpm&amp;pmid=${m.id}" class="title">${escapeHtml(m.title)}</a></h3><span class="username">${escapeHtml(m.to)}</span></li>`,
    );
  return page(state, s, `<h2 class="blockhead">Sent Items</h2><ol id="pmlist_-1" class="pmlist">${rows.join('')}</ol>`);
}

function store(state: FormsBoardState, s: Session, to: string, f: URLSearchParams): FormsSentPm {
  const xf = state.engine === 'xenforo';
  const pm = state.inbox.send({
    from: s.user!,
    to,
    subject: f.get('title') ?? '',
    html: bbcodeToHtml(f.get('message') ?? ''),
    sentAt: Date.now(),
  });
  const kept = xf || f.get('savecopy') === '1';
  const sent = {
    id: pm.id,
    from: s.user!,
    to,
    title: f.get('title') ?? '',
    message: f.get('message') ?? '',
    kept,
    at: Date.now(),
  };
  state.pmSent.push(sent);
  state.sent.push({ from: sent.from, to, title: sent.title, message: sent.message });
  return sent;
}

/** `/conversations/…` (XenForo) and `private.php` (vBulletin) for a logged-in member. */
export function formsPm(state: FormsBoardState, s: Session, req: FakeRequest): FakeResponse {
  const xf = state.engine === 'xenforo';
  const user = s.user!;
  const q = req.url.searchParams;
  const f = new URLSearchParams(req.body);
  const w = words(state);
  const rules = state.pmRules;
  const refuse = (text: string, status = 200) => ({ ...page(state, s, error(state, text)), status });
  if (req.method === 'GET') {
    // XenForo's conversation list (which shows the account's own) is board-forms-pms.ts's page.
    if (!xf && q.get('folderid') === '-1') return sentList(state, s);
    if (rules.mayNotSend.has(user)) return refuse(xf ? XF.noPermission : VB.noPermission(user), 403);
    const to = q.get('to') ?? '';
    if (xf && to) {
      const known = member(state, to);
      if (!known) return refuse(XF.userNotFound, 404);
      if (rules.refusePms.has(known)) return refuse(XF.privacyOne(known), 403);
    }
    return composeForm(state, s, to);
  }
  if (rules.mayNotSend.has(user)) return refuse(xf ? XF.noPermission : VB.noPermission(user), 403);
  const stale = rules.staleTokenOnce;
  rules.staleTokenOnce = false;
  if (stale || !state.tokenOk(s, f.get(w.tokenField))) {
    state.refusals.push('badToken');
    return refuse(w.badToken);
  }
  const names = (f.get('recipients') ?? '')
    .split(xf ? ',' : ';')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !member(state, n));
  const refusing = names.map((n) => member(state, n)).filter((n): n is string => !!n && rules.refusePms.has(n));
  const to = names.map((n) => member(state, n)).filter((n): n is string => !!n && !rules.refusePms.has(n));
  const title = f.get('title') ?? '';
  let err: string | null = null;
  if (unknown.length) err = xf ? XF.notFound(unknown.join(', ')) : VB.notFound(unknown.join(', '));
  else if (refusing.length) err = xf ? XF.privacy(refusing.join(', ')) : VB.turnedOff(refusing.join(', '));
  else if (to.length === 0) err = xf ? XF.noRecipient : VB.notFound('');
  else if (xf && [...title].length > 100) err = XF.titleTooLong;
  if (err) {
    state.refusals.push('recipient');
    return composeForm(state, s, f.get('recipients') ?? '', err);
  }
  const now = Date.now() / 1000;
  const last = state.pmSent.filter((m) => m.from === user).at(-1)?.at;
  if (rules.floodSeconds > 0 && !rules.ignoreFlood.has(user) && last && now - last / 1000 < rules.floodSeconds) {
    state.refusals.push('pmFlood');
    const left = Math.ceil(rules.floodSeconds - (now - last / 1000));
    return refuse(xf ? w.flood(left) : VB.flood(rules.floodSeconds, left));
  }
  let first: FormsSentPm | null = null;
  for (const name of to) first ??= store(state, s, name, f);
  state.onPostTaken?.();
  if (xf) return { status: 303, body: '', headers: { location: `/conversations/${slug(title)}.${first!.id}/` } };
  return page(state, s, `<p class="blockrow">${VB.sent}</p>`);
}
