import { useMachine } from '@xstate/react';
import type { ActorOptions, AnyStateMachine } from 'xstate';
import { devInspect } from '../../services/devtools/hook';

/** useMachine with the development inspector attached; views use this for their flow machines. */
export function useFlow<M extends AnyStateMachine>(machine: M, options: ActorOptions<M> = {}) {
  const withInspector = devInspect ? { ...options, inspect: devInspect } : options;
  return useMachine(machine, withInspector as Parameters<typeof useMachine<M>>[1]);
}
