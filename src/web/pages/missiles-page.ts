import type { DoomsdayJson, MissileJson, StateJson } from '../../domain/state.js';
import { type Html, html } from '../html.js';
import { countdown, when } from './layout.js';
import { stackTable } from './stack-table.js';

/** The missile board (defcon): every missile with its clocks, and the Doomsday windows (R-S3). */
export function missilesPage(state: StateJson, doomsday: DoomsdayJson[] | null): Html {
  const now = state.at;
  const flying = state.missiles.filter((m) => m.status === 'in-flight');
  const ended = state.missiles.filter((m) => m.status !== 'in-flight');
  return html`<h1>Missiles</h1>
<section class="card" data-live="missiles-flying" aria-labelledby="mf-h"><h2 id="mf-h">In flight (${flying.length})</h2>
${flying.length === 0 ? html`<p class="muted">No missile in flight.</p>` : table(flying, now, true)}</section>
<section class="card" data-live="doomsday" aria-labelledby="dd-h"><h2 id="dd-h">Doomsday windows</h2>
${doomsdayBlock(doomsday, now)}</section>
<section class="card" data-live="missiles-ended" aria-labelledby="me-h"><h2 id="me-h">Ended (${ended.length})</h2>
${ended.length === 0 ? html`<p class="muted">None yet.</p>` : table(ended, now, false)}</section>`;
}

function launcher(m: MissileJson): Html {
  if (m.launcher !== null) return html`${m.launcher}`;
  return html`<em>anonymous</em> <span class="small muted">(mod only: ${m.actualLauncher})</span>`;
}

function table(missiles: MissileJson[], now: string, live: boolean): Html {
  const headers = ['Missile', 'Launcher', 'Target', 'Launched', 'Abort window', 'Impact', 'State'];
  return stackTable(
    headers,
    missiles.map((m) => {
      const abortOpen = live && m.abortableUntil !== null && Date.parse(m.abortableUntil) > Date.parse(now);
      return {
        attrs: html`id="missile-${m.id}"`,
        cells: [
          html`${m.id}<div class="small muted">${m.kind}</div>`,
          launcher(m),
          m.target,
          when(m.launchedAt),
          m.abortableUntil === null
            ? html`<span class="muted">cannot be aborted</span>`
            : html`until ${when(m.abortableUntil)}${abortOpen ? html`<br>${countdown(m.abortableUntil, now, 'abort window closes in')}` : html`<br><span class="muted">closed</span>`}`,
          html`${when(m.landsAt)}${live ? html`<br>${countdown(m.landsAt, now, 'lands in')}` : ''}`,
          html`<span class="status status-${m.status}">${m.status}</span>${m.endedAt ? html`<div class="small">${when(m.endedAt)}</div>` : ''}`,
        ],
      };
    }),
  );
}

function doomsdayBlock(windows: DoomsdayJson[] | null, now: string): Html {
  if (windows === null) return html`<p class="muted">This desk does not report Doomsday windows.</p>`;
  if (windows.length === 0) return html`<p class="muted">No Doomsday window has opened.</p>`;
  return stackTable(
    ['Doomsday Mechanism', 'Opened', 'Closes', 'State'],
    windows.map((w) => {
      const open = !w.closed && !w.used && Date.parse(w.closesAt) > Date.parse(now);
      return {
        cells: [
          w.player,
          when(w.opensAt),
          html`${when(w.closesAt)}${open ? html`<br>${countdown(w.closesAt, now, 'window closes in')}` : ''}`,
          html`<span class="status status-${open ? 'open' : 'ignored'}">${w.used ? 'used' : open ? 'open' : 'closed'}</span>`,
        ],
      };
    }),
  );
}
