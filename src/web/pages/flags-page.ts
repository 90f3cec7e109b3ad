import type { FlagFilter, FlagGroup, FlagRecord, FlagTriage } from '../../app/desk.js';
import { HAMMER_NEEDS_RULING, type StateJson } from '../../domain/state.js';
import { type Html, html, safeUrl } from '../html.js';
import { postToHtml } from '../post-html.js';
import { csrfField, inZone, when } from './layout.js';
import { stackTable } from './stack-table.js';

export interface QuotedPost {
  id: string;
  author: string;
  createdAt: string;
  html: string;
  url: string | null;
}

interface View {
  action: string;
  csrf: string;
  players: string[];
  /** The filter as a query string, carried through a ruling's redirect. */
  back: string;
  /** The game's time zone, for the times inside flag messages. */
  timeZone: string;
}

/** The filter a query string asks for; unknown values are dropped. */
export function flagFilterFrom(q: { get(name: string): string | null }): FlagFilter {
  const kind = q.get('kind')?.slice(0, 60) || undefined;
  const player = q.get('player')?.slice(0, 100) || undefined;
  const s = q.get('status');
  const status = s === 'open' || s === 'ruled' ? s : undefined;
  return { ...(kind ? { kind } : {}), ...(player ? { player } : {}), ...(status ? { status } : {}) };
}

const filterQuery = (f: FlagFilter) =>
  new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/**
 * The flags, for triage in a minute: a filter (kind, player, open/ruled), the open flags grouped by kind and
 * player (the desk's grouping, app/flag-groups.ts), each group ruled at once or flag by flag, and the Ruled table
 * with an Undo per ruling.
 */
export function flagsPage(
  gameId: string,
  t: FlagTriage,
  posts: Map<string, QuotedPost>,
  state: StateJson,
  csrf: string,
  game: { timeZone?: string; writesGameFile?: boolean } = {},
): Html {
  const base = `/games/${encodeURIComponent(gameId)}`;
  const v: View = {
    action: `${base}/rulings`,
    csrf,
    players: state.players.map((p) => p.name),
    back: filterQuery(t.filter),
    timeZone: game.timeZone ?? 'UTC',
  };
  const open = t.groups.filter((g) => g.open.length > 0);
  const ruled = t.groups.flatMap((g) => g.ruled).sort((a, b) => b.at.localeCompare(a.at));
  const shownOpen = open.reduce((n, g) => n + g.open.length, 0);
  return html`<h1>Flags</h1>
<p class="muted small">${t.open} open in ${open.length} group${open.length === 1 ? '' : 's'} · ${t.ruled} ruled. ${rulingsKept(game.writesGameFile !== false)}</p>
${filterForm(base, t)}
<div data-live="flags-open">
${
  t.filter.status === 'ruled'
    ? ''
    : open.length === 0
      ? html`<p class="muted">No open flags${t.filter.kind || t.filter.player ? ' for this filter' : ''}.</p>`
      : html`${shownOpen < t.open ? html`<p class="small">Showing ${shownOpen} of ${t.open} open flags.</p>` : ''}${t.filter.kind && open.length > 1 ? acceptShown(open, t.filter.kind, v) : ''}${open.map((g) => groupCard(g, posts, v))}`
}
</div>
<h2>Ruled</h2>
<div data-live="flags-done">${
    t.filter.status === 'open'
      ? html`<p class="muted small">Hidden by the filter.</p>`
      : ruled.length === 0
        ? html`<p class="muted">No rulings yet.</p>`
        : stackTable(
            ['Flag', 'Post', 'Actor', 'Ruling', 'Change'],
            ruled.map((f) => ({
              attrs: html`id="flag-${f.id}"`,
              cells: [
                html`<code>${f.code}</code><div class="small">${inZone(f.message, v.timeZone)}</div>`,
                postLink(f.postId, f.url ?? null),
                f.actor ?? '—',
                html`<span class="status status-${f.status}">${f.status}</span>`,
                html`${undoForm(f, v)}${reRule(f, v)}`,
              ],
            })),
            '',
            'ruled',
          )
  }</div>`;
}

/**
 * Where a ruling is kept, said as it is (m7): `watch` writes it into the game file; `serve` writes nothing there, so
 * its rulings end with it.
 */
export function rulingsKept(writesGameFile: boolean): string {
  return writesGameFile
    ? 'A ruling changes the state at once and is written into the game file as an event, so every replay keeps it.'
    : 'A ruling changes the state at once, but serve writes nothing to the game file: rulings last until you stop serve.';
}

/**
 * The filter, folded under one line (m11: unfolded it filled a phone's first screen before any flag); open while a
 * filter is applied, whose line says what it shows.
 */
