import type { DashboardDesk, GameSummary, GroupRuling, ModEvent, Ruling } from '../app/desk.js';
import type { DeathCause, GameEvent } from '../domain/game-file.js';
import { dashboardView } from '../reporter/dashboard-view.js';
import { consolePicks, isDone, pickLine } from '../reporter/night-console.js';
import { HttpError } from './http-util.js';
import type { ConsoleOp, NightSessions } from './night-session.js';
import type { GameTab } from './pages/layout.js';

export interface ChangeContext {
  desk: DashboardDesk;
  game: GameSummary;
  form: URLSearchParams;
  sessions: NightSessions;
}

/** Where to go after a change, and what to tell the mod there. */
export interface ChangeResult {
  to: string;
  notice: string;
  extra?: Record<string, string>;
  hash?: string;
}

const field = (form: URLSearchParams, name: string, max = 20_000): string => {
  const v = form.get(name);
  if (v === null || v.length > max) throw new HttpError(400, `missing or oversized form field "${name}"`);
  return v;
};

/** The tab a change is asked from, where its refusal is shown (m5: never a bare error page). */
export function tabOf(path: string): GameTab | null {
  if (path.startsWith('/rulings')) return 'flags';
  if (path.startsWith('/mod/')) return 'mod';
  if (path.startsWith('/drafts/')) return 'drafts';
  if (path.startsWith('/night/')) return 'night';
  return null;
}

/** The Flags page's filter a ruling's form carries back (its `back` field), as a query. */
export function backQuery(form: URLSearchParams): URLSearchParams {
  return new URLSearchParams(back(form));
}

/**
 * Every change the dashboard accepts, by name: `change` dispatches through this table only, and
 * `access.ts` names the role each one needs (a route missing there does not compile).
 */
export const CHANGE_ROUTES = {
  'draft-edit': /^\/drafts\/([^/]+)\/edit$/,
  'draft-approve': /^\/drafts\/([^/]+)\/approve$/,
  'draft-reject': /^\/drafts\/([^/]+)\/reject$/,
  'draft-stop': /^\/drafts\/([^/]+)\/stop$/,
  'draft-correct': /^\/drafts\/([^/]+)\/correct$/,
  'draft-approve-role-pms': /^\/drafts\/approve-role-pms$/,
  ruling: /^\/rulings$/,
  'ruling-group': /^\/rulings\/group$/,
  'ruling-undo': /^\/rulings\/undo$/,
  'night-action': /^\/night\/action$/,
  'night-console': /^\/night\/console$/,
  'night-resolve': /^\/night\/console\/resolve$/,
  'mod-kill': /^\/mod\/kill$/,
  'mod-replace': /^\/mod\/replace$/,
  'mod-reset': /^\/mod\/reset$/,
  'mod-phase': /^\/mod\/phase$/,
  'mod-undo': /^\/mod\/undo$/,
} as const satisfies Record<string, RegExp>;

export type ChangeRoute = keyof typeof CHANGE_ROUTES;

/** The change a path (after `/games/:id`) names, or null. */
export function routeOf(path: string): { route: ChangeRoute; match: RegExpExecArray } | null {
  for (const [route, pattern] of Object.entries(CHANGE_ROUTES) as [ChangeRoute, RegExp][]) {
    const match = pattern.exec(path);
    if (match) return { route, match };
  }
  return null;
}

