import type { DraftRecord, DraftStatus } from '../domain/draft.js';
import type { GameFile } from '../domain/game-file.js';
import type { PmWindow } from '../domain/pm-window.js';
import { type Post, postTime } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import type { Markup } from '../reporter/markup.js';
import { renderConfirmNudge } from '../reporter/role-pm.js';
import type { PlannedDraft, PlanState } from './drafts/plan.js';
import { rolePmDrafts } from './drafts/role-plan.js';

/** Hours after a role PM is sent before an unanswered player is drafted a nudge, unless the game file says. */
export const DEFAULT_CONFIRM_HOURS = 24;

const H = 3_600_000;

/** One player's role PM as the dashboard shows it: drafted, sent (by the desk or by hand), confirmed, nudged. */
export interface RolePmRow {
  player: string;
  draftId: string;
  status: DraftStatus;
  /** When it was sent (desk time, ISO), or null while it is not. */
  sentAt: string | null;
  /** True when the moderator pasted it by hand (the platform could not send it). */
  byHand: boolean;
  /** The forum will not take it (an unknown recipient, no permission): the moderator sends it by hand. */
  refused: boolean;
  /** The player's first PM after it was sent (ISO), or null. */
  confirmedAt: string | null;
  confirmUrl: string | null;
  /** When a nudge falls due if the player has not answered (ISO), or null while it is not sent. */
  nudgeAt: string | null;
  nudge: DraftStatus | null;
}

export const nudgeId = (player: string): string => `confirm-nudge-${player.replace(/[^\w.-]/g, '_')}`;

const confirmHours = (game: GameFile): number => game.options.confirmHours ?? DEFAULT_CONFIRM_HOURS;

/** The accounts a player answers from, lower-cased: name, aliases, other accounts, whoever replaced them. */
function accountsOf(game: GameFile, player: string): Set<string> {
  const p = game.players.find((x) => x.name === player);
  const names = new Set([player, ...(p?.aliases ?? []), ...(p?.accounts ?? [])].map((n) => n.toLowerCase()));
  for (const e of game.events) if ('replace' in e && names.has(e.replace.toLowerCase())) names.add(e.by.toLowerCase());
  return names;
}

/**
 * Issue 30 item 1: each role PM and whether its player confirmed it. Any PM from the player's accounts after the
 * role PM was sent confirms it ("confirm", or any reply): the desk reads the moderator's inbox into the posts as
 * `channel: "pm"` (issue 30 item 2).
 */
export function rolePmRows(drafts: readonly DraftRecord[], posts: readonly Post[], game: GameFile): RolePmRow[] {
  const nudges = new Map(drafts.filter((d) => d.kind === 'confirm-nudge').map((d) => [d.to, d.status]));
  return drafts
    .filter((d) => d.kind === 'role-pm' && d.to !== null)
    .map((d) => {
      const player = d.to!;
      const sentAt = d.status === 'posted' ? (d.posted?.at ?? d.updatedAt) : null;
      const from = sentAt === null ? null : answersFrom(d);
      const accounts = accountsOf(game, player);
      const answer =
        from === null
          ? undefined
          : posts.find((p) => p.channel === 'pm' && accounts.has(p.author.toLowerCase()) && postTime(p) >= from);
      return {
        player,
        draftId: d.id,
        status: d.status,
        sentAt,
        byHand: d.status === 'posted' && !d.posted?.id,
        refused: d.status === 'approved' && d.posting?.byHand === true,
        confirmedAt: answer ? new Date(postTime(answer)).toISOString() : null,
        confirmUrl: answer?.url ?? null,
        nudgeAt: from === null ? null : new Date(from + confirmHours(game) * H).toISOString(),
        nudge: nudges.get(player) ?? null,
      };
    });
}

/**
 * From when a player's PM answers their role PM: from the first try to send it, to the minute (forums date PMs to
 * the second or the minute), not from when the desk recorded it sent, which after a crash is its later look at the
 * sent box, and would miss a quick "confirm". Null for a role PM neither sent nor tried.
 */
function answersFrom(d: DraftRecord): number | null {
  const recordedAt = d.status === 'posted' ? Date.parse(d.posted?.at ?? d.updatedAt) : Number.POSITIVE_INFINITY;
  const from = Math.min(recordedAt, d.posting?.firstStartedAt ?? recordedAt);
  return Number.isFinite(from) ? Math.floor(from / 60_000) * 60_000 : null;
}

/** A nudge draft for each player whose role PM went out `confirmHours` ago or more without an answer. */
export function confirmNudges(
  rows: readonly RolePmRow[],
  game: GameFile,
  now: Instant,
  mk: Markup,
  phase: string | null = game.phases[0]?.name ?? null,
): PlannedDraft[] {
  return rows
    .filter((r) => r.nudgeAt !== null && !r.confirmedAt && r.nudge === null && Date.parse(r.nudgeAt) <= now)
    .map((r) => ({
      kind: 'confirm-nudge' as const,
      at: now,
      to: r.player,
      text: renderConfirmNudge({ player: r.player, game: game.title, hours: confirmHours(game) }, mk),
      phase,
      id: nudgeId(r.player),
      number: null,
      throughPost: null,
    }));
}

/**
 * The PM window once role PMs are going out: the players' answers to them come before the first phase, so the
 * window opens when the first of them was tried (its first try, to the minute; never earlier, and only then). A
 * PM the desk died sending counts from its try, before the desk finds it in the sent box: its player may answer
 * at once, and an inbox read that passed the answer over would never read it again (the player would be nudged).
 */
export function withRolePmAnswers(w: PmWindow, drafts: readonly DraftRecord[]): PmWindow {
  const tried = drafts.flatMap((d) => (d.kind === 'role-pm' ? (answersFrom(d) ?? []) : []));
  return tried.length ? { ...w, since: Math.min(w.since, ...tried) } : w;
}

/**
 * What the desk drafts for role PMs at `now`, beside the planner (these depend on when PMs were sent, desk state,
 * and start before the game's first phase): the role PMs once, after the desk's first read (`rolePms` then goes
 * into the plan), and the nudges due.
 */
export function rolePmDraftsDue(
  plan: PlanState,
  game: GameFile,
  drafts: readonly DraftRecord[],
  posts: readonly Post[],
  now: Instant,
  mk: Markup,
  /** The phase the game is in now (a nudge is about it), or null before the first. */
  phase: string | null,
): { drafts: PlannedDraft[]; rolePms: boolean } {
  const roles = !plan.rolePms && plan.joinedAt !== undefined ? rolePmDrafts(game, now, plan.joinedAt, mk) : null;
  const nudges = confirmNudges(rolePmRows(drafts, posts, game), game, now, mk, phase ?? game.phases[0]?.name ?? null);
  return { drafts: [...(roles ?? []), ...nudges], rolePms: roles !== null };
}
