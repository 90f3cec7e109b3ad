import type { AlertChannelHealth, GameSummary, PollHealth } from '../../app/desk.js';
import { type Html, html } from '../html.js';
import { countdown, when } from './layout.js';
import { postingAlert } from './posting-state.js';

/**
 * What every page says about a game's health: the polls of the thread (last good read, the last error in words,
 * the next try), a game file that does not load, and approved drafts not posted yet (posting-state.ts). A failing poll or a broken file is an alert, never hidden:
 * the page otherwise shows the last good state, which could pass for a quiet game.
 */
export function gameHealth(g: GameSummary, now: string): Html {
  return html`<div class="health" data-live="health-${g.id}">${fileAlert(g)}${pollLine(g, now)}${pmsAlert(g)}${postingAlert(g.notPosted, g.id, now)}</div>`;
}

/** The desk's page: every game's alerts, each named, and an alert channel whose sends fail. */
export function deskHealth(games: GameSummary[], now: string, channels: readonly AlertChannelHealth[] = []): Html {
  const bad = games.filter(
    (g) => (g.poll?.failures ?? 0) > 0 || g.poll?.reading || g.gameFileError || g.pmsError || g.notPosted?.length,
  );
  return html`<div class="health" data-live="health">${channels.map(channelAlert)}${bad.map(
    (g) =>
      html`<div class="health-game"><strong>${g.title}</strong>${fileAlert(g)}${pollLine(g, now)}${pmsAlert(g)}${postingAlert(g.notPosted, g.id, now)}</div>`,
  )}</div>`;
}

function channelAlert(c: AlertChannelHealth): Html | string {
  const f = c.failing;
  if (!f) return '';
  return html`<div class="error" role="alert" data-alert-channel="${c.name}">
<strong>Alerts by ${c.name} are not getting through</strong> (${f.tries} ${f.tries === 1 ? 'try' : 'tries'}): <span class="poll-error">${f.message}</span>
<br><span class="small">Failed ${when(f.at)}; ${c.sent} sent before. A failed alert is tried again with a backoff; check the channel's settings and secret.</span></div>`;
}

function fileAlert(g: GameSummary): Html | string {
  const e = g.gameFileError;
  if (!e) return '';
  return html`<div class="error" role="alert" data-game-file-error>
<strong>The game file does not load:</strong> <code class="error-text">${e.text}</code>
<br><span class="small">Seen ${when(e.at)}. The desk keeps running on the last good game file; fix the file and it is picked up at once (nothing is lost).</span></div>`;
}

/** The thread is read but the moderator's PMs are not: night actions by PM wait until a read of them works. */
function pmsAlert(g: GameSummary): Html | string {
  const e = g.pmsError;
  if (!e) return '';
  return html`<div class="error" role="alert" data-pms-error>
<strong>Reading your PMs fails:</strong> <span class="poll-error">${e.message}</span>
<br><span class="small">Failed ${when(e.at)}. The thread is still read and counted; PMs (night actions, requests) are read again at the next poll, none is lost. Until then, record urgent ones in the night console.</span></div>`;
}

function pollLine(g: GameSummary, now: string): Html | string {
  const p = g.poll;
  if (!p) return '';
  const last = p.lastGoodAt ? html`last good read ${when(p.lastGoodAt)}` : html`no good read yet`;
  const next = (label: string) =>
    p.nextAt ? html`${label} in ${countdown(p.nextAt, now, label)}` : html`${label} soon`;
  if (p.reading) {
    const stopped =
      p.failures > 0 && p.lastError
        ? html` The last read stopped (<span class="poll-error">${p.lastError.message}</span>); the next, ${p.nextAt ? html`in ${countdown(p.nextAt, now, 'next read')}` : 'soon'}, continues from there.`
        : '';
    return html`<div class="notice" role="status" data-poll-state="reading"><strong>Reading the thread:</strong> read ${readSoFar(p.reading)} so far, each page kept as it is read.${stopped} Drafts are made once the whole thread is read.</div>`;
  }
  if (p.failures === 0 || !p.lastError)
    return html`<p class="poll-ok small muted" data-poll-state="ok">Thread: ${last} · ${next('next read')}${cadence(p)}</p>`;
  return html`<div class="error" role="alert" data-poll-state="failing">
<strong>Reading the thread fails</strong> (${p.failures} ${p.failures === 1 ? 'poll' : 'polls in a row'}): <span class="poll-error">${p.lastError.message}</span>
<br><span class="small">Failed ${when(p.lastError.at)}; ${last}; ${next('next try')}. Until a read works, this page shows the game as of the last good read.</span></div>`;
}

const count = new Intl.NumberFormat('en');

/** "1,250 of ~3,000 posts" (the platform's total is approximate: posts come and go while it is read). */
export function readSoFar(r: { held: number; total: number | null }): string {
  return r.total === null
    ? `${count.format(r.held)} posts`
    : `${count.format(r.held)} of ~${count.format(Math.max(r.total, r.held))} posts`;
}

const WHY: Record<NonNullable<PollHealth['interval']>['reason'], string> = {
  active: '',
  quiet: ' while the thread is quiet',
  'event-near': ': a deadline or a timed event is near',
  'event-next': '',
  floor: ": as often as the platform's rate limit allows",
  retry: '',
};

/** How often the thread is read now, and why (the schedule backs off while a thread is quiet: decision 0015). */
function cadence(p: PollHealth): Html | string {
  const i = p.interval;
  if (!i) return '';
  if (i.reason === 'event-next')
    return html` <span data-poll-interval="event-next">(just after the next deadline or timed event)</span>`;
  const s = i.seconds;
  const every = s >= 120 ? `${Math.round(s / 60)} min` : `${s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} s`;
  return html` <span data-poll-interval="${i.reason}">(every ${every}${WHY[i.reason]})</span>`;
}
