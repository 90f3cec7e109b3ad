import type { GameFile } from '../../domain/game-file.js';
import type { Post } from '../../domain/post.js';
import { formatInstant, type Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { isDayOpen } from '../../machine/death-rules.js';
import type { ParseFn } from '../../machine/post-versions.js';
import { replay } from '../../machine/replay.js';
import { tally } from '../../machine/votes.js';
import { type FormatName, MARKUPS } from '../../reporter/markup.js';
import { renderVoteCount } from '../../reporter/render-vote-count.js';
import { buildVoteCountModel, type PostInfo } from '../../reporter/vote-count-model.js';
import { type DueDraft, rulesetDrafts } from './ruleset-drafts.js';

/**
 * Where the draft planner stopped (stored with the drafts it made, in one transaction). Everything the planner
 * makes is a function of (game file, posts, instant), so a restart from this state makes exactly the drafts an
 * uninterrupted run would have made.
 */
export interface PlanState {
  v: 1;
  /** Planned through this instant (inclusive). */
  at: Instant;
  /** The open day whose votes `voteFp` describes. */
  voteDay: string | null;
  voteFp: string | null;
  /** When the votes last changed without a vote count drafted since (null: counted, or no change). */
  lastChange: Instant | null;
  /** Vote counts drafted per day. */
  counts: Record<string, number>;
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
}

export function initialPlan(at: Instant): PlanState {
  return { v: 1, at, voteDay: null, voteFp: null, lastChange: null, counts: {} };
}

/**
 * Steps the game from `state.at` to `to` through every instant where something can happen (a post with an action,
 * a mod's event, a timer of the state, a vote count falling due), replaying at each and comparing with the state
 * before: the drafts that fall due, in order. `prevCtx` (the state at `state.at`) saves one replay when known.
 */
export function advancePlan(
  input: PlanInput,
  state: PlanState,
  to: Instant,
  prevCtx?: GameContext,
): { drafts: PlannedDraft[]; state: PlanState; ctx: GameContext } {
  const s: PlanState = { ...state, counts: { ...state.counts } };
  const mk = MARKUPS[input.format];
  const instants = actionInstants(input);
  let prev = prevCtx ?? replay(input.game, input.posts, { at: s.at }, input.parse).context;
  const drafts: PlannedDraft[] = [];
  const info = postInfo(input.posts);
  for (;;) {
    const cur = s.at;
    const candidates = [
      firstAfter(instants, cur),
      prev.timers.find((t) => t.at > cur)?.at,
      s.lastChange !== null ? Math.max(s.lastChange + input.debounceMs, cur + 1) : undefined,
    ].filter((t): t is number => t !== undefined);
    const t = Math.min(...candidates);
    if (!Number.isFinite(t) || t > to) break;
    const next = replay(input.game, input.posts, { at: t }, input.parse).context;
    // Once the game is over, posts are still read and flagged, but nothing more is drafted.
    const over = prev.result.status === 'over';
    const due: DueDraft[] = over ? [] : rulesetDrafts(prev, next, t, mk);
    const count = over || next.result.status === 'over' ? null : voteCountDue(s, next, t, input.debounceMs);
    if (count) {
      const n = (s.counts[count] ?? 0) + 1;
      s.counts[count] = n;
      const text = renderVoteCount(buildVoteCountModel(next, t, { posts: info, number: n }), mk);
      drafts.push({
        kind: 'vote-count',
        at: t,
        to: null,
        text,
        phase: count,
        number: n,
        id: `vc-${count}-${n}`,
        throughPost: next.day?.throughPost ?? null,
      });
    }
    const ids = new Set<string>();
    for (const d of due)
      drafts.push({ ...d, id: uniqueId(ids, d, t), number: null, throughPost: next.day?.throughPost ?? null });
    prev = next;
    s.at = t;
  }
  s.at = Math.max(s.at, to);
  return { drafts, state: s, ctx: prev };
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
  const t = tally(ctx.day, ctx.slots, false);
  return JSON.stringify([t.wagons.map((w) => [w.target, w.voters]), t.noLynch.voters]);
}

/** Instants of post versions that can change the state (a post without an action cannot), and of the mod's events. */
function actionInstants(input: PlanInput): Instant[] {
  const { game, posts, parse } = input;
  const syntax = game.options.syntax ?? ['bold', 'tag'];
  const ruled = new Set(game.events.flatMap((e) => ('post' in e ? [e.post] : [])));
  const everyPost = game.options.phasePost !== undefined;
  const seen = new Set<string>();
  const out = new Set<Instant>();
  for (const p of posts) {
    const first = !seen.has(p.id);
    seen.add(p.id);
    const at = Date.parse(first ? p.createdAt : (p.editedAt ?? p.createdAt));
    if (everyPost || ruled.has(p.id) || parse(p.html, { syntax, channel: p.channel }).actions.length > 0) out.add(at);
  }
  for (const e of game.events) if ('at' in e && e.at) out.add(Date.parse(e.at));
  return [...out].sort((a, b) => a - b);
}

function firstAfter(sorted: Instant[], t: Instant): Instant | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo];
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
