import type { DraftRecord, GameSummary, PersonChange } from '../../app/desk.js';
import type { StateJson } from '../../domain/state.js';
import { type Html, html } from '../html.js';
import { markupToHtml } from '../markup-to-html.js';
import { statusWords } from './drafts-page.js';
import { houseRulesBlock } from './house-rules-block.js';
import { countdown, when } from './layout.js';
import { stackTable } from './stack-table.js';

/** The games on this desk. */
export function gamesList(games: GameSummary[], seesPrivate = true): Html {
  if (games.length === 0) return html`<h1>Games</h1><p class="muted">No games on this desk yet.</p>`;
  const rows = games.map((g) => ({
    cells: [
      html`<a href="/games/${encodeURIComponent(g.id)}">${g.title}</a><div class="small muted">${g.platform}${g.lastPollAt ? html` · polled ${when(g.lastPollAt)}` : ''}${missingNote(g.missingPosts)}</div>`,
      g.ruleset,
      g.phase ? `${g.phase.name}${g.phase.endedAt ? ' (ended)' : ''}` : '—',
      g.alive,
      ...(seesPrivate
        ? [
            html`<a href="/games/${encodeURIComponent(g.id)}/drafts">${g.pendingDrafts} pending</a>`,
            html`<a href="/games/${encodeURIComponent(g.id)}/flags">${g.openFlags} open</a>`,
          ]
        : []),
      resultText(g.result),
    ],
  }));
  const heads = ['Game', 'Ruleset', 'Phase', 'Alive', ...(seesPrivate ? ['Drafts', 'Flags'] : []), 'Result'];
  return html`<h1>Games</h1>
${stackTable(heads, rows, html` data-live="games"`)}`;
}

/** An incomplete read, said where the poll time is. */
function missingNote(ids: string[] | undefined): Html | string {
  if (!ids?.length) return '';
  const shown = ids.slice(0, 10).join(', ') + (ids.length > 10 ? ', …' : '');
  return html` · <strong>${ids.length} post${ids.length === 1 ? '' : 's'} could not be read</strong> (${shown}); the next poll asks again`;
}

export function resultText(r: StateJson['result']): string {
  if (r.status === 'over') return r.winner === 'none' ? 'over: everyone loses' : `over: ${r.winner} wins`;
  return r.status === 'pending' ? 'pending (a win holds; missiles or Doomsday still open)' : 'ongoing';
}

