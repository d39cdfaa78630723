/**
 * The inspection hook every actor is created with. In a production build `devInspect` is
 * undefined and the devtools code is never loaded; in development events queue until the
 * devtools attach (they load after the first render).
 */
import type { InspectionEvent } from 'xstate';

type Observer = (event: InspectionEvent) => void;

const MAX_QUEUE = 500;
const queue: InspectionEvent[] = [];
let sink: Observer | null = null;

export const devInspect: Observer | undefined =
  import.meta.env.DEV && import.meta.env.MODE !== 'test'
    ? (event) => {
        if (sink) sink(event);
        else if (queue.length < MAX_QUEUE) queue.push(event);
      }
    : undefined;

export function attachInspector(observer: Observer): void {
  sink = observer;
  for (const event of queue.splice(0)) observer(event);
}
