import { PLAYER_MODIFIERS } from '../domain/game-file.js';
import type { EliminationJson, StateJson, VoteReadingJson, VotesJson } from '../domain/state.js';
import { formatInstant, type Instant } from '../domain/time.js';
import type { GameContext, Vote } from './context.js';
import { isDayOver } from './death-rules.js';
import { hasModifier, voteWeight } from './house-rules/modifiers.js';
import { voteLockInForce } from './house-rules/vote-rules.js';
import { dx } from './rulesets/defcon/index.js';
import { nightConsoleJson } from './rulesets/obsidian/index.js';
import { noLynchThresholdOf, thresholdFor, thresholdOf, weightedTally } from './votes.js';

const iso = (t: Instant | null) => (t === null ? null : formatInstant(t));

/**
 * The context as `moddesk.state/1` (interfaces §5): slots named by their current player. `machine` is the game
 * statechart's state (`FoldState.machine`, `ReplayResult.machineState`), null for a caller holding only a context.
 */
export function toStateJson(ctx: GameContext, at: Instant, machine: string | null = null): StateJson {
  const name = (slot: number) => ctx.slots[slot]?.name ?? `#${slot}`;
  const nightConsole = ctx.ext.obsidian ? nightConsoleJson(ctx) : null;
  return {
    schema: 'moddesk.state/1',
    at: formatInstant(at),
    ruleset: ctx.setup.ruleset,
    machine,
    phase: ctx.phase && {
      name: ctx.phase.name,
      kind: ctx.phase.kind,
      number: ctx.phase.number,
      startedAt: formatInstant(ctx.phase.startedAt),
      deadline: iso(ctx.phase.deadline),
      endedAt: iso(ctx.phase.endedAt),
      endReason: ctx.phase.endReason,
    },
    players: ctx.slots.map((s) => ({
      name: s.name,
      formerNames: s.formerNames,
      alive: s.alive,
      faction: s.faction,
      role: s.role,
      mode: s.mode,
      diedAt: iso(s.diedAt),
      cause: s.cause,
      voteWeight: voteWeight(ctx, s.index),
      modifiers: PLAYER_MODIFIERS.filter((m) => hasModifier(ctx, s.index, m)),
    })),
    votes: votesJson(ctx),
    missiles: ctx.missiles.map((m) => ({
      id: m.id,
      kind: m.kind,
      launcher: m.announced ? name(m.launcher) : null,
      actualLauncher: name(m.launcher),
      target: name(m.target),
      launchedAt: formatInstant(m.launchedAt),
      abortableUntil: iso(m.abortableUntil),
      landsAt: formatInstant(m.landsAt),
      status: m.status,
      endedAt: iso(m.endedAt),
      postId: m.postId,
    })),
    eliminations: ctx.eliminations.map(
      (e): EliminationJson => ({
        name: name(e.slot),
        at: formatInstant(e.at),
        cause: e.cause,
        phase: e.phase,
        flip: { faction: ctx.slots[e.slot]?.faction ?? null, role: ctx.slots[e.slot]?.role ?? null },
      }),
    ),
    nightResults: ctx.nightResults.map((r) => ({
      phase: r.phase,
      actor: name(r.actor),
      action: r.action,
      target: r.target === null ? null : name(r.target),
      result: r.result,
    })),
    flags: ctx.flags.map((f) => ({ ...f, at: formatInstant(f.at) })),
    result: { status: ctx.result.status, winner: ctx.result.winner, at: iso(ctx.result.at) },
    schedule: ctx.setup.phases.map((p) => ({
      name: p.name,
      kind: p.kind,
      start: formatInstant(p.start),
      deadline: iso(p.deadline),
    })),
    nightActions: ctx.nightActions
      .filter((a) => a.phase === ctx.phase?.name)
      .map((a) => ({
        phase: a.phase,
        actor: name(a.actor),
        kind: a.kind,
        target: a.target === null ? null : name(a.target),
        extra: a.extra,
        postId: a.postId,
        at: formatInstant(a.at),
      })),
    ...(ctx.ext.defcon
      ? {
          doomsday: dx(ctx).doomsday.map((w) => ({
            player: name(w.slot),
            opensAt: formatInstant(w.opensAt),
            closesAt: formatInstant(w.closesAt),
            used: w.used,
            closed: w.closed,
          })),
        }
      : {}),
    ...(nightConsole ? { nightConsole } : {}),
  };
}

function readingJson(v: Vote, name: (slot: number) => string): VoteReadingJson {
  const r = v.reading ?? { via: 'exact', confidence: 'sure', argument: '' };
  const { runnerUp, ...read } = r;
  const rest = v.held ? { ...read, held: true } : read;
  return runnerUp === undefined ? rest : { ...rest, runnerUp: name(runnerUp) };
}

function votesJson(ctx: GameContext): VotesJson {
  const day = ctx.day;
  if (!day) {
    return {
      day: null,
      threshold: null,
      noLynchThreshold: null,
      wagons: [],
      noLynch: { count: 0, voters: [], posts: [], readings: [] },
      notVoting: [],
      throughPost: null,
      locked: false,
    };
  }
  // Once the day has ended the count is frozen as it stood: the lynched player's vote still shows.
  const t = weightedTally(ctx, day, isDayOver(ctx));
  const name = (slot: number) => ctx.slots[slot]?.name ?? `#${slot}`;
  return {
    day: day.day,
    threshold: thresholdOf(ctx),
    noLynchThreshold: noLynchThresholdOf(ctx),
    wagons: t.wagons.map((w) => ({
      target: name(w.target),
      count: w.count,
      voters: w.voters.map(name),
      posts: w.votes.map((v) => v.postId),
      weights: w.weights,
      publicCount: ctx.setup.options.hideVoteWeights ? w.voters.length : w.count,
      needed: thresholdFor(ctx, w.target),
      readings: w.votes.map((v) => readingJson(v, name)),
    })),
    noLynch: {
      count: t.noLynch.count,
      voters: t.noLynch.voters.map(name),
      posts: t.noLynch.votes.map((v) => v.postId),
      readings: t.noLynch.votes.map((v) => readingJson(v, name)),
    },
    notVoting: t.notVoting.map(name),
    throughPost: day.throughPost,
    locked: !isDayOver(ctx) && voteLockInForce(ctx),
  };
}
