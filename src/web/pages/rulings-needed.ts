import type { FlagRecord } from '../../app/desk.js';
import { HAMMER_EARLIER_VOTE, HAMMER_NEEDS_RULING } from '../../domain/state.js';
import { type Html, html, safeUrl } from '../html.js';
import { csrfField, inZone, when } from './layout.js';

/**
 * A day that waits for the moderator (docs/flag-codes.md `hammer-needs-ruling`, `hammer-earlier-vote`): at the top
 * of every page of the game, each held vote in words with its two rulings. "Count it" reads the post's vote as a
 * vote for the player it was read as (`{post, vote}`: the day ends at that post); "Not" ignores the post (a held
 * hammer) or accepts the post as read, its last vote (an earlier vote that would have hammered).
 */
export function rulingsNeeded(gameId: string, flags: FlagRecord[], csrf: string, timeZone = 'UTC'): Html | string {
  const open = flags.filter(
    (f) =>
      f.status === 'open' &&
      f.postId &&
      f.reading &&
      (f.code === HAMMER_NEEDS_RULING || f.code === HAMMER_EARLIER_VOTE),
  );
  if (open.length === 0) return '';
  const action = `/games/${encodeURIComponent(gameId)}/rulings`;
  return html`<section class="card hammer-ruling" role="alert" aria-labelledby="hammer-h" id="hammer-rulings">
<h2 id="hammer-h">The day waits for your ruling</h2>
${open.map((f) => card(f, action, csrf, timeZone))}
</section>`;
}

function card(f: FlagRecord, action: string, csrf: string, timeZone: string): Html {
  const post = f.postId as string;
  const href = safeUrl(f.url ?? null);
  const link = href
    ? html`<a href="${href}" rel="noopener noreferrer" target="_blank">post ${post}</a>`
    : html`post ${post}`;
  const not =
    f.code === HAMMER_NEEDS_RULING
      ? html`<input type="hidden" name="kind" value="ignore"><input type="hidden" name="postId" value="${post}"><input type="hidden" name="note" value="not counted (held hammer)">
  <button type="submit" id="hammer-not-${f.id}">Not: leave the vote uncounted</button>`
      : html`<input type="hidden" name="kind" value="accept"><input type="hidden" name="flagId" value="${f.id}">
  <button type="submit" id="hammer-not-${f.id}">Not: keep the last vote</button>`;
  return html`<article class="hammer-held" id="hammer-${f.id}" data-flag="${f.id}">
<p>${inZone(f.message, timeZone)}</p>
<p class="small muted">${when(f.at)} · ${link}</p>
<div class="actions">
  <form method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="kind" value="vote"><input type="hidden" name="postId" value="${post}"><input type="hidden" name="target" value="${f.reading ?? ''}"><input type="hidden" name="flagId" value="${f.id}"><input type="hidden" name="note" value="count it (held hammer)">
  <button type="submit" id="hammer-count-${f.id}">Count it: a vote for ${f.reading ?? ''}, the day ends at this post</button></form>
  <form method="post" action="${action}">${csrfField(csrf)}${not}</form>
</div>
</article>`;
}
