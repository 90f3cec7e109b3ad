import { assign, setup } from 'xstate';
import type { DeathCause } from '../domain/game-file.js';
import type { Winner } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, ReceivedPost, Timer } from './context.js';
import { isDayOpen, killSlot, settleResult } from './death-rules.js';
import { addFlag } from './flags.js';
import { endCurrentPhase, endDay, phaseRuntime, startPhase } from './phase-rules.js';
import { type PostRuling, receivePost } from './post-rules.js';
import { replaceSlot, slotByName } from './roster.js';
import type { Ruleset } from './ruleset.js';
import { removeTimer } from './timers.js';
import { decidedOption } from './votes.js';

/** Events are dot-named and carry `at` (architecture.md conventions). */
export type GameEvent =
  | { type: 'phase.started'; at: Instant; index: number; timer: Timer }
  | { type: 'phase.deadline'; at: Instant; index: number; timer: Timer }
  | { type: 'clock.tick'; at: Instant; timer: Timer }
  | { type: 'post.received'; at: Instant; received: ReceivedPost; ruling: PostRuling | null }
  | { type: 'player.replaced'; at: Instant; from: string; to: string }
  | { type: 'player.killed'; at: Instant; name: string; cause: DeathCause }
  | { type: 'phase.ended-by-mod'; at: Instant; phase: string }
  | { type: 'game.declared'; at: Instant; winner: Winner };

const stamp = (ctx: GameContext, at: Instant): GameContext => (ctx.now === at ? ctx : { ...ctx, now: at });

/**
 * The game statechart shared by every ruleset: phases as states, a day's open/ended substates, the
 * threshold end at the deciding post (`hasReachedThreshold`), and the game-over state. Rules are plain
 * functions (phase-rules, post-rules, death-rules, and the ruleset's hooks) named here as actions.
 */
