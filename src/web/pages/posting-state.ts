import type { DraftRecord } from '../../app/desk.js';
import { OWN_ACTION_KINDS } from '../../domain/draft.js';
import { formatInstant } from '../../domain/time.js';
import { type Html, html } from '../html.js';
import { csrfField, when } from './layout.js';

/** A wait in words: "2 min", "40 s", "1 h 5 min". */
function waitWords(ms: number): string {
  if (ms <= 0) return 'moments';
  const s = Math.ceil(ms / 1000);
  if (s < 90) return `${s} s`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/**
 * Where an approved, unposted draft stands, in words: "retrying in 2 min: phpBB answered HTTP 500 (…)", "posted?
 * checking the thread…", "stopped after 3 tries: …". Null for a draft never tried.
 */
export function postingWords(d: DraftRecord, now: string): string | null {
  const p = d.posting;
  if (!p || d.status !== 'approved') return null;
  const tries = `${p.attempts} ${p.attempts === 1 ? 'try' : 'tries'}`;
  const cause = p.error ? `: ${p.error}` : '';
  if (p.fate === 'sending') return `posting now (try ${p.attempts})`;
  if (p.byHand) return `moddesk cannot do this${cause}. ${byHandWords(d)}`;
  if (p.waitsForUnlock)
    return `waits for the thread to be unlocked: the forum does not let this account edit in a locked thread${cause}. moddesk edits it right after it unlocks the thread (or unlock it by hand and press Retry now)`;
  if (p.fate === 'unknown' && OWN_ACTION_KINDS.includes(d.kind))
    return `done? (${tries}; the last one's answer was lost${cause}). The desk reads the ${d.kind === 'lock' || d.kind === 'unlock' ? 'thread' : 'post'} back before it tries again, so it is never done twice`;
  if (p.fate === 'unknown')
    return `posted? checking the thread… (${tries}; the last one's answer was lost${cause}). The desk looks for the post in its reads of the thread and posts again only once a read from after the try shows it is not there`;
  if (p.stopped) return `not posted: stopped after ${tries}${cause}`;
  const wait = p.nextAt === null ? 0 : p.nextAt - Date.parse(now);
  return `not posted yet: retrying in ${waitWords(wait)}${cause} (${tries})`;
}

/** What the moderator does by hand when the platform or the account cannot (issue 30 items 3, 4). */
export function byHandWords(d: DraftRecord): string {
  if (d.kind === 'lock') return 'Lock the thread by hand on the forum.';
  if (d.kind === 'unlock') return 'Unlock the thread by hand on the forum.';
  if (d.kind === 'roster-edit')
    return 'Paste the block below into the opening post by hand (once: moddesk keeps it current after that, if the account may edit), then press Retry now.';
  if (d.kind === 'count-fix') return 'Edit the count post by hand and paste the text below in place of the count.';
  if (d.to) return `Send it to ${d.to} by hand as a private message: copy the text below.`;
  return 'Post it by hand: copy the text below.';
}

/** Each approved draft not posted yet, on every page of its game: a failed post never looks like a done one. */
export function postingAlert(drafts: readonly DraftRecord[] | undefined, gameId: string, now: string): Html | string {
  if (!drafts?.length) return '';
  const base = `/games/${encodeURIComponent(gameId)}/drafts`;
  return html`<div class="error" role="alert" data-posting-state="failing">
<strong>${drafts.length === 1 ? 'A draft is' : `${drafts.length} drafts are`} approved but not posted:</strong>
<ul>${drafts.map((d) => html`<li data-draft="${d.id}"><a href="${base}#draft-${d.id}">${d.kind.replace(/-/g, ' ')}${d.to ? ` (PM to ${d.to})` : ''}</a>: <span class="posting-words">${postingWords(d, now) ?? ''}</span></li>`)}</ul></div>`;
}

/** The drafts page's card for one: its state in words, its tries, Retry now and Stop retrying. */
export function notPostedCard(gameId: string, d: DraftRecord, csrf: string, now: string, title: string): Html {
  const base = `/games/${encodeURIComponent(gameId)}/drafts/${encodeURIComponent(d.id)}`;
  const p = d.posting!;
  const unknown = p.fate === 'unknown' || p.fate === 'sending';
  return html`<article class="card draft not-posted" id="draft-${d.id}" data-live="draft-${d.id}" data-posting-fate="${p.fate}">
<div class="cue-head"><h2>${title}</h2><span class="status status-approved">approved, not posted</span></div>
<p class="error" role="status"><span class="posting-words">${postingWords(d, now) ?? ''}</span></p>
${p.byHand ? html`<label class="field" for="hand-${d.id}">Text to paste <textarea id="hand-${d.id}" readonly spellcheck="false">${d.text}</textarea></label><div class="actions"><button type="button" data-copy="hand-${d.id}" id="copy-hand-${d.id}">Copy</button></div>` : ''}
<p class="small muted">${d.id} · last try began ${when(formatInstant(p.startedAt))}${p.nextAt !== null && !p.stopped ? html` · next ${unknown ? 'look' : 'try'} after ${when(formatInstant(p.nextAt))}` : ''}</p>
<div class="actions">
  <form method="post" action="${base}/approve">${csrfField(csrf)}<button type="submit" class="primary" id="retry-${d.id}">${unknown ? 'Check and retry now' : 'Retry now'}</button></form>
  ${p.stopped ? '' : html`<form method="post" action="${base}/stop">${csrfField(csrf)}<button type="submit" id="stop-${d.id}">Stop retrying</button></form>`}
</div>
</article>`;
}