/** The game's overview: phase and deadline, the vote count as players will see it, and the players. */
export function gameOverview(
  game: GameSummary,
  state: StateJson,
  count: DraftRecord | null,
  o: { seesPrivate: boolean; changes: PersonChange[] } = { seesPrivate: true, changes: [] },
): Html {
  const publicPath = `/public/${encodeURIComponent(game.id)}`;
  return html`<h1>${game.title}</h1>
${game.publicPage ? html`<p class="small">Players' count page (no login; post its link in the thread): <a href="${publicPath}" id="public-link">${publicPath}</a></p>` : ''}
<div class="grid">
<section class="card" data-live="phase" aria-labelledby="phase-h">
  <h2 id="phase-h">Phase</h2>
  ${phaseBlock(state)}
</section>
<section class="card" data-live="count" aria-labelledby="count-h">
  <h2 id="count-h">Vote count <span class="small muted">as players will see it</span></h2>
  ${countBlock(state, count, game.id)}
  ${o.seesPrivate ? houseRulesBlock(state) : ''}
</section>
</div>
<section class="card" data-live="players" aria-labelledby="players-h">
  <h2 id="players-h">Players <span class="small muted">${state.players.filter((p) => p.alive).length} alive of ${state.players.length}</span></h2>
  ${playersTable(state, o.seesPrivate)}
</section>
${o.changes.length ? changesCard(o.changes, game.timeZone) : ''}`;
}

function phaseBlock(state: StateJson): Html {
  const p = state.phase;
  if (!p) return html`<p>Not started: the first phase starts later.</p>`;
  const kind = p.kind === 'setup' ? 'set-up' : p.kind;
  const end = p.endedAt
    ? html`<p>Ended ${when(p.endedAt)} (${p.endReason ?? 'ended'}).</p>`
    : p.deadline
      ? html`<p>Deadline ${when(p.deadline)}<br><strong>${countdown(p.deadline, state.at, 'time left')}</strong> left</p>`
      : html`<p class="muted">No deadline: the phase ends when the next one starts.</p>`;
  return html`<p class="big"><strong>${p.name}</strong> · ${kind} ${p.number} · since ${when(p.startedAt)}</p>${end}
<p>Result: <strong>${resultText(state.result)}</strong>${state.result.at ? html` (${when(state.result.at)})` : ''}</p>
<p class="small muted">State at ${when(state.at)}.</p>`;
}

function countBlock(state: StateJson, count: DraftRecord | null, gameId: string): Html {
  if (count) {
    return html`<div class="rendered">${markupToHtml(count.text, count.format)}</div>
<p class="small muted">Draft ${count.id} (${statusWords(count)}) · <a href="/games/${encodeURIComponent(gameId)}/drafts#draft-${count.id}">open in drafts</a></p>`;
  }
  const v = state.votes;
  if (!v.day) return html`<p class="muted">No day has started yet.</p>`;
  return html`<p class="muted small">No vote-count draft is waiting; the last count of ${v.day}:</p>
<ul>${v.wagons.map((w) => html`<li><strong>${w.target} (${w.count})</strong>: ${w.voters.join(', ')}</li>`)}
${v.noLynch.count ? html`<li><strong>No lynch (${v.noLynch.count})</strong>: ${v.noLynch.voters.join(', ')}</li>` : ''}
${v.notVoting.length ? html`<li>Not voting (${v.notVoting.length}): ${v.notVoting.join(', ')}</li>` : ''}</ul>`;
}

/** Who approved, ruled or edited what lately: each change names its account. */
function changesCard(changes: PersonChange[], timeZone?: string): Html {
  const rows = changes.map((c) => ({
    cells: [when(c.at, timeZone), html`<strong class="actor">${c.actor}</strong>`, c.action, changeDetail(c.detail)],
  }));
  return html`<section class="card" id="changes" aria-labelledby="changes-h">
  <h2 id="changes-h">Who did what <span class="small muted">latest first</span></h2>
  ${stackTable(['When', 'Who', 'What', 'Which'], rows)}
</section>`;
}

function changeDetail(d: Record<string, unknown>): string {
  const parts = ['draft', 'flagId', 'postId', 'target', 'kind'].filter((k) => typeof d[k] === 'string');
  return parts.map((k) => `${k} ${d[k]}`).join(', ');
}

function playersTable(state: StateJson, seesPrivate: boolean): Html {
  const flips = new Map(state.eliminations.map((e) => [e.name, e]));
  const rows = state.players.map((p) => {
    const e = flips.get(p.name);
    const flip = e?.flip
      ? [e.flip.faction, e.flip.role].filter(Boolean).join(' ')
      : [p.faction, p.role].filter(Boolean).join(' ');
    return {
      attrs: html`class="${p.alive ? 'alive' : 'dead'}"`,
      cells: [
        html`<span class="name">${p.name}</span>${p.formerNames.length ? html` <span class="small muted">(replaced ${p.formerNames.join(', ')})</span>` : ''}`,
        p.alive ? 'alive' : html`dead: ${p.cause ?? '?'}${e?.phase ? ` (${e.phase})` : ''}`,
        p.alive
          ? html`<span class="muted">${(seesPrivate && [p.faction, p.role].filter(Boolean).join(' ')) || '—'}</span>`
          : html`<strong>${flip || '—'}</strong>`,
        p.diedAt ? when(p.diedAt) : '',
      ],
    };
  });
  return stackTable(['Player', 'Status', 'Role (flip)', 'Died'], rows);
}