/** Applies one change; `path` is the part after `/games/:id`. */
export async function change(path: string, c: ChangeContext): Promise<ChangeResult> {
  const { desk, game, form } = c;
  const found = routeOf(path);
  if (!found) throw new HttpError(404, 'no such action');
  const { route, match } = found;
  const id = decodeURIComponent(match[1] ?? '');
  switch (route) {
    case 'draft-edit':
      await desk.editDraft(game.id, id, field(form, 'text'));
      return { to: 'drafts', notice: 'saved', hash: `draft-${id}` };
    case 'draft-stop':
      if (!desk.stopPosting) throw new HttpError(404, 'This desk does not post.');
      await desk.stopPosting(game.id, id);
      return { to: 'drafts', notice: 'stopped', hash: `draft-${id}` };
    case 'draft-correct': {
      if (!desk.correctCount) throw new HttpError(404, 'This desk does not post.');
      const fix = await desk.correctCount(game.id, id);
      return fix
        ? { to: 'drafts', notice: 'correction', hash: `draft-${fix.id}` }
        : { to: 'drafts', notice: 'count-stands', hash: `draft-${id}` };
    }
    case 'draft-reject': {
      const reason = form.get('reason')?.slice(0, 200).trim();
      await desk.rejectDraft(game.id, id, reason || undefined);
      return { to: 'drafts', notice: 'rejected' };
    }
    case 'draft-approve':
      return approve(c, id);
    case 'draft-approve-role-pms': {
      if (!desk.approveRolePms) throw new HttpError(404, 'This desk does not send role PMs.');
      const { approved } = await desk.approveRolePms(game.id);
      return { to: 'drafts', notice: approved ? 'role-pms' : '', hash: 'role-pms' };
    }
    case 'ruling':
      await desk.rule(game.id, ruling(form));
      return { to: 'flags', notice: 'ruled', extra: back(form) };
    case 'ruling-group':
      await desk.ruleGroup(game.id, groupRuling(form));
      return { to: 'flags', notice: 'ruled-group', extra: back(form) };
    case 'ruling-undo':
      await desk.undoRuling(game.id, field(form, 'flagId', 200));
      return { to: 'flags', notice: 'undone', extra: back(form) };
    case 'night-action': {
      const entry = await desk.recordNightAction(game.id, {
        phase: field(form, 'phase', 10),
        actor: field(form, 'actor', 200),
        line: field(form, 'line', 300),
      });
      return {
        to: 'night',
        notice: entry?.outcome === 'flagged' ? 'flagged' : entry?.outcome === 'no-action' ? 'no-action' : 'recorded',
      };
    }
    case 'night-console':
      return consoleOp(c);
    case 'night-resolve':
      return resolve(c);
    case 'mod-undo':
      if (!desk.undoModEvent) throw new HttpError(409, 'this desk cannot undo mod events');
      await desk.undoModEvent(game.id, Number(field(form, 'index', 6)), recordedEvent(field(form, 'event', 2000)));
      return { to: 'mod', notice: 'mod-undo' };
    case 'mod-kill':
    case 'mod-replace':
    case 'mod-reset':
    case 'mod-phase': {
      const op = route.slice(4);
      if (!desk.modEvent) throw new HttpError(409, 'this desk cannot record mod events');
      await desk.modEvent(game.id, modEvent(op, form));
      return { to: 'mod', notice: `mod-${op}` };
    }
  }
}

async function approve({ desk, game, form }: ChangeContext, id: string): Promise<ChangeResult> {
  const confirm = form.get('confirm') === '1';
  const seen = form.get('seen');
  const now = (await desk.drafts(game.id)).find((d) => d.id === id);
  // The draft changed (a refresh) after the page showed it: show it again rather than approve unseen text.
  if (!confirm && seen && now && now.updatedAt !== seen) return { to: 'drafts', notice: 'stale', hash: `draft-${id}` };
  const result = await desk.approveDraft(game.id, id, { confirm });
  if (result.outcome === 'changed') return { to: 'drafts', notice: 'changed', hash: `draft-${id}` };
  // The "Ready to paste" card says it all: no notice above it to say it again (m6).
  if (result.outcome === 'copy') return { to: 'drafts', notice: '', extra: { copy: id }, hash: 'ready-h' };
  if (result.outcome === 'waiting') return { to: 'drafts', notice: 'waiting', hash: `draft-${id}` };
  return { to: 'drafts', notice: 'posted' };
}

function ruling(form: URLSearchParams): Ruling {
  const kind = form.get('kind');
  const note = form.get('note')?.slice(0, 200).trim() || undefined;
  if (kind === 'accept') return { kind, flagId: field(form, 'flagId', 100) };
  if (kind === 'ignore') return { kind, postId: field(form, 'postId', 200), note };
  if (kind === 'vote') {
    const target = field(form, 'target', 200).trim();
    if (!target) throw new HttpError(400, 'choose the player the vote is for');
    const alias = form.get('remember') === '1' ? form.get('alias')?.slice(0, 60).trim() || undefined : undefined;
    return { kind, postId: field(form, 'postId', 200), target, note, rememberAlias: alias };
  }
  throw new HttpError(400, 'unknown ruling');
}

