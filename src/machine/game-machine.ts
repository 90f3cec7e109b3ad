import { assign, type SnapshotFrom, setup } from 'xstate';
import type { DeathCause } from '../domain/game-file.js';
import type { EndReason, Winner } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, ReceivedPost, Timer } from './context.js';
import { isDayOpen, killSlot, settleResult } from './death-rules.js';
import { addFlag } from './flags.js';
import { resetReplacedVote, resetVotes, resetVotesOnReplaced, revive } from './house-rules/mid-day-events.js';
import { endDay, endPhase, phaseRuntime, startPhase } from './phase-rules.js';
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
  | { type: 'player.replaced'; at: Instant; from: string; to: string; votes: 'carry' | 'reset' | null }
  | { type: 'votes.reset'; at: Instant }
  | { type: 'player.revived'; at: Instant; name: string }
  | { type: 'player.killed'; at: Instant; name: string; cause: DeathCause }
  | { type: 'phase.ended-by-mod'; at: Instant; phase: string }
  | { type: 'game.declared'; at: Instant; winner: Winner };

const stamp = (ctx: GameContext, at: Instant): GameContext => (ctx.now === at ? ctx : { ...ctx, now: at });

type At = { at: Instant };
type Seq = { seq: number };
type Ending = { at: Instant; reason: EndReason };

/**
 * The game statechart shared by every ruleset. Its states are the phase lifecycle: `pregame`, then for each
 * scheduled phase `setup|day|night` with substates `open` → `ended`, and `over`. Every way a phase ends is a
 * transition into `ended`: the threshold (`day.open`'s guard at the deciding post), the deadline, the mod's
 * end; a game-over (won or declared) is a transition into `over`. So `phase.endedAt`/`endReason` are written
 * only by those transitions and the chart's state never disagrees with them. Actions take their inputs as
 * `params` (xstate v5) and name pure rule functions (phase-rules, post-rules, death-rules, the ruleset's hooks).
 */
