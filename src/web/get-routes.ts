import type { DashboardDesk, Desk, DraftRecord, GameSummary } from '../app/desk.js';
import type { StateJson } from '../domain/state.js';
import { formatInstant } from '../domain/time.js';
import { dashboardView } from '../reporter/dashboard-view.js';
import { consolePicks } from '../reporter/night-console.js';
import { html } from './html.js';
import type { NightSessions } from './night-session.js';
import { countsPage } from './pages/counts-page.js';
import { gameHealth } from './pages/desk-health.js';
import { draftsPage, title as draftTitle } from './pages/drafts-page.js';
import { flagFilterFrom, flagsPage, type QuotedPost } from './pages/flags-page.js';
import { gameOverview } from './pages/game-page.js';
import { csrfField, type GameTab, layout, type PageVisitor } from './pages/layout.js';
import { missilesPage } from './pages/missiles-page.js';
import { modEventsPage } from './pages/mod-events-page.js';
import { nightPage } from './pages/night-page.js';
import { rolePmsBlock } from './pages/role-pms-block.js';
import { rulingsNeeded } from './pages/rulings-needed.js';
import { votesPage } from './pages/votes-page.js';
import type { TimelineInput } from './pages/wagon-timeline.js';

export interface PageContext {
  desk: DashboardDesk;
  game: GameSummary;
  csrf: string;
  notice: string | null;
  warn: boolean;
  /** A change the desk refused, said at the top of the page it was asked from (nothing was written). */
  error?: string | null;
  query: URLSearchParams;
  sessions: NightSessions;
  /** Who asks (absent: the token's holder, who sees everything). */
  visitor?: PageVisitor;
}

/** Renders one of a game's tabs. */
export async function gamePage(tab: GameTab, c: PageContext): Promise<string> {
  const { desk, game } = c;
  const state = await desk.state(game.id);
  const view = dashboardView(state);
  const seesPrivate = !c.visitor?.hidden.has('flags');
  const rulings = seesPrivate ? rulingsNeeded(game.id, await desk.flags(game.id), c.csrf, game.timeZone) : '';
  const frame = (title: string, body: ReturnType<typeof html>) =>
    layout(
      {
        title: `${title} · ${game.title}`,
        csrf: c.csrf,
        now: state.at,
        game,
        active: tab,
        notice: c.notice,
        warn: c.warn,
        error: c.error ?? null,
        health: gameHealth(game, state.at),
        rulings,
        tabs: view.views.tabs,
        who: c.visitor,
      },
      body,
    );
  switch (tab) {
    case 'overview':
      return frame(
        'Overview',
        // A viewer reads the count as the thread stands, never a draft the moderators have not posted.
        gameOverview(game, state, seesPrivate ? voteCountDraft(await desk.drafts(game.id), state) : null, {
          seesPrivate,
          changes: seesPrivate ? ((await desk.changesByPeople?.(game.id)) ?? []) : [],
        }),
      );
    case 'drafts': {
      const drafts = await desk.drafts(game.id);
      const copy = drafts.find((d) => d.id === c.query.get('copy') && d.status !== 'pending');
      const ready = copy
        ? html`<section class="card" aria-labelledby="ready-h"><h2 id="ready-h">Ready to paste: ${draftTitle(copy)}</h2>
<p class="small muted">Approved. This platform cannot post for you: copy the text and post it in the thread.</p>
<textarea id="ready-text" readonly>${copy.text}</textarea><div class="actions"><button type="button" data-copy="ready-text" id="ready-copy">Copy</button></div></section>`
        : '';
      const roles = rolePmsBlock(game.id, (await desk.rolePms?.(game.id)) ?? null, c.csrf);
      return frame(
        'Drafts',
        html`${ready}${roles}${draftsPage(game.id, await desk.draftShelf(game.id), c.csrf, state.at)}`,
      );
    }
    case 'flags': {
      const triage = await desk.flagTriage(game.id, flagFilterFrom(c.query));
      const posts = new Map<string, QuotedPost>();
      for (const f of triage.groups.flatMap((g) => g.open)) {
        if (!f.postId || posts.has(f.postId)) continue;
        const p = await desk.post(game.id, f.postId);
        if (p) posts.set(f.postId, p);
      }
      return frame('Flags', flagsPage(game.id, triage, posts, state, c.csrf, game));
    }
    case 'missiles':
      return frame('Missiles', missilesPage(state, view.doomsday ?? []));
    case 'night': {
      // The guided console walks the view model's night script; its Dawn Report preview is the desk's, as state JSON.
      const console = c.sessions.get(game.id, view);
      const preview =
        console && desk.nightPreview ? await desk.nightPreview(game.id, console.phase, consolePicks(console)) : null;
      return frame(
        'Night',
        nightPage({
          gameId: game.id,
          state,
          view,
          console,
          preview,
          csrf: c.csrf,
          canResolve: Boolean(desk.endPhase),
        }),
      );
    }
    case 'mod':
      return frame(
        'Mod events',
        modEventsPage(game.id, state, c.csrf, (await desk.modEvents?.(game.id)) ?? [], game.writesGameFile !== false),
      );
    case 'votes':
      return frame(
        'Votes',
        votesPage(game.id, view.days, await dayTimeline(desk, game.id, c.query.get('day') ?? state.votes.day, state)),
      );
    case 'counts':
      return frame('Counts', countsPage(desk.countChecks ? await desk.countChecks(game.id) : null));
  }
}

