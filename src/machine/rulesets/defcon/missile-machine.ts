import { initialTransition, type SnapshotFrom, type StateValue, setup, transition } from 'xstate';
import type { MissileStatus } from '../../../domain/state.js';
import type { Instant } from '../../../domain/time.js';
import { stateKey } from '../../state-key.js';

/** The instants that drive one missile (architecture invariant 2: deadlines are data). */
export interface MissileClock {
  launchedAt: Instant;
  /** End of the abort window (R-M4), exclusive; null for missiles that cannot be aborted. */
  abortableUntil: Instant | null;
  /** The 24-hour mark of R-M7. */
  markAt: Instant;
  landsAt: Instant;
}

export type MissileEvent =
  | { type: 'clock.tick'; at: Instant }
  | { type: 'missile.abort'; at: Instant }
  | { type: 'missile.intercept'; at: Instant };

/**
 * One missile as a statechart: in flight and abortable → in flight, locked → landed | aborted | intercepted.
 * It is advanced purely (xstate's `transition`) by clock events at exact instants; `strike` on landing is
 * returned as an action for the ruleset to carry out (the target dies, R-M6).
 */
const defineMissileMachine = () =>
  setup({
    types: { context: {} as MissileClock, input: {} as MissileClock, events: {} as MissileEvent },
    guards: {
      cannotAbort: ({ context }) => context.abortableUntil === null || context.abortableUntil <= context.launchedAt,
      inAbortWindow: ({ context, event }) => context.abortableUntil !== null && event.at < context.abortableUntil,
      reachedImpact: ({ context, event }) => event.at >= context.landsAt,
      windowClosed: ({ context, event }) => context.abortableUntil === null || event.at >= context.abortableUntil,
      reachedMark: ({ context, event }) => event.at >= context.markAt && event.at < context.landsAt,
    },
    actions: {
      strike: () => {},
    },
  }).createMachine({
    id: 'missile',
    context: ({ input }) => input,
    initial: 'flying',
    states: {
      flying: {
        initial: 'abortable',
        on: {
          'clock.tick': [
            { guard: 'reachedImpact', target: 'landed' },
            { guard: 'windowClosed', target: '.locked' },
          ],
          'missile.intercept': { guard: 'reachedMark', target: 'intercepted' },
        },
        states: {
          abortable: {
            always: { guard: 'cannotAbort', target: 'locked' },
            on: { 'missile.abort': { guard: 'inAbortWindow', target: '#missile.aborted' } },
          },
          locked: {},
        },
      },
      landed: { type: 'final', entry: 'strike' },
      aborted: { type: 'final' },
      intercepted: { type: 'final' },
    },
  });

let machine: ReturnType<typeof defineMissileMachine> | undefined;

/** The statechart, made when a missile first needs it: a game without missiles never builds it (issue 11). */
function missileMachine() {
  machine ??= defineMissileMachine();
  return machine;
}

type MissileSnapshot = SnapshotFrom<ReturnType<typeof defineMissileMachine>>;

function stateValueOf(key: string): StateValue {
  const [head, tail] = key.split('.') as [string, string | undefined];
  return tail ? { [head]: tail } : head;
}

export function statusOf(key: string): MissileStatus {
  if (key === 'landed' || key === 'aborted' || key === 'intercepted') return key;
  return 'in-flight';
}

/** The state a new missile starts in: abortable, or locked at once when it cannot be aborted. */
export function launchState(clock: MissileClock): string {
  const [snapshot] = initialTransition(missileMachine(), clock);
  return stateKey(snapshot.value);
}

/** One step of a missile's statechart: the next state's key and whether it struck its target. */
export function stepMissile(clock: MissileClock, key: string, event: MissileEvent): { key: string; strike: boolean } {
  const snapshot = missileMachine().resolveState({ value: stateValueOf(key), context: clock }) as MissileSnapshot;
  const [next, actions] = transition(missileMachine(), snapshot, event);
  return { key: stateKey(next.value), strike: actions.some((a) => a.type === 'strike') };
}
