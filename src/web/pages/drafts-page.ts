import type { DraftFold, DraftRecord, DraftShelf } from '../../app/desk.js';
import { type Html, html } from '../html.js';
import { markupToHtml, withoutBbTags } from '../markup-to-html.js';
import { csrfField, when } from './layout.js';
import { notPostedCard } from './posting-state.js';
import { stackTable } from './stack-table.js';

/**
 * The drafts queue, as the desk shelves it (src/app/drafts/tidy.ts): the pending drafts, each rendered and raw
 * with Approve, Copy, Edit and Reject; approved drafts not posted yet, each with its state in words, Retry now
 * and Stop retrying; one folded line per earlier phase holding its superseded counts and stale
 * drafts; then the done ones.
 */
export function draftsPage(gameId: string, shelf: DraftShelf, csrf: string, now: string): Html {
  const { pending, folds, done, notPosted } = shelf;
  return html`<h1>Drafts</h1>
<div data-live="drafts-not-posted">${
    notPosted.length
      ? html`<h2>Approved, not posted yet</h2>${notPosted.map((d) => notPostedCard(gameId, d, csrf, now, title(d)))}`
      : ''
  }</div>
<div data-live="drafts-pending">
${pending.length === 0 ? html`<p class="muted">No drafts waiting.</p>` : pending.map((d) => draftCard(gameId, d, csrf))}
</div>
<div data-live="drafts-folded">${folds.map((f) => foldLine(gameId, f, csrf))}</div>
<h2>Done</h2>
<div data-live="drafts-done">
${
  done.length === 0
    ? html`<p class="muted">Nothing approved or rejected yet.</p>`
    : stackTable(
        ['Draft', 'Kind', 'Status', 'When', 'Text'],
        done.map((d) => ({
          attrs: html`id="draft-${d.id}"`,
          cells: [
            d.id,
            html`${d.kind}${d.to ? html` → ${d.to}` : ''}`,
            html`${statusBadge(d)}${
              d.posted?.url
                ? html` <a href="${safe(d.posted.url)}" rel="noopener noreferrer">post</a>`
                : toPaste(d)
                  ? html` <a href="?copy=${encodeURIComponent(d.id)}#ready-h" id="paste-${d.id}">copy the text</a>`
                  : ''
            }${correctable(d) ? correctForm(gameId, d, csrf) : ''}`,
            when(d.updatedAt),
            html`<details><summary>show</summary><div class="rendered">${markupToHtml(d.text, d.format)}</div></details>`,
          ],
        })),
      )
}
</div>`;
}

/**
 * An approved draft this desk could not post (no account for the platform, a dry run) is stored as done with no
 * post behind it: it is "approved: paste it", never "posted", which would say a post exists that nobody made (m6).
 */
const toPaste = (d: DraftRecord) => d.status === 'posted' && !d.posted?.id && !d.posted?.url;

/** A count moddesk posted can be corrected by an edit of that post (issue 30 item 3b). */
const correctable = (d: DraftRecord) => d.kind === 'vote-count' && d.status === 'posted' && Boolean(d.posted?.id);

function correctForm(gameId: string, d: DraftRecord, csrf: string): Html {
  const action = `/games/${encodeURIComponent(gameId)}/drafts/${encodeURIComponent(d.id)}/correct`;
  return html` <form method="post" action="${action}" class="inline">${csrfField(csrf)}<button type="submit" id="correct-${d.id}" title="Count it again as of when it was posted, and draft an edit of that post if it reads differently">Correct by an edit</button></form>`;
}

/** A draft's status in words, as its badge. */
export function statusWords(d: DraftRecord): string {
  return toPaste(d) ? 'approved: paste it' : d.status;
}

const statusBadge = (d: DraftRecord) =>
  html`<span class="status status-${toPaste(d) ? 'approved' : d.status}">${statusWords(d)}</span>`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line per phase, closed: its superseded counts (text only) and its stale drafts (still approvable). */
function foldLine(gameId: string, f: DraftFold, csrf: string): Html {
  const id = `fold-${(f.phase ?? 'game').replace(/[^\w-]/g, '_')}`;
  const parts = [
    f.superseded.length ? plural(f.superseded.length, 'superseded count', 'superseded counts') : '',
    f.stale.length ? plural(f.stale.length, 'stale draft', 'stale drafts') : '',
  ].filter(Boolean);
  return html`<details class="card fold" id="${id}"><summary><strong>${f.phase ?? 'Game'}</strong> · ${parts.join(' · ')}</summary>
${
  f.superseded.length
    ? html`<ul class="superseded">${f.superseded.map(
        (d) =>
          html`<li id="draft-${d.id}"><span class="status status-superseded">superseded</span> ${title(d)}${d.supersededBy ? html` <span class="small muted">by ${d.supersededBy}</span>` : ''}
<details><summary class="small">show the text</summary><div class="rendered">${markupToHtml(d.text, d.format)}</div></details></li>`,
      )}</ul>`
    : ''
}
${f.stale.map((d) => draftCard(gameId, d, csrf))}
</details>`;
}

