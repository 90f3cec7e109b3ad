import type { NightCueJson, StateJson } from '../../domain/state.js';
import type { DashboardView } from '../../reporter/dashboard-view.js';
import { text } from '../../reporter/markup.js';
import { type CueStatus, cueView, isDone, type NightConsole } from '../../reporter/night-console.js';
import { consoleSignal, dawnReport, renderDawnReport } from '../../reporter/obsidian/index.js';
import { displayName } from '../../reporter/vote-count-model.js';
import { type Html, html } from '../html.js';
import { markupToHtml } from '../markup-to-html.js';
import { csrfField, when } from './layout.js';
import { stackTable } from './stack-table.js';

const STATUS_NOTE: Record<CueStatus, string> = {
  narration: '',
  open: '',
  disabled: 'DISABLED tonight (enforced): wake them, tell them they are disabled; their pick will not resolve.',
  'not-woken': 'DO NOT WAKE: enforced tonight. Skip this cue.',
  spent: 'NO SHIELD LEFT (used up earlier): skip this cue.',
  'no-actor': 'No living node holds this role: read the lines, record nothing.',
};

export interface NightPageInput {
  gameId: string;
  state: StateJson;
  view: DashboardView;
  /** The guided console's walk (night-session.ts), started from `view.nightConsole`. */
  console: NightConsole | null;
  /** The night resolved from the console's picks so far (`DeskExtras.nightPreview`): the Dawn Report and signals. */
  preview: StateJson | null;
  csrf: string;
  canResolve: boolean;
}

/** The night console: the guided obsidian walk when one runs, and PM entry for every ruleset. */
export function nightPage(input: NightPageInput): Html {
  const { state } = input;
  const phase = state.phase;
  return html`<h1>Night console${phase ? ` · ${phase.name}` : ''}</h1>
${input.console ? guided(input, input.console) : phase?.kind === 'night' ? '' : html`<p class="muted">It is ${phase ? `${phase.name} (${phase.kind})` : 'before the game'}; night actions are entered during a night (a defcon Doomsday, Submarine or D0 request PM can be entered any time it is sent).</p>`}
${pmForm(input)}
${tonight(input)}
<section class="card" data-live="night-results"><h2>Night results</h2>${
    state.nightResults.length === 0
      ? html`<p class="muted">None yet.</p>`
      : stackTable(
          ['Night', 'Actor', 'Action', 'Target', 'Result'],
          [...state.nightResults]
            .reverse()
            .map((r) => ({ cells: [r.phase, r.actor, r.action, r.target ?? '—', r.result] })),
        )
  }</section>`;
}

function pmForm({ gameId, state, view, csrf }: NightPageInput): Html {
  const phase = state.phase;
  const pm = view.views.pm;
  // By day only a ruleset that takes PM actions then (DEFCON: Doomsday, Submarine, D0 requests): no "Record for D2" elsewhere.
  if (!phase || (phase.kind !== 'night' && !pm.byDay)) return html``;
  return html`<section class="card" aria-labelledby="pm-h"><h2 id="pm-h">Enter a PM action</h2>
<form method="post" action="/games/${encodeURIComponent(gameId)}/night/action">${csrfField(csrf)}
<input type="hidden" name="phase" value="${phase.name}">
<label class="field" for="pm-actor">From
<select id="pm-actor" name="actor" required><option value="">choose…</option>${state.players.map(
    (p) => html`<option value="${p.name}">${p.name}${p.alive ? '' : ' (dead)'}${p.role ? ` · ${p.role}` : ''}</option>`,
  )}</select></label>
<label class="field" for="pm-line">Action line, as the player would send it
<input type="text" id="pm-line" name="line" list="pm-kinds" required maxlength="300" placeholder="Target: Bob" autocomplete="off"></label>
<datalist id="pm-kinds">${pm.suggestions.map((s) => html`<option value="${s}"></option>`)}</datalist>
<button type="submit" class="primary" id="pm-submit">${phase.kind === 'night' ? `Record for ${phase.name}` : `Record as a PM sent in ${phase.name}`}</button>
</form></section>`;
}

function tonight({ state, view }: NightPageInput): Html {
  const name = (player: string | null) => (player === null ? '—' : labelOf(state, player));
  const actions = view.tonight;
  return html`<section class="card" data-live="night-actions"><h2>Recorded for ${state.phase?.name ?? '—'} (${actions.length})</h2>${
    actions.length === 0
      ? html`<p class="muted">Nothing recorded yet.</p>`
      : stackTable(
          ['From', 'Action', 'Target', 'When', 'Source'],
          actions.map((a) => ({
            cells: [name(a.actor), `${a.kind}${a.extra ? ` (${a.extra})` : ''}`, name(a.target), when(a.at), a.postId],
          })),
        )
  }</section>`;
}

/** A player of the state as the mod reads them: the current name, with the one they replaced. */
const labelOf = (state: StateJson, player: string) => displayName(state.players.find((p) => p.name === player));