/** The vote count on the overview: the pending one, else the last one approved during this phase. */
function voteCountDraft(drafts: DraftRecord[], state: StateJson): DraftRecord | null {
  const counts = drafts.filter((d) => d.kind === 'vote-count').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const pending = counts.find((d) => d.status === 'pending');
  if (pending) return pending;
  const since = state.phase?.startedAt ?? '';
  return counts.find((d) => (d.status === 'approved' || d.status === 'posted') && d.updatedAt >= since) ?? null;
}

/** A day's wagon chart: its votes in order, from the day's start to its hammer, end or now. */
export async function dayTimeline(
  desk: Desk,
  gameId: string,
  day: string | null,
  state: StateJson,
): Promise<TimelineInput | null> {
  if (!day) return null;
  const rows = await desk.voteHistory(gameId, day);
  const phases = dashboardView(state).schedule;
  const i = phases.findIndex((p) => p.name === day);
  const sched = phases[i];
  const lynch = state.eliminations.find((e) => e.phase === day && (e.cause === 'lynch' || e.cause === 'purge'));
  const hammerRow = lynch ? rows.find((r) => r.at === lynch.at && r.target === lynch.name) : undefined;
  const current = state.phase?.name === day ? state.phase : null;
  const scheduledEnd = sched ? (phases[i + 1]?.start ?? sched.deadline) : null;
  const end =
    hammerRow?.at ??
    current?.endedAt ??
    (current ? null : scheduledEnd !== null ? earlier(scheduledEnd, state.at) : null) ??
    (current?.deadline && current.deadline < state.at ? current.deadline : state.at);
  return {
    day,
    rows,
    start: sched ? sched.start : (current?.startedAt ?? rows[0]?.at ?? state.at),
    end,
    threshold: state.votes.day === day ? state.votes.threshold : null,
    hammer: hammerRow ? { postId: hammerRow.postId, target: hammerRow.target as string } : null,
  };
}

/** The earlier of two ISO instants written alike (formatInstant), which sort as text. */
const earlier = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);

/** The 401 page: how to get in. */
export function tokenPage(): string {
  return layout(
    { title: 'Token needed', csrf: '', now: formatInstant(Date.now()) },
    html`<h1>This dashboard needs its token</h1><p>Open the link <code>moddesk</code> printed when it started (it ends in <code>?token=…</code>). After the first visit a cookie keeps you signed in.</p>`,
  );
}

export { csrfField };
