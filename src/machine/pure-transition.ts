import { type AnyActorScope, type AnyStateMachine, createActor, type EventFrom, type SnapshotFrom } from 'xstate';

/**
 * xstate's pure `transition(machine, snapshot, event)` for a machine that only assigns (no spawned, invoked or
 * sent-to actors, no actions run outside the snapshot), as the game statechart is. xstate's own makes an actor
 * (and runs the machine's initial state) for every event, about half of a long thread's fold; this makes that
 * inert scope once per machine. The actions `transition()` would hand back are not kept: the fold has none.
 */
export function pureTransition<M extends AnyStateMachine>(
  machine: M,
): (snapshot: SnapshotFrom<M>, event: EventFrom<M>) => SnapshotFrom<M> {
  let scope: AnyActorScope | null = null;
  return (snapshot, event) => {
    if (!scope) {
      const self = createActor(machine);
      scope = {
        self,
        defer: () => {},
        id: '',
        logger: () => {},
        sessionId: '',
        stopChild: () => {},
        system: self.system,
        emit: () => {},
        actionExecutor: () => {},
      } as AnyActorScope;
    }
    return machine.transition(snapshot, event, scope) as SnapshotFrom<M>;
  };
}