function guided(input: NightPageInput, c: NightConsole): Html {
  const { state, preview } = input;
  const action = `/games/${encodeURIComponent(input.gameId)}/night/console`;
  const name = (player: string | null) => (player === null ? 'nobody' : labelOf(state, player));
  const opForm = (op: string, label: string, attrs: Html | string = '', extra: Html | string = '') =>
    html`<form method="post" action="${action}">${csrfField(input.csrf)}<input type="hidden" name="op" value="${op}">${extra}<button type="submit"${attrs}>${label}</button></form>`;
  const done = isDone(c);
  const view = done ? null : cueView(c, c.cursor);
  let card: Html;
  if (view) {
    const { cue, status, entry } = view;
    const who = cue.prompt && cue.actor !== null ? `${cue.prompt.asked} ${name(cue.actor)}` : null;
    const canRecord = cue.prompt !== null && cue.actor !== null && (status === 'open' || status === 'disabled');
    const signal = consoleSignal(c, cue.index, preview);
    const alive = state.players.filter((p) => p.alive);
    card = html`<div class="cue-head"><h2 id="cue-h">${cue.title}</h2><span class="small muted">cue ${cue.index + 1} of ${c.cues.length}</span></div>
${wakeLine(cue.wakes, name)}
${cue.first ? cue.say.map((l) => html`<p class="say">“${l}”</p>`) : ''}
${cue.first ? html`<ul class="small">${cue.notes.map((n) => html`<li>${n}</li>`)}</ul>` : ''}
${who ? html`<p><strong>${who}</strong>: ${cue.prompt?.ask}</p>` : ''}
${status !== 'open' && status !== 'narration' ? html`<p class="error" id="cue-status" data-status="${status}">${STATUS_NOTE[status]}</p>` : ''}
${entry ? html`<p class="notice" id="cue-entry">Recorded: <strong>${name(entry.target)}</strong>${entry.postId ? html` <span class="small">(PM ${entry.postId})</span>` : ''}</p>` : ''}
${signal ? html`<p class="notice"><strong>${signal}</strong></p>` : ''}
${c.notice ? html`<p class="error" role="alert" id="console-notice">${c.notice.message}</p>` : ''}
${
  canRecord
    ? html`<form method="post" action="${action}" aria-label="record the target">${csrfField(input.csrf)}<input type="hidden" name="op" value="record">
<div class="targets">${alive.map(
        (p) =>
          html`<button type="submit" name="target" value="${p.name}" aria-pressed="${entry?.target === p.name ? 'true' : 'false'}">${displayName(p)}</button>`,
      )}</div></form>`
    : ''
}
${cue.last ? cue.close.map((l) => html`<p class="say">“${l}”</p>`) : ''}
<div class="console-nav">
${opForm('undo', 'Undo', html` id="console-undo"${c.past.length === 0 ? html` disabled` : ''}`)}
${opForm('next', canRecord && !entry ? 'Skip' : 'Next', html` class="primary" id="console-next"`)}
${canRecord ? opForm('nobody', 'Points at nobody', html` id="console-nobody"`) : ''}
</div>`;
  } else {
    card = html`<div class="cue-head"><h2 id="cue-h">Everyone, wake up.</h2><span class="small muted">all ${c.cues.length} cues done</span></div>
<p>Picks tonight:</p>
<ul>${[...c.entries].sort((a, b) => a.cue - b.cue).map((e) => html`<li>${c.cues[e.cue]?.title}: ${name(e.actor)} → <strong>${name(e.target)}</strong>${e.postId ? html` <span class="small muted">(PM ${e.postId})</span>` : ''}</li>`)}</ul>
${
  preview
    ? html`<p>Dawn Report from these picks:</p>
<div class="rendered" id="dawn-preview">${markupToHtml(renderDawnReport(dawnReport(preview, c.phase), text), 'text')}</div>`
    : ''
}
<div class="console-nav">
${opForm('undo', 'Undo', html` id="console-undo"`)}
${
  input.canResolve
    ? html`<form method="post" action="${action}/resolve">${csrfField(input.csrf)}<button type="submit" class="primary" id="console-resolve">Resolve the night</button></form>`
    : html`<p class="small muted">This desk resolves the night at its deadline; the picks are sent as PMs.</p>`
}
</div>`;
  }
  const attrs = view
    ? html` data-step="${view.cue.step}" data-actor="${view.cue.actor === null ? '' : name(view.cue.actor)}" data-status="${view.status}" data-cue="${view.cue.index}"`
    : html` data-step="done"`;
  return html`<section class="card console" id="console" data-live="console" aria-labelledby="cue-h"${attrs}>${card}</section>
<details class="card"><summary>The whole night in wake order</summary><ol class="cue-list">${c.cues.map((cue) => {
    const entry = c.entries.find((e) => e.cue === cue.index);
    return html`<li class="${cue.index === c.cursor ? 'current' : ''}">${cue.title}${cue.actor !== null ? ` (${name(cue.actor)})` : ''}${entry ? html`: <strong>${name(entry.target)}</strong>` : ''}</li>`;
  })}</ol>
${opForm('restart', 'Start the walk again', html` id="console-restart"`)}</details>`;
}

function wakeLine(w: NightCueJson['wakes'], name: (player: string) => string): Html | string {
  if (!w) return '';
  if ('roles' in w) return html`<p class="small">Wakes: ${w.faction} and ${w.roles.join(', ')}</p>`;
  const members = w.members.map(name).join(', ') || 'nobody alive';
  if ('role' in w) return html`<p class="small">Wakes: ${w.role}: ${members}</p>`;
  return html`<p class="small">Wakes: the ${w.faction} faction: ${members}</p>`;
}