export function createGameMachine(ruleset: Ruleset) {
  const settle = (ctx: GameContext) => settleResult(ctx, ruleset, ctx.now);
  return setup({
    types: {} as { context: GameContext; events: GameEvent; input: GameContext },
    guards: {
      hasReachedThreshold: ({ context }) => isDayOpen(context) && decidedOption(context) !== null,
      isGameOver: ({ context }) => context.result.status === 'over',
      startsSetup: ({ context, event }) =>
        event.type === 'phase.started' && context.setup.phases[event.index]?.kind === 'setup',
      startsDay: ({ context, event }) =>
        event.type === 'phase.started' && context.setup.phases[event.index]?.kind === 'day',
      startsNight: ({ context, event }) =>
        event.type === 'phase.started' && context.setup.phases[event.index]?.kind === 'night',
    },
    actions: {
      consumeTimer: assign(({ context, event }) =>
        'timer' in event ? removeTimer(context, event.timer.seq) : context,
      ),
      startPhase: assign(({ context, event }) => {
        if (event.type !== 'phase.started') return context;
        return settle(startPhase(stamp(context, event.at), ruleset, event.index, event.at));
      }),
      reachDeadline: assign(({ context, event }) => {
        if (event.type !== 'phase.deadline' || context.phase?.index !== event.index) return context;
        return settle(endCurrentPhase(stamp(context, event.at), ruleset, event.at, 'deadline'));
      }),
      endByMod: assign(({ context, event }) => {
        if (event.type !== 'phase.ended-by-mod') return context;
        const ctx = stamp(context, event.at);
        if (ctx.phase?.name !== event.phase) {
          return addFlag(ctx, {
            postId: null,
            code: 'event-phase-mismatch',
            actor: null,
            message: `The game file ends ${event.phase}, but the current phase is ${ctx.phase?.name ?? 'none'}.`,
            at: event.at,
          });
        }
        return settle(endCurrentPhase(ctx, ruleset, event.at, 'mod'));
      }),
      fireTimer: assign(({ context, event }) => {
        if (event.type !== 'clock.tick') return context;
        return settle(ruleset.onTimer(stamp(context, event.at), event.timer));
      }),
      receivePost: assign(({ context, event }) => {
        if (event.type !== 'post.received') return context;
        return settle(receivePost(stamp(context, event.at), ruleset, event.received, event.ruling));
      }),
      endDayByThreshold: assign(({ context }) => {
        return settle(endDay(context, ruleset, context.now, 'threshold', decidedOption(context)));
      }),
      replacePlayer: assign(({ context, event }) => {
        if (event.type !== 'player.replaced') return context;
        const slot = slotByName(context.slots, event.from)!;
        return stamp(
          {
            ...context,
            slots: replaceSlot(context.slots, slot.index, {
              name: event.to,
              formerNames: [...slot.formerNames, slot.name],
            }),
          },
          event.at,
        );
      }),
      killPlayer: assign(({ context, event }) => {
        if (event.type !== 'player.killed') return context;
        const slot = slotByName(context.slots, event.name)!;
        return settle(killSlot(stamp(context, event.at), ruleset, slot.index, event.cause, event.at));
      }),
      declareResult: assign(({ context, event }) => {
        if (event.type !== 'game.declared') return context;
        return {
          ...stamp(context, event.at),
          result: { status: 'over', winner: event.winner, at: event.at, declared: true },
        };
      }),
      trackPhase: assign(({ context, event }) => {
        if (event.type !== 'phase.started') return context;
        const sched = context.setup.phases[event.index];
        if (!sched) return context;
        return { ...stamp(context, event.at), phase: phaseRuntime(sched, event.at) };
      }),
      trackDeadline: assign(({ context, event }) => {
        if (event.type !== 'phase.deadline' || context.phase?.index !== event.index || context.phase.endedAt !== null)
          return context;
        return {
          ...stamp(context, event.at),
          phase: { ...context.phase, endedAt: event.at, endReason: 'deadline' as const },
        };
      }),
      flagOnly: assign(({ context, event }) => {
        if (event.type !== 'post.received') return context;
        const after = receivePost(stamp(context, event.at), ruleset, event.received, event.ruling);
        const late = after.flags.slice(context.flags.length);
        return late.length ? { ...context, now: event.at, flags: [...context.flags, ...late] } : context;
      }),
      review: assign(({ context }) => (ruleset.review ? ruleset.review(context, context.now) : context)),
    },
  }).createMachine({
    id: 'game',
    context: ({ input }) => input,
    initial: 'pregame',
    on: {
      'phase.started': [
        { guard: 'startsSetup', target: '.setup', actions: ['consumeTimer', 'startPhase'] },
        { guard: 'startsDay', target: '.day', actions: ['consumeTimer', 'startPhase'] },
        { guard: 'startsNight', target: '.night', actions: ['consumeTimer', 'startPhase'] },
      ],
      'phase.deadline': { actions: ['consumeTimer', 'reachDeadline'] },
      'phase.ended-by-mod': { actions: 'endByMod' },
      'clock.tick': { actions: ['consumeTimer', 'fireTimer'] },
      'post.received': { actions: 'receivePost' },
      'player.replaced': { actions: 'replacePlayer' },
      'player.killed': { actions: 'killPlayer' },
      'game.declared': { actions: 'declareResult' },
    },
    states: {
      pregame: { always: [{ guard: 'isGameOver', target: 'over' }] },
      setup: { always: [{ guard: 'isGameOver', target: 'over' }] },
      day: {
        always: [{ guard: 'isGameOver', target: 'over' }],
        initial: 'open',
        states: {
          open: {
            always: [{ guard: 'hasReachedThreshold', target: 'ended', actions: 'endDayByThreshold' }],
          },
          ended: {},
        },
      },
      night: { always: [{ guard: 'isGameOver', target: 'over' }] },
      over: {
        // After game over, posts are still read and flagged, but nothing changes the state (interfaces §3).
        entry: 'review',
        on: {
          'phase.started': { actions: ['consumeTimer', 'trackPhase'] },
          'phase.deadline': { actions: ['consumeTimer', 'trackDeadline'] },
          'phase.ended-by-mod': {},
          'clock.tick': { actions: 'consumeTimer' },
          'post.received': { actions: 'flagOnly' },
          'player.replaced': { actions: 'replacePlayer' },
          'player.killed': {},
          'game.declared': {},
        },
      },
    },
  });
}