export function createGameMachine(ruleset: Ruleset) {
  const settle = (ctx: GameContext) => settleResult(ctx, ruleset, ctx.now);
  const phaseEnd = {
    type: 'endPhase' as const,
    params: ({ event }: { event: At }) => ({ at: event.at, reason: 'deadline' as const }),
  };
  const timerSeq = ({ event }: { event: { timer: Timer } }) => ({ seq: event.timer.seq });
  const ended = (reason: EndReason) => [
    { type: 'consumeTimer' as const, params: timerSeq },
    { type: 'endPhase' as const, params: ({ event }: { event: At }) => ({ at: event.at, reason }) },
  ];
  const modEnds = {
    guard: {
      type: 'namesCurrentPhase' as const,
      params: ({ event }: { event: { phase: string } }) => ({ name: event.phase }),
    },
    target: 'ended',
    actions: {
      type: 'endPhase' as const,
      params: ({ event }: { event: At }) => ({ at: event.at, reason: 'mod' as const }),
    },
  };
  const deadlineEnds = {
    guard: {
      type: 'isCurrentPhase' as const,
      params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
    },
    target: 'ended',
    actions: ended('deadline'),
  };
  const phaseStates = {
    initial: 'open',
    states: {
      open: { on: { 'phase.deadline': deadlineEnds, 'phase.ended-by-mod': modEnds } },
      ended: {},
    },
  } as const;
  return setup({
    types: {} as { context: GameContext; events: GameEvent; input: GameContext },
    guards: {
      hasReachedThreshold: ({ context }) => isDayOpen(context) && decidedOption(context) !== null,
      isGameOver: ({ context }) => context.result.status === 'over',
      startsKind: ({ context }, p: { index: number; kind: string }) => context.setup.phases[p.index]?.kind === p.kind,
      isCurrentPhase: ({ context }, p: { index: number }) => context.phase?.index === p.index,
      namesCurrentPhase: ({ context }, p: { name: string }) => context.phase?.name === p.name,
    },
    actions: {
      consumeTimer: assign(({ context }, p: Seq) => removeTimer(context, p.seq)),
      endPhase: assign(({ context }, p: Ending) => settle(endPhase(stamp(context, p.at), ruleset, p.at, p.reason))),
      startPhase: assign(({ context }, p: { index: number; at: Instant }) =>
        settle(startPhase(stamp(context, p.at), ruleset, p.index, p.at)),
      ),
      endDayByThreshold: assign(({ context }) =>
        settle(endDay(context, ruleset, context.now, 'threshold', decidedOption(context))),
      ),
      flagPhaseMismatch: assign(({ context }, p: { phase: string; at: Instant }) =>
        addFlag(stamp(context, p.at), {
          postId: null,
          code: 'event-phase-mismatch',
          actor: null,
          message: `The game file ends ${p.phase}, but the current phase is ${context.phase?.name ?? 'none'}.`,
          at: p.at,
        }),
      ),
      fireTimer: assign(({ context }, p: { timer: Timer }) =>
        settle(ruleset.onTimer(stamp(context, p.timer.at), p.timer)),
      ),
      receivePost: assign(({ context }, p: { at: Instant; received: ReceivedPost; ruling: PostRuling | null }) =>
        settle(receivePost(stamp(context, p.at), ruleset, p.received, p.ruling)),
      ),
      replacePlayer: assign(({ context }, p: { at: Instant; from: string; to: string; votes: string | null }) => {
        const slot = slotByName(context.slots, p.from)!;
        const slots = replaceSlot(context.slots, slot.index, {
          name: p.to,
          formerNames: [...slot.formerNames, slot.name],
        });
        const next = stamp({ ...context, slots }, p.at);
        const votes = p.votes ?? context.setup.options.replacementVotes;
        const own = votes === 'reset' ? resetReplacedVote(next, slot.index, p.at) : next;
        return context.setup.options.votesOnReplaced === 'reset' ? resetVotesOnReplaced(own, slot.index, p.at) : own;
      }),
      resetVotes: assign(({ context }, p: At) => resetVotes(stamp(context, p.at), p.at)),
      revivePlayer: assign(({ context }, p: { at: Instant; name: string }) => {
        const slot = slotByName(context.slots, p.name)!;
        return settle(revive(stamp(context, p.at), slot.index, p.at));
      }),
      killPlayer: assign(({ context }, p: { at: Instant; name: string; cause: DeathCause }) => {
        const slot = slotByName(context.slots, p.name)!;
        return settle(killSlot(stamp(context, p.at), ruleset, slot.index, p.cause, p.at));
      }),
      declareResult: assign(({ context }, p: { at: Instant; winner: Winner }) => ({
        ...stamp(context, p.at),
        result: { status: 'over' as const, winner: p.winner, at: p.at, declared: true },
      })),
      trackPhase: assign(({ context }, p: { index: number; at: Instant }) => {
        const sched = context.setup.phases[p.index];
        return sched ? { ...stamp(context, p.at), phase: phaseRuntime(sched, p.at) } : context;
      }),
      trackDeadline: assign(({ context }, p: { index: number; at: Instant }) => {
        if (context.phase?.index !== p.index || context.phase.endedAt !== null) return context;
        return { ...stamp(context, p.at), phase: { ...context.phase, endedAt: p.at, endReason: 'deadline' as const } };
      }),
      flagOnly: assign(({ context }, p: { at: Instant; received: ReceivedPost; ruling: PostRuling | null }) => {
        const after = receivePost(stamp(context, p.at), ruleset, p.received, p.ruling);
        const late = after.flags.slice(context.flags.length);
        return late.length ? { ...context, now: p.at, flags: [...context.flags, ...late] } : context;
      }),
      review: assign(({ context }) => (ruleset.review ? ruleset.review(context, context.now) : context)),
    },
  }).createMachine({
    id: 'game',
    context: ({ input }) => input,
    initial: 'pregame',
    on: {
      'phase.started': (['setup', 'day', 'night'] as const).map((kind) => ({
        guard: {
          type: 'startsKind' as const,
          params: ({ event }: { event: { index: number } }) => ({ index: event.index, kind }),
        },
        target: `.${kind}`,
        reenter: true,
        actions: [
          { type: 'consumeTimer' as const, params: timerSeq },
          phaseEnd,
          { type: 'startPhase' as const, params: ({ event }: { event: { index: number; at: Instant } }) => event },
        ],
      })),
      'phase.deadline': { actions: { type: 'consumeTimer' as const, params: timerSeq } },
      // Ending a phase that has already ended changes nothing; naming another phase is flagged.
      'phase.ended-by-mod': [
        { guard: { type: 'namesCurrentPhase' as const, params: ({ event }) => ({ name: event.phase }) } },
        { actions: { type: 'flagPhaseMismatch', params: ({ event }) => event } },
      ],
      'clock.tick': {
        actions: [
          { type: 'consumeTimer' as const, params: timerSeq },
          { type: 'fireTimer', params: ({ event }) => ({ timer: event.timer }) },
        ],
      },
      'post.received': { actions: { type: 'receivePost', params: ({ event }) => event } },
      'player.replaced': { actions: { type: 'replacePlayer', params: ({ event }) => event } },
      'player.killed': { actions: { type: 'killPlayer', params: ({ event }) => event } },
      'votes.reset': { actions: { type: 'resetVotes', params: ({ event }) => event } },
      'player.revived': { actions: { type: 'revivePlayer', params: ({ event }) => event } },
      'game.declared': { target: '.over', actions: { type: 'declareResult', params: ({ event }) => event } },
    },
    states: {
      pregame: { always: { guard: 'isGameOver', target: 'over' } },
      setup: { always: { guard: 'isGameOver', target: 'over' }, ...phaseStates },
      day: {
        always: { guard: 'isGameOver', target: 'over' },
        initial: 'open',
        states: {
          open: {
            always: { guard: 'hasReachedThreshold', target: 'ended', actions: 'endDayByThreshold' },
            on: phaseStates.states.open.on,
          },
          ended: {},
        },
      },
      night: { always: { guard: 'isGameOver', target: 'over' }, ...phaseStates },
      over: {
        // After game over, posts are still read and flagged, but nothing changes the state (interfaces §3).
        entry: 'review',
        on: {
          'phase.started': {
            actions: [
              { type: 'consumeTimer' as const, params: timerSeq },
              { type: 'trackPhase', params: ({ event }) => event },
            ],
          },
          'phase.deadline': {
            actions: [
              { type: 'consumeTimer' as const, params: timerSeq },
              { type: 'trackDeadline', params: ({ event }) => event },
            ],
          },
          'phase.ended-by-mod': {},
          'clock.tick': { actions: { type: 'consumeTimer' as const, params: timerSeq } },
          'post.received': { actions: { type: 'flagOnly', params: ({ event }) => event } },
          'player.replaced': { actions: { type: 'replacePlayer', params: ({ event }) => event } },
          'player.killed': {},
          'votes.reset': {},
          'player.revived': {},
          'game.declared': {},
        },
      },
    },
  });
}

export type GameMachine = ReturnType<typeof createGameMachine>;
export type GameSnapshot = SnapshotFrom<GameMachine>;
