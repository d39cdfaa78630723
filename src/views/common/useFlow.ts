import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor, ActorOptions, AnyStateMachine, EventFrom, SnapshotFrom } from 'xstate';
import { useFlowEnv } from '../../app/AppContext';
import { isSessionFlowEvent } from '../../machines/sessionEvents';

/**
 * The one way a view runs a flow machine: the actor is created with the developer inspector (so
 * it and every child it invokes or spawns reach the actor panel), and every `session.*` event it
 * emits is relayed to the root session, which is how a flow logs in or updates the user.
 * Returns the snapshot, `send` and the actor (for `actor.on` of view-local emitted events).
 */
export function useFlow<M extends AnyStateMachine>(machine: M, options: ActorOptions<M> = {}) {
  const { inspect, relay } = useFlowEnv();
  const withInspector = (inspect ? { ...options, inspect } : options) as ActorOptions<AnyStateMachine>;
  const actor = useActorRef(machine as AnyStateMachine, withInspector) as unknown as Actor<M>;
  useEffect(() => {
    const subscription = actor.on('*', (event: { type: string }) => {
      if (isSessionFlowEvent(event)) relay(event);
    });
    return () => subscription.unsubscribe();
  }, [actor, relay]);
  const snapshot = useSelector(actor, (s) => s) as SnapshotFrom<M>;
  return [snapshot, actor.send as (event: EventFrom<M>) => void, actor] as const;
}