const safe = (url: string) => (/^https?:\/\//i.test(url) ? url : '#');

function draftCard(gameId: string, d: DraftRecord, csrf: string): Html {
  const base = `/games/${encodeURIComponent(gameId)}/drafts/${encodeURIComponent(d.id)}`;
  const rawId = `raw-${d.id}`;
  return html`<article class="card draft" id="draft-${d.id}" data-live="draft-${d.id}" aria-labelledby="h-${d.id}">
<div class="cue-head"><h2 id="h-${d.id}">${title(d)}</h2>${statusBadge(d)}</div>
<p class="small muted">${d.id} · ${d.format}${d.throughPost ? html` · through post ${d.throughPost}` : ''} · drafted ${when(d.createdAt)}${d.updatedAt !== d.createdAt ? html` · updated ${when(d.updatedAt)}` : ''}</p>
${d.recount ? recountBlock(base, d, csrf) : ''}
<div class="rendered" aria-label="as players will see it">${markupToHtml(d.text, d.format)}</div>
<form method="post" action="${base}/edit" class="edit">
  ${csrfField(csrf)}
  <label class="field" for="${rawId}">Raw ${d.format}
  <textarea id="${rawId}" name="text" spellcheck="false">${d.text}</textarea></label>
  <div class="actions"><button type="submit" id="save-${d.id}">Save edit</button>
  <button type="button" data-copy="${rawId}" id="copy-${d.id}">Copy</button></div>
</form>
<div class="actions">
  <form method="post" action="${base}/approve">${csrfField(csrf)}<input type="hidden" name="seen" value="${d.updatedAt}">
    <button type="submit" class="primary" id="approve-${d.id}">Approve</button></form>
  <form method="post" action="${base}/reject" class="reject">${csrfField(csrf)}
    <label class="small" for="reason-${d.id}">Reason</label> <input type="text" id="reason-${d.id}" name="reason" maxlength="200">
    <button type="submit" class="danger" id="reject-${d.id}">Reject</button></form>
</div>
</article>`;
}

/** A draft's card title: its kind and its first line as plain text (no markup), the kind not said twice. */
export function title(d: DraftRecord): string {
  const first =
    linkTexts(withoutBbTags(d.text.split('\n')[0] ?? ''))
      .replace(/^#+\s*|\*\*|__|~~|(?<!\w)[*_](?!\s)|(?<=\S)[*_](?!\w)/g, '')
      .trim() ?? '';
  const kind = d.kind.replace(/-/g, ' ');
  const label = `${kind[0]?.toUpperCase()}${kind.slice(1)}${d.to ? ` (PM to ${d.to})` : ''}`;
  if (!first) return label;
  const line = first.slice(0, 80);
  return line.toLowerCase().startsWith(kind.toLowerCase()) && !d.to ? line : `${label}: ${line}`;
}

function recountBlock(base: string, d: DraftRecord, csrf: string): Html {
  const recount = d.recount;
  if (!recount) return html``;
  return html`<div class="recount error" role="alert">
<p><strong>The thread moved on since this was drafted.</strong> A recount now reads differently (<span class="del">-</span> this draft, <span class="add">+</span> the recount):</p>
<pre class="diff">${recount.diff.split('\n').map((l) => html`<span class="${l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : ''}">${l}</span>\n`)}</pre>
<div class="actions">
  <form method="post" action="${base}/edit">${csrfField(csrf)}<input type="hidden" name="text" value="${recount.text}">
    <button type="submit" id="use-recount-${d.id}">Use the recount</button></form>
  <form method="post" action="${base}/approve">${csrfField(csrf)}<input type="hidden" name="confirm" value="1">
    <button type="submit" id="confirm-${d.id}">Approve this text anyway</button></form>
</div></div>`;
}

/**
 * Markdown links `[text](url)` → `text`, as `.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')` did, in one pass: every
 * `[` before the same `]` shares its fate, so the search goes on after that `]`.
 */
export function linkTexts(line: string): string {
  let out = '';
  let done = 0;
  let from = 0;
  for (;;) {
    const open = line.indexOf('[', from);
    const close = open < 0 ? -1 : line.indexOf(']', open + 1);
    if (close < 0) break;
    if (line[close + 1] !== '(') {
      from = close + 1;
      continue;
    }
    const end = line.indexOf(')', close + 2);
    if (end < 0) break;
    out += line.slice(done, open) + line.slice(open + 1, close);
    done = end + 1;
    from = done;
  }
  return out + line.slice(done);
}
