import type { RolePmRow, RolePmView } from '../../app/desk.js';
import { type Html, html } from '../html.js';
import { csrfField, when } from './layout.js';
import { stackTable } from './stack-table.js';

/** A role PM's state in words. */
function stateWords(r: RolePmRow): string {
  if (r.status === 'pending') return 'drafted, not approved';
  if (r.status === 'rejected' || r.status === 'superseded') return 'rejected';
  if (r.status === 'approved')
    return r.refused ? 'the forum will not take it: send it by hand (its card has the text)' : 'approved, sending…';
  return r.byHand ? 'approved: paste it by hand' : 'sent';
}

function confirmWords(r: RolePmRow): Html | string {
  if (r.confirmedAt)
    return html`<span class="status status-posted" data-confirmed="yes">confirmed</span> ${when(r.confirmedAt)}`;
  if (!r.sentAt) return html`<span class="muted">not sent yet</span>`;
  const nudge = r.nudge ? ` (nudge ${r.nudge === 'posted' ? 'sent' : r.nudge})` : '';
  return html`<span class="status status-pending" data-confirmed="no">not confirmed</span> · nudge due ${when(r.nudgeAt!)}${nudge}`;
}

/**
 * Issue 30 item 1 on the drafts page: the role PMs, with one button approving every pending one (each is sent one
 * after another), and who has and has not confirmed. Where the platform cannot send PMs, said in words: each
 * approved PM is then a text to paste (its "copy the text" link).
 */
export function rolePmsBlock(gameId: string, view: RolePmView | null, csrf: string): Html | string {
  if (!view || view.rows.length === 0) return '';
  const pending = view.rows.filter((r) => r.status === 'pending').length;
  const confirmed = view.rows.filter((r) => r.confirmedAt).length;
  const sent = view.rows.filter((r) => r.sentAt).length;
  const base = `/games/${encodeURIComponent(gameId)}/drafts`;
  return html`<section class="card" id="role-pms" aria-labelledby="role-pms-h" data-live="role-pms">
<h2 id="role-pms-h">Role PMs</h2>
<p>${sent} of ${view.rows.length} sent · <strong id="role-pms-confirmed">${confirmed} of ${sent} confirmed</strong>. A player's reply by PM after their role PM confirms it; ${view.confirmHours} hours after it went, a player who has not replied is drafted a nudge.</p>
${
  view.canSend
    ? ''
    : html`<p class="error" role="status" id="role-pms-by-hand">This game's platform (${view.platform}) has no private messages moddesk can send: approve them here, then copy each text and send it yourself.</p>`
}
${
  pending
    ? html`<form method="post" action="${base}/approve-role-pms">${csrfField(csrf)}<button type="submit" class="primary" id="approve-role-pms">Approve all ${pending} role PMs</button></form>
<p class="small muted">Or approve them one by one below. They are sent one after another; each card says how it went.</p>`
    : ''
}
${stackTable(
  ['Player', 'Role PM', 'Confirmed'],
  view.rows.map((r) => ({
    attrs: html`data-player="${r.player}"`,
    cells: [r.player, html`<a href="#draft-${r.draftId}">${stateWords(r)}</a>`, confirmWords(r)],
  })),
)}
</section>`;
}
