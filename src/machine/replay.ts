import { createActor } from 'xstate';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import { extractActions } from '../parser/extract-actions.js';
import type { GameContext, ReceivedPost } from './context.js';
import { isDayOpen } from './death-rules.js';
import { createGameMachine, type GameEvent } from './game-machine.js';
import { initialContext } from './initial-context.js';
import type { PostRuling } from './post-rules.js';
import { type ParseFn, postVersions } from './post-versions.js';
import { isModerator } from './roster.js';
import { rulesetFor } from './rulesets/index.js';
import { nextTimer } from './timers.js';

/** Where a replay stops: an instant (inclusive), or a post (inclusive; timed events up to its `createdAt`). */
export type Cut = { at: Instant } | { through: string } | null;

export interface ReplayResult {
  context: GameContext;
  /** The instant the state is shown at. */
  at: Instant;
  /** The statechart's state, e.g. `day.ended` or `night`. */
  machineState: string;
}

type Item = { at: Instant; group: number; order: number; event: GameEvent; postId?: string; firstVersion?: boolean };

/**
 * State is a pure function of (game file, posts, instant): feeds the statechart every event in time order,
 * timed events first at a shared instant (interfaces §4 "Time"), then returns the context.
 */
export function replay(game: GameFile, posts: Post[], cut: Cut = null, parse: ParseFn = extractActions): ReplayResult {
  const ruleset = rulesetFor(game.ruleset);
  const machine = createGameMachine(ruleset);
  const ctx0 = initialContext(game, ruleset);
  const items = timeline(game, postVersions(seenBy(posts, cut), ctx0.setup.options.syntax, parse));
  const { stopAfter, at } = resolveCut(cut, items, ctx0);
  const actor = createActor(machine, { input: ctx0 });
  actor.start();
  const drain = (limit: Instant) => {
    for (let t = nextTimer(actor.getSnapshot().context, limit); t; t = nextTimer(actor.getSnapshot().context, limit)) {
      const index = Number(t.ref);
      if (t.kind === 'phase-started') actor.send({ type: 'phase.started', at: t.at, index, timer: t });
      else if (t.kind === 'phase-deadline') actor.send({ type: 'phase.deadline', at: t.at, index, timer: t });
      else actor.send({ type: 'clock.tick', at: t.at, timer: t });
    }
  };
  // The last thread post read while a day was open: the vote count's "through post #".
  let through: { day: string; postId: string } | null = null;
  const phasePosts = ctx0.setup.options.phasePost !== null;
  for (let i = 0; i <= stopAfter; i += 1) {
    const item = items[i] as Item;
    // The mod's recorded events at an instant come before its timers (a death recorded at a day's start belongs
    // to the time before it); posts come after them (interfaces §4 "Time").
    drain(item.group === 0 ? item.at - 1 : item.at);
    const event = item.event;
    if (event.type === 'post.received') {
      const ctx = actor.getSnapshot().context;
      if (item.firstVersion && event.received.post.channel === 'thread' && ctx.day && isDayOpen(ctx)) {
        through = { day: ctx.day.day, postId: event.received.post.id };
      }
      // Most posts hold no action: they cannot change the state, so they skip the statechart (speed).
      const quiet = event.received.actions.length === 0 && event.received.diagnostics.length === 0;
      const maybePhasePost = phasePosts && isModerator(ctx0, event.received.post.author);
      if (quiet && !event.ruling?.vote && !maybePhasePost) continue;
    }
    actor.send(event);
  }
  drain(at);
  const snapshot = actor.getSnapshot();
  actor.stop();
  let context = snapshot.context;
  if (context.day && through?.day === context.day.day)
    context = { ...context, day: { ...context.day, throughPost: through.postId } };
  return { context, at, machineState: stateName(snapshot.value) };
}

/** The post versions that can matter before the cut: later ones are never parsed (the scorer replays thousands of cuts). */
function seenBy(posts: Post[], cut: Cut): Post[] {
  if (!cut) return posts;
  let limit: Instant;
  if ('at' in cut) limit = cut.at;
  else {
    const target = posts.find((p) => p.id === cut.through);
    if (!target) return posts; // resolveCut reports the unknown id
    limit = Date.parse(target.createdAt);
  }
  return posts.filter((p) => Date.parse(p.createdAt) <= limit);
}

function timeline(game: GameFile, versions: ReceivedPost[]): Item[] {
  const rulings = new Map<string, PostRuling>();
  const items: Item[] = [];
  game.events.forEach((e, order) => {
    if ('post' in e) {
      rulings.set(e.post, { ...rulings.get(e.post), ...('ignore' in e ? { ignore: true } : { vote: e.vote }) });
      return;
    }
    const at = Date.parse(e.at);
    if ('replace' in e)
      items.push({ at, group: 0, order, event: { type: 'player.replaced', at, from: e.replace, to: e.by } });
    else if ('kill' in e)
      items.push({ at, group: 0, order, event: { type: 'player.killed', at, name: e.kill, cause: e.cause } });
    else if ('end' in e) items.push({ at, group: 0, order, event: { type: 'phase.ended-by-mod', at, phase: e.end } });
    else items.push({ at, group: 0, order, event: { type: 'game.declared', at, winner: e.winner } });
  });
  versions.forEach((received, order) => {
    const ruling = rulings.get(received.post.id) ?? null;
    items.push({
      at: received.at,
      group: 1,
      order,
      postId: received.post.id,
      firstVersion: received.version === 'first',
      event: { type: 'post.received', at: received.at, received, ruling },
    });
  });
  return items.sort((a, b) => a.at - b.at || a.group - b.group || a.order - b.order);
}

function resolveCut(cut: Cut, items: Item[], ctx0: GameContext): { stopAfter: number; at: Instant } {
  if (cut && 'through' in cut) {
    const i = items.findIndex((it) => it.postId === cut.through && it.firstVersion);
    if (i < 0)
      throw new ModdeskError(
        'post-unknown',
        `--through ${JSON.stringify(cut.through)}: no post with that id in the dump`,
      );
    return { stopAfter: i, at: (items[i] as Item).at };
  }
  let at: Instant;
  if (cut) at = cut.at;
  else {
    const firstVersions = items.filter((it) => it.firstVersion);
    const last = firstVersions[firstVersions.length - 1];
    at = last ? last.at : (ctx0.setup.phases[0]?.start ?? 0);
  }
  let stopAfter = -1;
  while (stopAfter + 1 < items.length && (items[stopAfter + 1] as Item).at <= at) stopAfter += 1;
  return { stopAfter, at };
}

function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, sub] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${key}.${stateName(sub)}`;
}