/** The event an Undo names (as the page wrote it); the desk checks it is still the file's event at that place. */
function recordedEvent(json: string): GameEvent {
  let event: unknown;
  try {
    event = JSON.parse(json);
  } catch {
    throw new HttpError(400, 'the event to undo is not readable; reload the page');
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    throw new HttpError(400, 'the event to undo is not readable; reload the page');
  return event as GameEvent;
}

/** The mod events that take a player out of the game or wipe the day's votes: each needs its box ticked. */
const CONFIRMED: Record<string, string> = {
  kill: 'tick "Yes, kill this player" to record the kill (it can be undone below the forms)',
  replace: 'tick "Yes, replace this player" to record the replacement',
  reset: 'tick "Yes, reset every vote" to reset the votes',
};

function modEvent(op: string, form: URLSearchParams): ModEvent {
  const opt = (name: string, max: number) => form.get(name)?.slice(0, max).trim() || undefined;
  const confirm = CONFIRMED[op];
  if (confirm && form.get('confirm') !== '1') throw new HttpError(400, `Nothing recorded: ${confirm}.`);
  if (op === 'kill')
    return { kind: 'kill', player: field(form, 'player', 200), cause: field(form, 'cause', 20) as DeathCause };
  if (op === 'replace') {
    const votes = form.get('votes');
    return {
      kind: 'replace',
      player: field(form, 'player', 200),
      by: field(form, 'by', 60),
      ...(votes === 'carry' || votes === 'reset' ? { votes } : {}),
    };
  }
  if (op === 'reset') return { kind: 'reset-votes', note: opt('note', 200) };
  return { kind: 'phase', name: field(form, 'name', 4).trim(), start: opt('start', 40), deadline: opt('deadline', 40) };
}

/** The flags page's filter the ruling was made under, to return to it. */
function back(form: URLSearchParams): Record<string, string> {
  const q = new URLSearchParams(form.get('back')?.slice(0, 300) ?? '');
  const out: Record<string, string> = {};
  for (const k of ['kind', 'player', 'status']) {
    const v = q.get(k);
    if (v) out[k] = v.slice(0, 100);
  }
  return out;
}

function groupRuling(form: URLSearchParams): GroupRuling {
  const kind = form.get('kind');
  if (kind !== 'accept' && kind !== 'ignore' && kind !== 'vote') throw new HttpError(400, 'unknown ruling');
  const flagIds = form.getAll('flagId').map((id) => id.slice(0, 200));
  if (flagIds.length === 0) throw new HttpError(400, 'no flags chosen');
  const target = kind === 'vote' ? field(form, 'target', 200).trim() : undefined;
  if (kind === 'vote' && !target) throw new HttpError(400, 'choose the player the votes are for');
  const alias = form.get('remember') === '1' ? form.get('alias')?.slice(0, 60).trim() || undefined : undefined;
  const note = form.get('note')?.slice(0, 200).trim() || undefined;
  return { kind, flagIds, target, note, rememberAlias: alias };
}

const OPS = new Set<ConsoleOp>(['record', 'nobody', 'next', 'undo', 'restart']);

async function consoleOp({ desk, game, form, sessions }: ChangeContext): Promise<ChangeResult> {
  const op = form.get('op') as ConsoleOp;
  if (!OPS.has(op)) throw new HttpError(400, 'unknown console step');
  const view = dashboardView(await desk.state(game.id));
  if (!sessions.apply(game.id, view, op, form.get('target'))) throw new HttpError(409, 'no guided night is running');
  return { to: 'night', notice: '', hash: 'cue-h' };
}

/** "Everyone, wake up.": the console's picks go to the desk as PMs, then the night ends now. */
async function resolve({ desk, game, sessions }: ChangeContext): Promise<ChangeResult> {
  const c = sessions.get(game.id, dashboardView(await desk.state(game.id)));
  if (!c) throw new HttpError(409, 'no guided night is running');
  if (!isDone(c)) throw new HttpError(409, 'walk every cue before resolving the night');
  // The picks received by PM are already the desk's; the console's own are sent as the PMs that would say them.
  for (const pick of consolePicks(c).filter((p) => p.postId.startsWith('console:')))
    await desk.recordNightAction(game.id, { phase: c.phase, actor: pick.actor, line: pickLine(pick) });
  if (desk.endPhase) await desk.endPhase(game.id, c.phase);
  sessions.clear(game.id);
  return { to: 'night', notice: 'resolved' };
}
