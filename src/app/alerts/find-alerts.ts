import type { StoredDraft } from '../../domain/draft.js';
import { HOUR, type Instant } from '../../domain/time.js';
import type { Flag, GameContext } from '../../machine/context.js';
import type { AlertItem } from './alert-kinds.js';

export interface AlertLimits {
  deadlineHours: number;
  failingMinutes: number;
  draftWaitingMinutes: number;
}

/** What the alerter knows of one game after a round: the state, the reads failing since, the drafts. */
export interface GameLook {
  ctx: GameContext;
  /** The flags only the posts raise (players asking for a count, prods due: `postFlags`). */
  postFlags: readonly Flag[];
  now: Instant;
  /** When the reads began failing (desk time), null while they work. */
  readFailingSince: Instant | null;
  /** Approved drafts whose posting fails, with when the desk first saw it fail. */
  postFailingSince: ReadonlyMap<string, Instant>;
  drafts: readonly StoredDraft[];
}

/**
 * Everything about the game the moderator should hear of now, each with a key it is told once by. Only the
 * current phase's events: a desk started on a game under way does not tell its whole history.
 */
export function findAlerts(g: GameLook, limits: AlertLimits): AlertItem[] {
  const { ctx, now } = g;
  const out: AlertItem[] = [];
  const phase = ctx.phase;
  const name = (slot: number) => ctx.slots[slot]?.name ?? `slot ${slot + 1}`;
  if (phase) {
    if (phase.kind === 'day' && phase.endedAt !== null && phase.endedAt <= now)
      out.push({ kind: 'day-ended', key: `day-ended:${phase.name}`, subject: phase.name });
    if (phase.endedAt === null && phase.deadline !== null && phase.deadline > now)
      if (phase.deadline - now <= limits.deadlineHours * HOUR)
        out.push({
          kind: 'deadline-near',
          key: `deadline-near:${phase.name}:${phase.deadline}`,
          subject: `the ${phase.name} deadline`,
        });
    for (const f of [...ctx.flags, ...g.postFlags]) {
      if (f.at < phase.startedAt) continue;
      if (f.code === 'hammer-needs-ruling')
        out.push({ kind: 'hammer-held', key: `hammer-held:${f.postId}`, subject: f.actor ?? 'a player', url: f.url });
      else if (f.code === 'count-requested')
        out.push({
          kind: 'count-requested',
          key: `count-requested:${f.postId}`,
          subject: f.actor ?? 'a player',
          url: f.url,
        });
      else if (f.code === 'prod-due')
        out.push({ kind: 'prod-due', key: `prod-due:${f.key ?? f.actor}`, subject: f.actor ?? 'a player' });
    }
    if (phase.kind === 'night')
      for (const a of ctx.nightActions)
        if (a.phase === phase.name)
          out.push({ kind: 'night-action', key: `night-action:${a.postId}:${a.kind}`, subject: name(a.actor) });
  }
  // A DEFCON missile landing soon is a deadline of its own (the moderator writes up its hit).
  for (const t of ctx.timers ?? [])
    if (t.kind === 'missile-landed' && t.at > now && t.at - now <= limits.deadlineHours * HOUR)
      out.push({ kind: 'deadline-near', key: `missile-lands:${t.ref}:${t.at}`, subject: `a missile landing` });
  if (g.readFailingSince !== null && now - g.readFailingSince >= limits.failingMinutes * 60_000)
    out.push({ kind: 'read-failing', key: `read-failing:${g.readFailingSince}`, subject: 'the thread' });
  for (const [draftId, since] of g.postFailingSince)
    if (now - since >= limits.failingMinutes * 60_000)
      out.push({ kind: 'post-failing', key: `post-failing:${draftId}:${since}`, subject: draftId });
  for (const d of g.drafts)
    if (d.status === 'pending' && now - Date.parse(d.createdAt) >= limits.draftWaitingMinutes * 60_000)
      out.push({ kind: 'draft-waiting', key: `draft-waiting:${d.id}`, subject: d.kind });
  return out;
}
