/**
 * Development only (loaded on demand by start.tsx, never in a production build): the live-actor
 * registry fed by the inspector every actor is created with, the panel that shows it, and on
 * demand the Stately inspector.
 */
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { ActorRegistry, maskSecrets } from '../services/shared/devtools/actorRegistry';
import { attachInspector } from '../services/shared/devtools/hook';
import ActorPanel from '../views/shared/devtools/ActorPanel';

const registry = new ActorRegistry();
let stately: ((event: InspectionEvent) => void) | null = null;

async function connectStately(): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({ autoStart: true });
  stately = (event) => {
    // The inspector gets masked copies: tokens and passwords stay in the page.
    const masked = { ...event, ...('event' in event ? { event: maskSecrets(event.event) } : {}) } as InspectionEvent;
    inspector.inspect.next?.(masked);
  };
}

export function mountDevtools(): void {
  attachInspector((event) => {
    registry.observe(event);
    stately?.(event);
  });
  const host = document.body.appendChild(document.createElement('div'));
  createRoot(host).render(<ActorPanel registry={registry} connectStately={connectStately} />);
}