function filterForm(base: string, t: FlagTriage): Html {
  const f = t.filter;
  const opt = (value: string, label: string, current: string | undefined) =>
    html`<option value="${value}"${value === (current ?? '') ? html` selected` : ''}>${label}</option>`;
  const applied = [f.kind, f.player, f.status].filter(Boolean).join(' · ');
  return html`<details class="fold filters-fold"${applied ? html` open` : ''}><summary id="filter-open">${applied ? html`Filtered: ${applied}` : 'Filter by kind, player or status'}</summary>
<form method="get" action="${base}/flags" class="filters" aria-label="Filter the flags">
<label class="field" for="filter-kind">Kind <select id="filter-kind" name="kind">${opt('', 'every kind', f.kind)}${t.kinds.map((k) => opt(k.code, `${k.code} (${k.open})`, f.kind))}</select></label>
<label class="field" for="filter-player">Player <select id="filter-player" name="player">${opt('', 'every player', f.player)}${t.players.map((p) => opt(p.name, `${p.name} (${p.open})`, f.player))}</select></label>
<label class="field" for="filter-status">Status <select id="filter-status" name="status">${opt('', 'open and ruled', f.status)}${opt('open', 'open', f.status)}${opt('ruled', 'ruled', f.status)}</select></label>
<div class="actions"><button type="submit" id="filter-apply">Filter</button> <a href="${base}/flags" id="filter-clear">Clear</a></div>
</form></details>`;
}

const hidden = (v: View) => html`${csrfField(v.csrf)}<input type="hidden" name="back" value="${v.back}">`;

function groupTitle(g: FlagGroup): Html {
  if (g.argument !== null)
    return html`<code>${g.code}</code> · “${g.argument}”${g.reading ? html` → ${g.reading}` : ''}`;
  return html`<code>${g.code}</code>${g.actor ? html` · ${g.actor}` : ''}`;
}

/** A group: one line with its count, the bulk rulings when it holds more than one flag, then its flags folded. */
function groupCard(g: FlagGroup, posts: Map<string, QuotedPost>, v: View): Html {
  const n = g.open.length;
  const k = g.key;
  const flags = g.open.map((f) => flagCard(f, f.postId ? posts.get(f.postId) : undefined, g, v));
  if (n === 1) return html`<section class="flag-group" id="${k}" data-count="1">${flags}</section>`;
  const ids = g.open.map((f) => html`<input type="hidden" name="flagId" value="${f.id}">`);
  const withPosts = g.open.every((f) => f.postId);
  const alias = (prefix: string) =>
    g.aliasSuggestion
      ? html`<label for="${prefix}-remember-${k}"><input type="checkbox" id="${prefix}-remember-${k}" name="remember" value="1"> and remember “${g.aliasSuggestion}” as ${g.reading ?? 'their'} alias</label><input type="hidden" name="alias" value="${g.aliasSuggestion}">`
      : '';
  return html`<section class="card flag-group" id="${k}" data-count="${String(n)}" aria-labelledby="gh-${k}">
<div class="cue-head"><h2 id="gh-${k}">${groupTitle(g)}</h2><span class="status status-open">${String(n)} open</span></div>
<p class="small">${inZone(g.open[0]?.message ?? '', v.timeZone)}</p>
<div class="bulk">
<form method="post" action="${v.action}/group">${hidden(v)}${ids}<input type="hidden" name="kind" value="accept">
  ${alias('accept')}
  <button type="submit" id="bulk-accept-${k}">Accept all ${String(n)}${g.reading ? ` as ${g.reading}` : ''}</button></form>
${
  withPosts
    ? html`<form method="post" action="${v.action}/group" class="vote-as">${hidden(v)}${ids}<input type="hidden" name="kind" value="vote">
  <label class="field" for="bulk-target-${k}">Read all ${String(n)} as votes for
    <select id="bulk-target-${k}" name="target" required><option value="">choose…</option>${v.players.map((p) => html`<option value="${p}"${p === g.reading ? html` selected` : ''}>${p}</option>`)}</select></label>
  ${g.argument ? html`<label for="vote-remember-${k}"><input type="checkbox" id="vote-remember-${k}" name="remember" value="1"> and remember “${g.argument}” as that player's alias</label><input type="hidden" name="alias" value="${g.argument}">` : ''}
  <button type="submit" id="bulk-vote-${k}">Read all as votes</button></form>
<form method="post" action="${v.action}/group">${hidden(v)}${ids}<input type="hidden" name="kind" value="ignore">
  <button type="submit" id="bulk-ignore-${k}">Ignore all ${String(n)} posts</button></form>`
    : ''
}
</div>
<details class="group-flags"><summary>The ${String(n)} flags, one by one</summary>${flags}</details>
</section>`;
}

/** Under a kind filter: every open flag shown, accepted in one ruling (e.g. every vote after the day's end). */
function acceptShown(open: FlagGroup[], kind: string, v: View): Html {
  const flags = open.flatMap((g) => g.open);
  return html`<form method="post" action="${v.action}/group" class="bulk-shown">${hidden(v)}<input type="hidden" name="kind" value="accept">${flags.map((f) => html`<input type="hidden" name="flagId" value="${f.id}">`)}
  <button type="submit" id="bulk-accept-shown">Accept all ${String(flags.length)} ${kind} flags shown</button></form>`;
}

