import type { FlagRecord } from '../../app/desk.js';
import type { StateJson } from '../../domain/state.js';
import { type Html, html, safeUrl } from '../html.js';
import { postToHtml } from '../post-html.js';
import { csrfField, when } from './layout.js';

export interface QuotedPost {
  id: string;
  author: string;
  createdAt: string;
  html: string;
  url: string | null;
}

/** The flags queue: each open flag with its post quoted and linked, the reason, and the three rulings. */
export function flagsPage(
  gameId: string,
  flags: FlagRecord[],
  posts: Map<string, QuotedPost>,
  state: StateJson,
  csrf: string,
): Html {
  const open = flags.filter((f) => f.status === 'open').sort((a, b) => a.at.localeCompare(b.at));
  const done = flags.filter((f) => f.status !== 'open');
  const action = `/games/${encodeURIComponent(gameId)}/rulings`;
  return html`<h1>Flags</h1>
<p class="muted small">A ruling changes the state at once and is kept as a game-file event, so every replay keeps it.</p>
<div data-live="flags-open">
${open.length === 0 ? html`<p class="muted">No open flags.</p>` : open.map((f) => flagCard(action, f, f.postId ? posts.get(f.postId) : undefined, state, csrf))}
</div>
<h2>Ruled</h2>
<div data-live="flags-done">${
    done.length === 0
      ? html`<p class="muted">No rulings yet.</p>`
      : html`<div class="table-wrap"><table><thead><tr><th scope="col">Flag</th><th scope="col">Post</th><th scope="col">Actor</th><th scope="col">Ruling</th><th scope="col">Rule again</th></tr></thead><tbody>${done.map(
          (f) =>
            html`<tr id="flag-${f.id}"><td><code>${f.code}</code><div class="small">${f.message}</div></td><td>${postLink(f.postId, f.url ?? null)}</td><td>${f.actor ?? '—'}</td><td><span class="status status-${f.status}">${f.status}</span></td><td>${reRule(action, f, state, csrf)}</td></tr>`,
        )}</tbody></table></div>`
  }</div>`;
}

/** A ruled post can be ruled again; the later ruling replaces the earlier one (docs/decisions/0005-one-desk.md). */
function reRule(action: string, f: FlagRecord, state: StateJson, csrf: string): Html | string {
  if (!f.postId || f.status === 'accepted') return '—';
  const id = f.id;
  const ignore =
    f.status === 'ignored'
      ? ''
      : html`<form method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="kind" value="ignore"><input type="hidden" name="postId" value="${f.postId}">
    <button type="submit" id="reignore-${id}">Ignore the post</button></form>`;
  return html`${ignore}<form method="post" action="${action}" class="vote-as">${csrfField(csrf)}
  <input type="hidden" name="kind" value="vote"><input type="hidden" name="postId" value="${f.postId}">
  <label class="field" for="retarget-${id}">Vote for
    <select id="retarget-${id}" name="target" required><option value="">choose…</option>${state.players.map((p) => html`<option value="${p.name}">${p.name}</option>`)}</select></label>
  <button type="submit" id="revote-${id}">Read as a vote</button></form>`;
}

function postLink(postId: string | null, url: string | null): Html | string {
  if (!postId) return '—';
  const href = safeUrl(url);
  return href ? html`<a href="${href}" rel="noopener noreferrer" target="_blank">post ${postId}</a>` : `post ${postId}`;
}

/** The name the post's argument gave, when the message quotes `Vote: X` (a guess for "remember as alias"). */
export function quotedArgument(message: string): string {
  return (argumentInQuotes(message) ?? /^Read "([^"]{1,40})"/.exec(message)?.[1])?.trim() ?? '';
}

/**
 * As `/"[^"]*?\b(?:vote|nuke|abort|target|kill)\s*:?\s*([^"]{1,40})"/i` read a message, in one pass: the first
 * keyword after a quote whose argument (after spaces and a colon) runs 1 to 40 characters to the next quote.
 * When that is nothing, the pattern took back the last space or colon as the argument; so does this.
 */
function argumentInQuotes(message: string): string | undefined {
  const keyword = /\b(?:vote|nuke|abort|target|kill)/gi;
  const spaces = /\s*/y;
  keyword.lastIndex = message.indexOf('"') + 1;
  if (keyword.lastIndex === 0) return undefined;
  let quote = -1;
  for (let k = keyword.exec(message); k; k = keyword.exec(message)) {
    const after = keyword.lastIndex;
    if (quote < after) quote = message.indexOf('"', after);
    if (quote < 0) return undefined;
    spaces.lastIndex = after;
    spaces.test(message);
    if (message[spaces.lastIndex] === ':') {
      spaces.lastIndex += 1;
      spaces.test(message);
    }
    const at = spaces.lastIndex;
    if (quote - at >= 1 && quote - at <= 40) return message.slice(at, quote);
    if (quote === at && at > after) return message[at - 1];
  }
  return undefined;
}

function flagCard(action: string, f: FlagRecord, post: QuotedPost | undefined, state: StateJson, csrf: string): Html {
  const id = f.id;
  const players = state.players.map((p) => p.name);
  return html`<article class="card flag" id="flag-${id}" data-live="flag-${id}" aria-labelledby="fh-${id}">
<div class="cue-head"><h2 id="fh-${id}"><code>${f.code}</code>${f.actor ? html` · ${f.actor}` : ''}</h2><span class="status status-open">open</span></div>
<p>${f.message}</p>
<p class="small muted">${when(f.at)} · ${postLink(f.postId, f.url ?? post?.url ?? null)}</p>
${post ? html`<blockquote class="quote-post" aria-label="the post"><p class="small"><strong>${post.author}</strong> wrote (${when(post.createdAt)}):</p>${postToHtml(post.html)}</blockquote>` : ''}
<div class="actions">
  <form method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="kind" value="accept"><input type="hidden" name="flagId" value="${id}">
    <button type="submit" id="accept-${id}">Accept as read</button></form>
  ${
    f.postId
      ? html`<form method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="kind" value="ignore"><input type="hidden" name="postId" value="${f.postId}"><input type="hidden" name="flagId" value="${id}">
    <button type="submit" id="ignore-${id}">Ignore the post</button></form>`
      : ''
  }
</div>
${
  f.postId
    ? html`<form method="post" action="${action}" class="vote-as">${csrfField(csrf)}
  <input type="hidden" name="kind" value="vote"><input type="hidden" name="postId" value="${f.postId}"><input type="hidden" name="flagId" value="${id}">
  <fieldset><legend>Read the vote as another player</legend>
  <label class="field" for="target-${id}">Vote for
    <select id="target-${id}" name="target" required><option value="">choose…</option>${players.map((p) => html`<option value="${p}">${p}</option>`)}</select></label>
  <label for="remember-${id}"><input type="checkbox" id="remember-${id}" name="remember" value="1"> and remember this name as their alias:</label>
  <label class="field" for="alias-${id}"><span class="small muted">alias</span>
    <input type="text" id="alias-${id}" name="alias" value="${quotedArgument(f.message)}" maxlength="60"></label>
  <label class="field" for="note-${id}">Note (optional) <input type="text" id="note-${id}" name="note" maxlength="200"></label>
  <button type="submit" id="vote-${id}">Read as a vote</button></fieldset></form>`
    : ''
}
</article>`;
}
