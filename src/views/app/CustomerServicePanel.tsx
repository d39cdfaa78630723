/**
 * The contact panel of the customer-service button (its own chunk, loaded on the first open): the
 * contact details of the site param, with loading, failed (retry) and empty states; shown when no
 * chat script is configured or when it failed to load. A modal dialog: focus inside, Escape, the
 * backdrop or 关闭 close it, and focus goes back to the button (useModalFocus).
 */
import { useId, useRef } from 'react';
import { useFlow } from '../../app/AppContext';
import { contactLines } from '../../domain/site/contactDetails';
import { CONTACT_PANEL_TEXTS as T } from '../../domain/site/contactPanel.texts';
import { customerServiceContactMachine } from '../../machines/shared/customerServiceContact.machine';
import { EmptyState, ErrorState, LoadingState } from '../shared/LoadState';
import { useModalFocus } from '../shared/useModalFocus';
import '../shared/dialog.css';

function ContactDetailsBody() {
  const [state, send] = useFlow(customerServiceContactMachine);
  if (state.matches('loading')) return <LoadingState label={T.loading} />;
  if (state.matches('failed')) return <ErrorState message={T.loadFailed} onRetry={() => send({ type: 'RETRY' })} />;
  const details = state.context.data;
  if (!details) return <EmptyState message={T.empty} />;
  return (
    <dl className="xt-cs-panel__lines" data-testid="customer-service-contacts">
      {contactLines(details, T.labels).map((line) => (
        <div key={line.label} className="xt-cs-panel__line">
          <dt>{line.label}</dt>
          <dd>{line.href ? <a href={line.href}>{line.value}</a> : line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function CustomerServicePanel({ scriptFailed, onClose }: { scriptFailed: boolean; onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const modalFocus = useModalFocus(dialogRef, { onEscape: onClose });
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes; keyboard users have Escape (useModalFocus).
    <div className="xt-cs-overlay" onClick={(e) => e.target === e.currentTarget && onClose()} {...modalFocus}>
      <div ref={dialogRef} className="xt-dialog xt-cs-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="customer-service-panel">
        <h2 className="xt-dialog__title" id={titleId}>
          {T.title}
        </h2>
        {scriptFailed && (
          <p className="xt-cs-panel__notice" role="alert">
            {T.scriptFailed}
          </p>
        )}
        <ContactDetailsBody />
        <div className="xt-dialog__actions">
          <button type="button" className="xt-btn" onClick={onClose}>
            {T.close}
          </button>
        </div>
      </div>
    </div>
  );
}
