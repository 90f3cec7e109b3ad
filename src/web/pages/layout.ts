import type { GameSummary } from '../../app/desk.js';
import { formatDeadline, timeLeft } from '../../reporter/format-time.js';
import { type Html, html } from '../html.js';

export interface PageOptions {
  title: string;
  csrf: string;
  /** The desk's "now" (ISO): the countdowns tick from it. */
  now: string;
  game?: GameSummary;
  active?: GameTab;
  notice?: string | null;
  /** Show the notice as a warning (nothing was done). */
  warn?: boolean;
  error?: string | null;
  /** The desk's or the game's health (desk-health.ts), above everything in main on every page. */
  health?: Html;
  /** A day waiting for the mod's ruling on a held hammer (rulings-needed.ts), next below the health on every page. */
  rulings?: Html | string;
  /** The tabs the game's ruleset adds (its views: DEFCON's missile board). */
  tabs?: readonly string[];
  /** Who is signed in: named in the header, and the tabs their role may not open left out. */
  who?: PageVisitor;
}

export interface PageVisitor {
  name: string;
  role: string;
  /** Account mode: a sign-out button. */
  signOut: boolean;
  /** The tabs this visitor may not open (access.ts). */
  hidden: ReadonlySet<GameTab>;
}

export type GameTab = 'overview' | 'drafts' | 'flags' | 'missiles' | 'night' | 'votes' | 'counts' | 'mod';

/** The page frame: header, the game's tabs, a notice, and `main`. */
export function layout(opts: PageOptions, body: Html): string {
  const g = opts.game;
  const tab = (id: GameTab, label: string, path: string, count?: number) =>
    opts.who?.hidden.has(id)
      ? ''
      : html`<a href="/games/${encodeURIComponent(g?.id ?? '')}${path}"${opts.active === id ? html` aria-current="page"` : ''}>${label}${
          count ? html` <span class="badge" data-live="count-${id}">${count}</span>` : ''
        }</a>`;
  const nav = g
    ? html`<nav class="tabs" aria-label="Game sections">
        ${tab('overview', 'Overview', '')} ${tab('drafts', 'Drafts', '/drafts', g.pendingDrafts)}
        ${tab('flags', 'Flags', '/flags', g.openFlags)} ${opts.tabs?.includes('missiles') ? tab('missiles', 'Missiles', '/missiles') : ''}
        ${tab('night', 'Night', '/night')} ${tab('votes', 'Votes', '/votes')} ${tab('counts', 'Counts', '/counts')}
        ${tab('mod', 'Mod events', '/mod')}
      </nav>`
    : '';
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${opts.title} · moddesk</title>
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/app.js" defer></script>
</head>
<body data-now="${opts.now}" data-csrf="${opts.csrf}" data-game="${g?.id ?? ''}">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/">moddesk</a>
  ${g ? html`<span class="game-title">${g.title}</span>` : ''}
  <span class="live-status" id="live-status" aria-live="polite"></span>
  ${opts.who?.signOut ? signedIn(opts.who, opts.csrf) : ''}
</header>
${nav}
<main id="main" tabindex="-1">
${opts.health ?? ''}
${opts.rulings ?? ''}
${opts.notice ? html`<p class="notice${opts.warn ? ' warn' : ''}" role="status">${opts.notice}</p>` : ''}
${opts.error ? html`<p class="error" role="alert" id="refusal">${inZone(opts.error, g?.timeZone)}</p>` : ''}
${body}
</main>
</body>
</html>`.value
  }`;
}

function signedIn(who: PageVisitor, csrf: string): Html {
  return html`<span class="who small" id="who">${who.name} (${who.role})</span>
<form method="post" action="/logout" class="sign-out">${csrfField(csrf)}<button type="submit" id="sign-out">Sign out</button></form>`;
}

/** A form that changes something: POST with the CSRF token. */
export function form(action: string, fields: Html | string, attrs: Html | string = ''): Html {
  return html`<form method="post" action="${action}"${attrs}>${fields}</form>`;
}

export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/** An ISO instant as the machine writes it into prose ("closed at 2026-03-10T02:00:00Z"). */
const ISO_IN_PROSE = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * Prose with every ISO instant in it written in the game's time zone ("closed at Tue 10 Mar 02:00 UTC"): flag
 * messages and refusals come from the rules with machine times, which a moderator should not have to read (m5).
 */
export function inZone(text: string, timeZone = 'UTC'): string {
  return text.replace(ISO_IN_PROSE, (iso) => {
    const at = Date.parse(iso);
    return Number.isNaN(at) ? iso : formatDeadline(at, timeZone);
  });
}

/** A time as the mod reads it (UTC), machine-readable in `datetime`. */
export function when(iso: string | null | undefined, timeZone = 'UTC'): Html | string {
  if (!iso) return '—';
  return html`<time datetime="${iso}">${formatDeadline(Date.parse(iso), timeZone)}</time>`;
}

/** A live countdown to `iso`; the text is right at render and app.js keeps it ticking. */
export function countdown(iso: string | null | undefined, now: string, label = ''): Html | string {
  if (!iso) return '';
  return html`<span class="countdown" data-countdown="${iso}"${label ? html` aria-label="${label}"` : ''}>${clock(Date.parse(iso) - Date.parse(now))}</span>`;
}

/** "1d 06:02:15" (the same format app.js ticks), or "passed". */
export function clock(ms: number): string {
  if (ms <= 0) return 'passed';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d}d ${hms}` : hms;
}

export const relative = (from: string, to: string) => timeLeft(Date.parse(from), Date.parse(to));
