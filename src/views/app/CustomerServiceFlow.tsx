/**
 * What the customer-service button does, loaded on its first click (a chunk of its own, so the
 * button stays small in every page's first download): the customerService flow loads the chat
 * script when one is configured (VITE_CHAT_SCRIPT) or opens the contact panel, and opens the panel
 * when the script fails to load.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useFlow } from '../../app/AppContext';
import { chatScriptUrl } from '../../domain/site/customerService';
import { customerServiceMachine } from '../../machines/shared/customerService.machine';

const CustomerServicePanel = lazy(() => import('./CustomerServicePanel'));

const SCRIPT_URL = chatScriptUrl(import.meta.env.VITE_CHAT_SCRIPT);

export default function CustomerServiceFlow({ clicks, onBusy }: { clicks: number; onBusy: (busy: boolean) => void }) {
  const [state, send] = useFlow(customerServiceMachine, { input: { scriptUrl: SCRIPT_URL } });
  // Every click of the button, the first one included (it mounted this), is one OPEN.
  useEffect(() => {
    send({ type: 'OPEN' });
  }, [clicks, send]);
  const loading = state.matches('loadingScript');
  useEffect(() => onBusy(loading), [loading, onBusy]);
  if (!state.matches('panel')) return null;
  return (
    <Suspense fallback={null}>
      <CustomerServicePanel scriptFailed={state.context.chat === 'failed'} onClose={() => send({ type: 'CLOSE' })} />
    </Suspense>
  );
}
