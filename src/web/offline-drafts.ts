import type { DraftKind } from '../app/desk.js';
import { DEFCON_KIND } from '../app/drafts/ruleset-drafts.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { replay } from '../machine/replay.js';
import { type DefconDraft, defconDrafts } from '../reporter/defcon/drafts.js';
import { defconDraftTimeline } from '../reporter/defcon/timeline.js';
import { type FormatName, MARKUPS } from '../reporter/markup.js';
import { dawnReport, renderDawnReport } from '../reporter/obsidian/dawn-report.js';
import { nightResultDrafts } from '../reporter/obsidian/night-results.js';
import { purgeOutcome, renderPurgeAnnouncement } from '../reporter/obsidian/purge-announcement.js';
import { renderVoteCount } from '../reporter/render-vote-count.js';
import { renderVanillaDayEnd, renderVanillaDayStart } from '../reporter/vanilla/phase-posts.js';
import { buildVoteCountModel, type PostInfo } from '../reporter/vote-count-model.js';

/** A draft the offline desk should hold: `key` says whether it is already there. */
export interface DueDraft {
  key: string;
  kind: DraftKind;
  to: string | null;
  text: string;
  at: Instant;
}

export interface VoteCountDraft {
  text: string;
  /** What the count says, without the clock: two counts with the same key differ only in "time left". */
  voteKey: string;
  day: string;
  throughPost: string | null;
}

export function postInfo(posts: Post[]): Map<string, PostInfo> {
  const info = new Map<string, PostInfo>();
  for (const p of posts) {
    if (!info.has(p.id)) info.set(p.id, { number: typeof p.number === 'number' ? p.number : undefined, url: p.url });
  }
  return info;
}

/** The vote count players would see now, during a day (once it has ended, its final count); null at night. */
export function voteCountNow(
  ctx: GameContext,
  at: Instant,
  posts: Map<string, PostInfo>,
  format: FormatName,
  number?: number,
): VoteCountDraft | null {
  const day = ctx.day;
  if (!day || ctx.phase?.kind !== 'day' || ctx.phase.name !== day.day) return null;
  const model = buildVoteCountModel(ctx, at, { posts, number });
  const voteKey = JSON.stringify([
    day.day,
    model.wagons.map((w) => [w.target, w.voters.map((v) => v.name)]),
    model.noLynch.voters.map((v) => v.name),
    model.notVoting,
    model.endedAt,
    model.alive,
    model.missiles.map((m) => [m.launcher, m.target, m.landsAt]),
  ]);
  return { text: renderVoteCount(model, MARKUPS[format]), voteKey, day: day.day, throughPost: day.throughPost };
}

function fromDefcon(d: DefconDraft): DueDraft {
  return {
    key: `${d.kind}|${d.at}|${d.to ?? ''}|${d.text}`,
    kind: DEFCON_KIND[d.kind],
    to: d.to,
    text: d.text,
    at: d.at,
  };
}

/**
 * The phase posts (and, for defcon and obsidian, the result PMs) due for the change from `prev` to `next`.
 * With `prev` null (the desk starting), only those of the current phase and the one before are offered.
 */
export function phaseDrafts(
  game: GameFile,
  posts: Post[],
  prev: GameContext | null,
  next: GameContext,
  at: Instant,
  format: FormatName,
): DueDraft[] {
  const mk = MARKUPS[format];
  if (game.ruleset === 'defcon') {
    const list = prev ? defconDrafts(prev, next, at, mk) : defconDraftTimeline(game, posts, at, mk);
    const since = prev ? Number.NEGATIVE_INFINITY : (previousPhaseStart(next) ?? Number.NEGATIVE_INFINITY);
    return list.filter((d) => d.text !== '' && d.at >= since).map(fromDefcon);
  }
  if (game.ruleset === 'obsidian') return obsidianDrafts(next, format);
  return vanillaDrafts(game, posts, prev, next, format);
}

/** Vanilla: the day-end post once the day is over, the day-start post when a day begins. */
function vanillaDrafts(
  game: GameFile,
  posts: Post[],
  prev: GameContext | null,
  next: GameContext,
  format: FormatName,
): DueDraft[] {
  const mk = MARKUPS[format];
  const out: DueDraft[] = [];
  const day = next.day?.day;
  const phase = next.phase;
  if (day && phase && (phase.name !== day || phase.endedAt !== null)) {
    const at =
      next.eliminations.find((e) => e.phase === day && e.cause === 'lynch')?.at ?? phase.endedAt ?? phase.startedAt;
    out.push({ key: `day-end|${day}`, kind: 'day-end', to: null, text: renderVanillaDayEnd(next, day, mk), at });
  }
  if (phase?.kind === 'day' && prev?.phase?.index !== phase.index) {
    // Starting up mid-day: the post as it read when the day began, not with what happened since.
    const before = prev ?? replay(game, posts, { at: phase.startedAt - 1 }).context;
    const start = prev ? next : replay(game, posts, { at: phase.startedAt }).context;
    out.push({
      key: `day-start|${phase.name}`,
      kind: 'day-start',
      to: null,
      text: renderVanillaDayStart(before, start, mk),
      at: phase.startedAt,
    });
  }
  return out;
}

/** Drafts made at start-up go back to the previous phase's start (the day-end and night posts still due). */
function previousPhaseStart(ctx: GameContext): Instant | null {
  const i = ctx.phase?.index ?? -1;
  return ctx.setup.phases[Math.max(0, i - 1)]?.start ?? null;
}

function obsidianDrafts(ctx: GameContext, format: FormatName): DueDraft[] {
  const mk = MARKUPS[format];
  const out: DueDraft[] = [];
  const phase = ctx.phase;
  if (!phase) return out;
  const before = ctx.setup.phases[phase.index - 1];
  const night =
    phase.kind === 'night' && phase.endedAt !== null
      ? phase
      : before?.kind === 'night' && phase.kind === 'day'
        ? before
        : null;
  if (night && night.number > 0) {
    const at = 'endedAt' in night && night.endedAt !== null ? night.endedAt : (night.deadline ?? phase.startedAt);
    out.push({
      key: `dawn-report|${night.name}`,
      kind: 'dawn-report',
      to: null,
      text: renderDawnReport(dawnReport(ctx, night.name), mk),
      at,
    });
    for (const r of nightResultDrafts(ctx, night.name, mk)) {
      out.push({
        key: `night-result|${night.name}|${r.to}|${r.action}`,
        kind: 'night-result',
        to: r.to,
        text: `${r.line}\n`,
        at,
      });
    }
  }
  const day = ctx.day?.day;
  const outcome = day ? purgeOutcome(ctx, day) : null;
  if (day && outcome) {
    const at = ctx.eliminations.find((e) => e.phase === day)?.at ?? ctx.phase?.startedAt ?? 0;
    out.push({ key: `purge|${day}`, kind: 'purge', to: null, text: renderPurgeAnnouncement(outcome, mk), at });
  }
  return out;
}