function undoForm(f: FlagRecord, v: View): Html {
  return html`<form method="post" action="${v.action}/undo">${hidden(v)}<input type="hidden" name="flagId" value="${f.id}">
    <button type="submit" id="undo-${f.id}">Undo</button></form>`;
}

/** A ruled post can be ruled again; the later ruling replaces the earlier one (docs/decisions/0005-one-desk.md). */
function reRule(f: FlagRecord, v: View): Html | string {
  if (!f.postId || f.status === 'accepted') return '';
  const id = f.id;
  const ignore =
    f.status === 'ignored'
      ? ''
      : html`<form method="post" action="${v.action}">${hidden(v)}<input type="hidden" name="kind" value="ignore"><input type="hidden" name="postId" value="${f.postId}">
    <button type="submit" id="reignore-${id}">Ignore the post</button></form>`;
  return html`${ignore}<form method="post" action="${v.action}" class="vote-as">${hidden(v)}
  <input type="hidden" name="kind" value="vote"><input type="hidden" name="postId" value="${f.postId}">
  <label class="field" for="retarget-${id}">Vote for
    <select id="retarget-${id}" name="target" required><option value="">choose…</option>${v.players.map((p) => html`<option value="${p}">${p}</option>`)}</select></label>
  <button type="submit" id="revote-${id}">Read as a vote</button></form>`;
}

function postLink(postId: string | null, url: string | null): Html | string {
  if (!postId) return '—';
  const href = safeUrl(url);
  return href ? html`<a href="${href}" rel="noopener noreferrer" target="_blank">post ${postId}</a>` : `post ${postId}`;
}

/**
 * Whether a flag is about a vote, so "Read the vote as another player" makes sense on it (m5): not on a night
 * request, a missile or a prod.
 */
export function offersVoteReading(code: string): boolean {
  return /^(?:vote-|target-|hammer-)/.test(code) || VOTE_CODES.has(code);
}

const VOTE_CODES = new Set([
  'near-miss',
  'edited-action',
  'edited-unverified',
  'action-misspelt',
  'quote-broken',
  'author-guessed',
  'actor-dead',
]);

function flagCard(f: FlagRecord, post: QuotedPost | undefined, g: FlagGroup, v: View): Html {
  const id = f.id;
  return html`<article class="card flag" id="flag-${id}" data-live="flag-${id}" aria-labelledby="fh-${id}">
<div class="cue-head"><h2 id="fh-${id}"><code>${f.code}</code>${f.actor ? html` · ${f.actor}` : ''}</h2><span class="status status-open">open</span></div>
<p>${inZone(f.message, v.timeZone)}</p>
<p class="small muted">${when(f.at)} · ${postLink(f.postId, f.url ?? post?.url ?? null)}</p>
${post ? html`<blockquote class="quote-post" aria-label="the post"><p class="small"><strong>${post.author}</strong> wrote (${when(post.createdAt)}):</p>${postToHtml(post.html)}</blockquote>` : ''}
<div class="actions">
  <form method="post" action="${v.action}">${hidden(v)}<input type="hidden" name="kind" value="accept"><input type="hidden" name="flagId" value="${id}">
    <button type="submit" id="accept-${id}">${f.code === HAMMER_NEEDS_RULING ? 'Count it: the day ends at this post' : 'Accept as read'}</button></form>
  ${
    f.postId
      ? html`<form method="post" action="${v.action}">${hidden(v)}<input type="hidden" name="kind" value="ignore"><input type="hidden" name="postId" value="${f.postId}"><input type="hidden" name="flagId" value="${id}">
    <button type="submit" id="ignore-${id}">Ignore the post</button></form>`
      : ''
  }
</div>
<p class="small muted">Accept as read: the post counts as moddesk read it above, and the flag closes (Undo in the Ruled table).</p>
${
  f.postId && offersVoteReading(f.code)
    ? html`<form method="post" action="${v.action}" class="vote-as">${hidden(v)}
  <input type="hidden" name="kind" value="vote"><input type="hidden" name="postId" value="${f.postId}"><input type="hidden" name="flagId" value="${id}">
  <fieldset><legend>Read the vote as another player</legend>
  <label class="field" for="target-${id}">Vote for
    <select id="target-${id}" name="target" required><option value="">choose…</option>${v.players.map((p) => html`<option value="${p}">${p}</option>`)}</select></label>
  <label for="remember-${id}"><input type="checkbox" id="remember-${id}" name="remember" value="1"> and remember this name as their alias:</label>
  <label class="field" for="alias-${id}"><span class="small muted">alias</span>
    <input type="text" id="alias-${id}" name="alias" value="${g.aliasSuggestion ?? ''}" maxlength="60"></label>
  <label class="field" for="note-${id}">Note (optional) <input type="text" id="note-${id}" name="note" maxlength="200"></label>
  <button type="submit" id="vote-${id}">Read as a vote</button></fieldset></form>`
    : ''
}
</article>`;
}
