import { useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../../services/toast';

export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="xt-toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} role={t.intent === 'error' ? 'alert' : 'status'} className={`xt-toast xt-toast--${t.intent}`} data-intent={t.intent}>
          {t.message}
        </div>
      ))}
    </div>
  );
}
