/**
 * The inspection hook every actor is created with. In a production build `devInspect` is
 * undefined and the devtools code is never loaded. In development events queue until the devtools
 * attach (they load after the first render); under test nothing queues, so an observer a test
 * attaches sees only its own actors.
 */
import type { InspectionEvent } from 'xstate';

type Observer = (event: InspectionEvent) => void;

const MAX_QUEUE = 500;
const QUEUE = import.meta.env.MODE !== 'test';
const queue: InspectionEvent[] = [];
let sink: Observer | null = null;

export const devInspect: Observer | undefined = import.meta.env.DEV
  ? (event) => {
      if (sink) sink(event);
      else if (QUEUE && queue.length < MAX_QUEUE) queue.push(event);
    }
  : undefined;

/** Routes every actor's inspection events to `observer`; returns the detach. */
export function attachInspector(observer: Observer): () => void {
  sink = observer;
  for (const event of queue.splice(0)) observer(event);
  return () => {
    if (sink === observer) sink = null;
  };
}
