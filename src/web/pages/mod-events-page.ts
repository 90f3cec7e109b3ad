import type { RecordedModEvent } from '../../app/desk.js';
import { nextPhaseName } from '../../app/mod-events.js';
import { CAUSES } from '../../domain/game-file.js';
import type { StateJson } from '../../domain/state.js';
import { type Html, html } from '../html.js';
import { csrfField, when } from './layout.js';

/**
 * The mod's mid-day events without touching YAML: the next phase, a kill (with its cause), a replacement and a
 * votes reset. Each form posts to the desk, which checks the change as a load checks the game file before it
 * stores or writes anything.
 */
export function modEventsPage(
  gameId: string,
  state: StateJson,
  csrf: string,
  recorded: readonly RecordedModEvent[] = [],
  writesGameFile = true,
): Html {
  const action = (op: string) => `/games/${encodeURIComponent(gameId)}/mod/${op}`;
  const alive = state.players.filter((p) => p.alive);
  const choose = (id: string) =>
    html`<select id="${id}" name="player" required><option value="">choose…</option>${alive.map(
      (p) => html`<option value="${p.name}">${p.name}</option>`,
    )}</select>`;
  const phase = state.phase;
  const next = nextPhaseName(phase?.name);
  const dayOpen = phase?.kind === 'day' && !phase.endedAt;
  return html`<h1>Mod events</h1>
${
  writesGameFile
    ? html`<p class="muted">Recorded now (the next whole second) into the game file's <code>events</code> and <code>phases</code>, its comments kept; a change that would break the game is refused and nothing is written.</p>`
    : html`<p class="muted">Recorded now (the next whole second). serve writes nothing to the game file: these events last until you stop serve. A change that would break the game is refused.</p>`
}
<p>Now: <strong>${phase ? `${phase.name}${phase.endedAt ? ' (ended)' : ''}` : 'before the first phase'}</strong>${phase?.deadline ? html` · deadline ${when(phase.deadline)}` : ''}</p>
<div class="grid">
<section class="card" aria-labelledby="phase-h"><h2 id="phase-h">Start ${next}</h2>
<form method="post" action="${action('phase')}">${csrfField(csrf)}
<label class="field" for="phase-name">Phase <input type="text" id="phase-name" name="name" value="${next}" required maxlength="4" pattern="[DN][0-9]+"></label>
<label class="field" for="phase-start">Starts (UTC; empty: now) <input type="text" id="phase-start" name="start" maxlength="40" placeholder="2026-03-05T18:00:00Z" autocomplete="off"></label>
<label class="field" for="phase-deadline">Deadline (UTC; optional) <input type="text" id="phase-deadline" name="deadline" maxlength="40" placeholder="2026-03-07T18:00:00Z" autocomplete="off"></label>
<button type="submit" class="primary" id="phase-submit">Start ${next}</button></form></section>
<section class="card" aria-labelledby="kill-h"><h2 id="kill-h">Kill a player</h2>
<form method="post" action="${action('kill')}">${csrfField(csrf)}
<label class="field" for="kill-player">Player ${choose('kill-player')}</label>
<label class="field" for="kill-cause">Cause <select id="kill-cause" name="cause">${CAUSES.map(
    (c) => html`<option value="${c}"${c === 'modkill' ? html` selected` : ''}>${c}</option>`,
  )}</select></label>
${sure('kill', 'Yes, kill this player')}
<button type="submit" class="danger" id="kill-submit">Kill</button></form></section>
<section class="card" aria-labelledby="replace-h"><h2 id="replace-h">Replace a player</h2>
<form method="post" action="${action('replace')}">${csrfField(csrf)}
<label class="field" for="replace-player">Player leaving ${choose('replace-player')}</label>
<label class="field" for="replace-by">Replacement's name <input type="text" id="replace-by" name="by" required maxlength="60" autocomplete="off"></label>
<label class="field" for="replace-votes">The slot's vote <select id="replace-votes" name="votes"><option value="">as the game's options say</option><option value="carry">carries over</option><option value="reset">is reset</option></select></label>
${sure('replace', 'Yes, replace this player')}
<button type="submit" class="primary" id="replace-submit">Replace</button></form></section>
<section class="card" aria-labelledby="reset-h"><h2 id="reset-h">Reset the votes</h2>
${dayOpen ? '' : html`<p class="muted small">No day is open now: a reset would be refused.</p>`}
<form method="post" action="${action('reset')}">${csrfField(csrf)}
<label class="field" for="reset-note">Note (optional) <input type="text" id="reset-note" name="note" maxlength="200" autocomplete="off"></label>
${sure('reset', 'Yes, reset every vote')}
<button type="submit" class="danger" id="reset-submit">Reset every vote</button></form></section>
</div>
${recordedTable(action('undo'), recorded, csrf, writesGameFile)}`;
}

/** The box a kill, a replacement or a reset needs ticked (the desk refuses the form without it). */
function sure(op: string, label: string): Html {
  return html`<label class="field" for="${op}-confirm"><input type="checkbox" id="${op}-confirm" name="confirm" value="1" required> ${label}</label>`;
}

/** Every mod event the game holds, newest first, each with its Undo (the event goes, the state replays). */
function recordedTable(undo: string, recorded: readonly RecordedModEvent[], csrf: string, inFile: boolean): Html {
  if (recorded.length === 0)
    return html`<section aria-labelledby="recorded-h"><h2 id="recorded-h">Recorded</h2><p class="muted">No mod events ${inFile ? 'in the game file' : 'recorded'} yet.</p></section>`;
  return html`<section aria-labelledby="recorded-h"><h2 id="recorded-h">Recorded</h2>
<p class="muted small">${
    inFile
      ? html`What the game file's <code>events</code> hold (a hand edit of the file shows here too). Undo takes the event out of the file and replays the game without it.`
      : html`The game file's <code>events</code> and those recorded here since serve started. Undo takes the event out and replays the game without it.`
  }</p>
<div class="table-wrap"><table><thead><tr><th>When</th><th>Event</th><th></th></tr></thead><tbody>${recorded.map(
    (e) =>
      html`<tr data-mod-event="${String(e.index)}"><td>${when(e.at)}</td><td>${e.text}</td><td><form method="post" action="${undo}">${csrfField(csrf)}<input type="hidden" name="index" value="${String(e.index)}"><input type="hidden" name="event" value="${JSON.stringify(e.event)}"><button type="submit" id="undo-event-${String(e.index)}">Undo</button></form></td></tr>`,
  )}</tbody></table></div></section>`;
}
