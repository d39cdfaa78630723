import { useEffect, useRef } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';

/** Listens to an event the actor emits (XState `emit`), with the latest handler. */
export function useEmitted<E extends EventObject>(actor: AnyActorRef, type: E['type'], handler: (event: E) => void): void {
  const latest = useRef(handler);
  // eslint-disable-next-line react-hooks/refs -- the latest-handler ref: the subscription calls the newest handler without re-subscribing.
  latest.current = handler;
  useEffect(() => {
    const subscription = actor.on(type, (event: E) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [actor, type]);
}
