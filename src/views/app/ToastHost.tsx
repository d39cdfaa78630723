import { useToasts } from '../../app/AppContext';

export function ToastHost() {
  const toasts = useToasts();
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
