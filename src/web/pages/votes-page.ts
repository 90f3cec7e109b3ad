import { type Html, html, safeUrl } from '../html.js';
import { when } from './layout.js';
import { stackTable } from './stack-table.js';
import { NARROW, type TimelineInput, wagonLegend, wagonTimeline } from './wagon-timeline.js';

/** Vote history: a timeline of the day's wagons (SVG) and every vote and unvote in order. */
export function votesPage(gameId: string, days: string[], timeline: TimelineInput | null): Html {
  const base = `/games/${encodeURIComponent(gameId)}/votes`;
  const day = timeline?.day ?? null;
  return html`<h1>Vote history${day ? ` · ${day}` : ''}</h1>
<nav aria-label="Days" class="actions">${days.map(
    (d) =>
      html`<a class="button" href="${base}?day=${encodeURIComponent(d)}"${d === day ? html` aria-current="page"` : ''}>${d}</a>`,
  )}</nav>
<div data-live="votes">
${timeline ? dayVotes(timeline) : html`<p class="muted">No day has started yet.</p>`}
</div>`;
}

/** A day's wagon chart and every vote in order (the dashboard's Votes page and the players' page). */
export function dayVotes(t: TimelineInput): Html {
  if (t.rows.length === 0) return html`<p class="muted">No votes on ${t.day} yet.</p>`;
  return html`<section class="card" aria-label="Wagons over the day">${wagonTimeline(t)}${wagonTimeline(t, NARROW)}${wagonLegend(t.rows)}</section>
<section class="card"><h2>Every vote in order</h2>${stackTable(
    ['#', 'Time', 'Voter', 'Vote', 'Post'],
    t.rows.map((r, i) => {
      const hammer = t.hammer && r.postId === t.hammer.postId && r.target === t.hammer.target;
      const href = safeUrl(r.url);
      return {
        attrs: hammer ? html`class="hammer-row"` : undefined,
        cells: [
          i + 1,
          when(r.at),
          r.voter,
          html`${r.target === null ? html`<em>unvote</em>` : r.target}${hammer ? html` <strong class="status status-open">hammer</strong>` : ''}`,
          href ? html`<a href="${href}" rel="noopener noreferrer" target="_blank">${r.postId}</a>` : r.postId,
        ],
      };
    }),
  )}</section>`;
}
