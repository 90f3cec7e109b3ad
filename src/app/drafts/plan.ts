import type { GameFile } from '../../domain/game-file.js';
import type { Post } from '../../domain/post.js';
import { formatInstant, type Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { isDayOpen } from '../../machine/death-rules.js';
import type { GameFold } from '../../machine/fold.js';
import { dayActivity } from '../../machine/house-rules/activity.js';
import type { ParseFn } from '../../machine/post-versions.js';
import { weightedTally } from '../../machine/votes.js';
import { countNumberOf } from '../../parser/count-posts.js';
import type { DueDraft } from '../../reporter/due-draft.js';
import { type FormatName, MARKUPS } from '../../reporter/markup.js';
import { renderVoteCount } from '../../reporter/render-vote-count.js';
import { foldOf } from '../../reporter/replay.js';
import { rulesetOf } from '../../reporter/rulesets.js';
import { buildVoteCountModel, type PostInfo } from '../../reporter/vote-count-model.js';
import {
  countDrafted,
  countRequested,
  type HousePlanState,
  lastCountFor,
  nextProdAt,
  prodDrafts,
  requestDueAt,
  requestInstants,
} from './house-plan.js';
import { ownActionDrafts } from './own-plan.js';

/**
 * Where the draft planner stopped (stored with the drafts it made, in one transaction). Everything the planner
 * makes is a function of (game file, posts, instant), so a restart from this state makes exactly the drafts an
 * uninterrupted run would have made.
 */
export interface PlanState extends HousePlanState {
  v: 1;
  /** Planned through this instant (inclusive). */
  at: Instant;
  /** The open day whose votes `voteFp` describes. */
  voteDay: string | null;
  voteFp: string | null;
  /** When the votes last changed without a vote count drafted since (null: counted, or no change). */
  lastChange: Instant | null;
  /** Vote counts drafted per day (their ids' sequence; the number a count shows is `countNumber`'s). */
  counts: Record<string, number>;
  /**
   * When the desk first read the thread (its first poll's instant); absent for a plan made before issue 32. What
   * fell due before it the moderator handled without the desk: no day-start post for a day already running, and of
   * the counts, only the last of each day (m4).
   */
  joinedAt?: Instant | null;
  /** The role PMs were drafted (issue 30 item 1, app/role-pms.ts): once, at the first plan after the first read. */
  rolePms?: boolean;
}

export interface PlannedDraft extends DueDraft {
  /** Stable id: the same draft gets the same id in every run (an id only: its phase and number are fields). */
  id: string;
  /** A vote count's number within its day; null for other drafts. */
  number: number | null;
  throughPost: string | null;
}

export interface PlanInput {
  game: GameFile;
  posts: Post[];
  parse: ParseFn;
  format: FormatName;
  /** A vote count is drafted once the votes have been still this long (game time). */
  debounceMs: number;
  /**
   * The game folded to the plan's instant, kept by the caller from one call to the next (given new posts with
   * `addPosts`): planning continues from it. Without it, one fold is made from `game` and `posts`.
   */
  fold?: GameFold;
  /**
   * The highest number among the day's counts approved (or posted) on the desk; 0 for none. A superseded or pending
   * count uses no number: the next count takes the next one after this or after the thread's last count (M2).
   */
  approvedCount?: (day: string) => { n: number; width: number } | null;
}

export function initialPlan(at: Instant): PlanState {
  return { v: 1, at, voteDay: null, voteFp: null, lastChange: null, counts: {} };
}

/**
 * Steps the game from `state.at` to `to` through every instant where something can happen (the fold's
 * `nextInstant`: a post with an action, a mod's event, a timer of the state; and a vote count falling due),
 * comparing each state with the one before: the drafts that fall due, in order. The fold is left at `to`.
 */
export function advancePlan(
  input: PlanInput,
  state: PlanState,
  to: Instant,
): {
  drafts: PlannedDraft[];
  state: PlanState;
  ctx: GameContext;
  fold: GameFold;
  /** False when nothing could happen in the span: the new state is the old one at a later instant. */
  stepped: boolean;
} {
  const s: PlanState = { ...state, counts: { ...state.counts } };
  const mk = MARKUPS[input.format];
  const fold = input.fold ?? foldOf(input.game, input.posts, input.parse);
  if (fold.at > s.at) throw new Error(`the fold is at ${fold.at}, past the plan's ${s.at}`);
  let prev = fold.advanceTo(s.at).context;
  const drafts: PlannedDraft[] = [];
  let info: Map<string, PostInfo> | null = null;
  let byId: Map<string, Post> | null = null;
  const rulesetDrafts = rulesetOf(input.game.ruleset).drafts;
  const requests = requestInstants(prev, input.posts, s.at, to);
  let stepped = false;
  for (;;) {
    const cur = s.at;
    const requestDue = requestDueAt(s, prev);
    const candidates = [
      fold.nextInstant() ?? undefined,
      s.lastChange !== null ? Math.max(s.lastChange + input.debounceMs, cur + 1) : undefined,
      requests.find((r) => r > cur),
      requestDue === null ? undefined : Math.max(requestDue, cur + 1),
      nextProdAt(input.game, prev, input.posts, cur) ?? undefined,
    ].filter((t): t is number => t !== undefined);
    const t = Math.min(...candidates);
    if (!Number.isFinite(t) || t > to) break;
    stepped = true;
    const next = fold.advanceTo(t).context;
    // Once the game is over, posts are still read and flagged, but nothing more is drafted.
    const over = prev.result.status === 'over';
    const due: DueDraft[] = over ? [] : rulesetDrafts(prev, next, t, mk);
    if (!over) due.push(...ownActionDrafts(input.game, prev, next, t, mk, s.prodded));
    const live = !over && next.result.status !== 'over';
    const debounced = live ? voteCountDue(s, next, t, input.debounceMs) : null;
    // H-CR1: a player's request drafts a fresh count now (or when the cooldown since the last one is over).
    const asked =
      live &&
      countRequested(
        s,
        next,
        requests.find((r) => r > cur && r <= t),
        t,
      );
    const count = debounced ?? (asked ? (next.day?.day ?? null) : null);
    if (count) {
      const seq = (s.counts[count] ?? 0) + 1;
      s.counts[count] = seq;
      s.lastChange = null;
      info ??= postInfo(input.posts);
      const record = lastCountFor(s, next, input.posts, t, fold);
      const activity = next.setup.options.countActivity ? dayActivity(next, input.posts, t) : undefined;
      byId ??= new Map(input.posts.map((p) => [p.id, p]));
      const shown = countNumber(
        input,
        record.countPosts.map((id) => byId?.get(id)?.html ?? ''),
        count,
      );
      const model = buildVoteCountModel(next, t, { posts: info, number: shown.label, activity, ...record });
      countDrafted(s, next, t);
      const text = renderVoteCount(model, mk);
      drafts.push({
        kind: 'vote-count',
        at: t,
        to: null,
        text,
        phase: count,
        number: shown.n,
        id: `vc-${count}-${seq}`,
        throughPost: next.day?.throughPost ?? null,
      });
    }
    const ids = new Set<string>();
    if (live) due.push(...prodDrafts(s, input.game, next, input.posts, t, mk));
    for (const d of due)
      drafts.push({ ...d, id: uniqueId(ids, d, t), number: null, throughPost: next.day?.throughPost ?? null });
    prev = next;
    s.at = t;
  }
  s.at = Math.max(s.at, to);
  return { drafts: joined(drafts, s.joinedAt ?? null), state: s, ctx: fold.advanceTo(s.at).context, fold, stepped };
}

/**
 * m4: a desk that joins a running game drafts nothing the moderator already posted by hand: no day-start (or dawn
 * report) of a day that started before its first read, and of the counts due before it, only the last of each day.
 */
export function joined(drafts: PlannedDraft[], joinedAt: Instant | null): PlannedDraft[] {
  if (joinedAt === null) return drafts;
  const lastCount = new Map<string | null, PlannedDraft>();
  for (const d of drafts) if (d.kind === 'vote-count' && d.at < joinedAt) lastCount.set(d.phase, d);
  return drafts.filter((d) => {
    if (d.at >= joinedAt) return true;
    if (d.kind === 'day-start' || d.kind === 'dawn-report') return false;
    return d.kind !== 'vote-count' || lastCount.get(d.phase) === d;
  });
}

/**
 * M2: a count's number follows the last count the moderator posted in the thread today (`Votecount 1.01` → 1.02,
 * in its width) or the last approved on the desk, whichever is higher; drafts nobody approved use none.
 */
function countNumber(input: PlanInput, countPosts: string[], day: string): { n: number; label: string } {
  const dayNumber = Number(day.slice(1));
  let last: { n: number; width: number } | null = null;
  for (const html of countPosts) {
    const read = countNumberOf(html);
    if (read && read.day === dayNumber && (!last || read.n >= last.n)) last = read;
  }
  const desk = input.approvedCount?.(day) ?? null;
  const n = Math.max(last?.n ?? 0, desk?.n ?? 0) + 1;
  return { n, label: String(n).padStart(Math.max(last?.width ?? 1, desk?.width ?? 1), '0') };
}

/** Updates the vote fingerprint at `t`; returns the day whose vote count falls due now, if one does. */
function voteCountDue(s: PlanState, ctx: GameContext, t: Instant, debounceMs: number): string | null {
  if (!ctx.day || !isDayOpen(ctx)) {
    s.lastChange = null;
    return null;
  }
  const day = ctx.day.day;
  if (s.voteDay !== day) {
    s.voteDay = day;
    s.voteFp = EMPTY_FP;
    s.lastChange = null;
  }
  const fp = voteFingerprint(ctx);
  if (fp !== s.voteFp) {
    s.voteFp = fp;
    s.lastChange = t;
  }
  if (s.lastChange !== null && t >= s.lastChange + debounceMs) {
    s.lastChange = null;
    return day;
  }
  return null;
}

const EMPTY_FP = JSON.stringify([[], []]);

export function voteFingerprint(ctx: GameContext): string {
  if (!ctx.day) return EMPTY_FP;
  // The weighted count (H-VM1, H-VM7): a split voter moving one of their votes is a change.
  const t = weightedTally(ctx, ctx.day);
  return JSON.stringify([t.wagons.map((w) => [w.target, w.voters, w.weights]), t.noLynch.voters]);
}

export function postInfo(posts: Post[]): Map<string, PostInfo> {
  const info = new Map<string, PostInfo>();
  for (const p of posts) {
    if (info.has(p.id)) continue;
    const number = typeof p.number === 'number' || typeof p.number === 'string' ? p.number : undefined;
    info.set(p.id, { number, url: p.url });
  }
  return info;
}

/** `kind-phase-step-to`: unique within one step (a suffix counts repeats), and steps never share an instant. */
function uniqueId(ids: Set<string>, d: DueDraft, step: Instant): string {
  const stamp = formatInstant(step).replace(/[-:]/g, '');
  const base = [d.kind, d.phase ?? '', stamp, d.to ?? '']
    .filter(Boolean)
    .join('-')
    .replace(/[^\w.-]/g, '_');
  let id = base;
  for (let i = 2; ids.has(id); i++) id = `${base}-${i}`;
  ids.add(id);
  return id;
}
