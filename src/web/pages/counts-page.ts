import type { CountCheckRow } from '../../app/desk.js';
import { type Html, html, safeUrl } from '../html.js';
import { when } from './layout.js';
import { stackTable } from './stack-table.js';

/**
 * H-VC6: the counts the moderators posted by hand, each against moddesk's count at that post: what differs, in
 * words, with the post that explains it. Names and post text are the thread's, escaped by `html`.
 */
export function countsPage(rows: CountCheckRow[] | null): Html {
  const found = rows?.reduce((n, r) => n + r.differences.length, 0) ?? 0;
  return html`<h1>Your counts, checked</h1>
<p class="small muted">Each vote count you (or a co-moderator) posted in the thread, read and compared with moddesk's count at that post. A difference is shown only when the post that explains it is more than an hour older than the count (a younger one may have crossed it).</p>
${
  rows === null
    ? html`<p class="muted">This desk does not check counts.</p>`
    : rows.length === 0
      ? html`<p class="muted">No vote count by a moderator in the thread yet.</p>`
      : html`<p>${rows.length} count(s) read, ${found} difference(s).</p>
<section class="card">${stackTable(
          ['Count', 'Posted', 'By', 'What differs'],
          [...rows].reverse().map((r) => {
            const href = safeUrl(r.url);
            return {
              attrs: r.differences.length ? html`class="count-differs"` : undefined,
              cells: [
                href ? html`<a href="${href}" rel="noopener noreferrer" target="_blank">${r.label}</a>` : r.label,
                when(r.at),
                r.author,
                verdict(r),
              ],
            };
          }),
        )}</section>`
}`;
}

function verdict(r: CountCheckRow): Html {
  const partial =
    r.read === 'partial'
      ? html`<p class="small muted">Read in part (${r.partly.join('; ')}), so votes it leaves out are not checked.</p>`
      : '';
  if (r.read === 'unread') return html`<span class="muted">No wagon line read: not checked.</span>`;
  if (r.differences.length === 0) return html`<span>Matches moddesk's count.</span>${partial}`;
  return html`<ul>${r.differences.map((d) => html`<li>${d}</li>`)}</ul>${partial}`;
}
