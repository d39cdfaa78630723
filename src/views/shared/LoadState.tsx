import type { ReactNode } from 'react';

/** The loading, empty and failed screens every data page shares (plain CSS from the shell). */
export function Spinner({ label, fill = false }: { label?: string; fill?: boolean | undefined }) {
  return (
    <div className={fill ? 'xt-state xt-state--fill' : 'xt-state'} role="status" aria-live="polite">
      <div className="xt-spinner" aria-hidden />
      {label && <span>{label}</span>}
    </div>
  );
}

/** `fill`: as tall as the screen, for a page that will be (see RouteDef.tall). */
export function LoadingState({ label = '加载中…', fill }: { label?: string; fill?: boolean | undefined }) {
  return <Spinner label={label} fill={fill} />;
}

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="xt-state" data-testid="empty-state">
      <svg width="96" height="72" viewBox="0 0 96 72" aria-hidden>
        <rect x="8" y="14" width="80" height="50" rx="8" fill="#e8eef3" />
        <rect x="20" y="28" width="40" height="6" rx="3" fill="#c5d3de" />
        <rect x="20" y="40" width="56" height="6" rx="3" fill="#d5e0e8" />
      </svg>
      <span>{message}</span>
      {action}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="xt-state" role="alert" data-testid="error-state">
      <span>{message}</span>
      <button type="button" className="xt-btn xt-btn--primary" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
