import type { DraftRecord, GameSummary } from '../../app/desk.js';
import type { StateJson } from '../../domain/state.js';
import { type Html, html, safeUrl } from '../html.js';
import { markupToHtml } from '../markup-to-html.js';
import { title as draftTitle } from './drafts-page.js';
import { when } from './layout.js';
import { dayVotes } from './votes-page.js';
import type { TimelineInput } from './wagon-timeline.js';

/** What the players' page shows: the live count, the counts the moderator published, the day's wagons. */
export interface PublicPageInput {
  game: GameSummary;
  state: StateJson;
  drafts: DraftRecord[];
  timeline: TimelineInput | null;
}

/** Drafts that tell who died: until the moderator publishes them, the live count (its "not voting") would tell it first. */
const DEATH_NEWS = new Set(['day-start', 'dawn-report', 'night-result', 'missile-impact']);

/** The players' read-only page: no script, no form, nothing but what the thread shows or the moderator published. */
export function publicPage(p: PublicPageInput): string {
  const { game, state } = p;
  const zone = game.timeZone ?? 'UTC';
  // No "as of now" anywhere: the page changes only when the game does, so a reload is a 304.
  const lastVote = p.timeline?.rows.at(-1)?.at ?? null;
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${game.title} · vote count</title>
<link rel="stylesheet" href="/assets/app.css">
</head>
<body class="public">
<main id="main">
<h1><bdi>${game.title}</bdi></h1>
${phaseLine(state, zone)}
<section class="card" aria-labelledby="live-h"><h2 id="live-h">Vote count now <span class="small muted">read from the thread, not the moderator's word</span></h2>
${newsPending(p.drafts, state) ? html`<p class="muted">The moderator has not posted the start of ${state.phase?.name ?? 'this phase'} yet; the count shows here once they have.</p>` : liveCount(state)}
</section>
${p.timeline ? html`<h2>Votes on ${p.timeline.day}</h2>${dayVotes(p.timeline)}` : ''}
<section class="card" aria-labelledby="history-h"><h2 id="history-h">Counts the moderator posted</h2>
${history(p.drafts, zone)}
</section>
<p class="small muted">${lastVote ? html`Latest vote counted ${when(lastVote, zone)}. ` : ''}This page is read-only; the thread is the game.</p>
</main>
</body>
</html>`.value
  }`;
}

function phaseLine(state: StateJson, zone: string): Html {
  const p = state.phase;
  if (!p) return html`<p>The game has not started yet.</p>`;
  const end = p.endedAt
    ? html`ended ${when(p.endedAt, zone)}`
    : p.deadline
      ? html`deadline ${when(p.deadline, zone)}`
      : html`no deadline set`;
  return html`<p class="big"><strong>${p.name}</strong> · ${end}</p>`;
}

function newsPending(drafts: DraftRecord[], state: StateJson): boolean {
  const since = state.phase?.startedAt ?? '';
  return drafts.some((d) => d.status === 'pending' && DEATH_NEWS.has(d.kind) && d.createdAt >= since);
}

/** The count as the thread stands: wagons (the public weight, H-VM2), no lynch, not voting; no reading, no flag. */
function liveCount(state: StateJson): Html {
  const v = state.votes;
  if (!v.day) return html`<p class="muted">No day has started yet.</p>`;
  const names = (xs: string[]) => html`${xs.map((x, i) => html`${i ? ', ' : ''}<bdi>${x}</bdi>`)}`;
  return html`<p><strong>${v.day}</strong>${v.threshold !== null ? html` · ${v.threshold} votes to lynch` : ''}</p>
<ul class="public-count">${v.wagons.map((w) => html`<li><strong><bdi>${w.target}</bdi> (${w.publicCount})</strong>: ${names(w.voters)}</li>`)}
${v.noLynch.count ? html`<li><strong>No lynch (${v.noLynch.voters.length})</strong>: ${names(v.noLynch.voters)}</li>` : ''}
${v.notVoting.length ? html`<li>Not voting (${v.notVoting.length}): ${names(v.notVoting)}</li>` : ''}</ul>`;
}

/** The vote counts approved or posted, newest first: what the moderator published (never a pending draft). */
function history(drafts: DraftRecord[], zone: string): Html {
  const published = drafts
    .filter((d) => d.kind === 'vote-count' && (d.status === 'posted' || d.status === 'approved'))
    .sort((a, b) => (b.posted?.at ?? b.updatedAt).localeCompare(a.posted?.at ?? a.updatedAt));
  if (published.length === 0) return html`<p class="muted">None yet.</p>`;
  return html`${published.map((d) => {
    const href = safeUrl(d.posted?.url);
    return html`<article class="public-count-post"><h3>${draftTitle(d)} · ${when(d.posted?.at ?? d.updatedAt, zone)}${href ? html` · <a href="${href}" rel="noopener noreferrer">in the thread</a>` : ''}</h3>
<div class="rendered">${markupToHtml(d.text, d.format)}</div></article>`;
  })}`;
}
