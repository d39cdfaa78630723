import { useId, useRef, type ReactNode } from 'react';
import { DIALOG_WIDTHS } from '../../domain/shared/constants';
import { useModalFocus } from './useModalFocus';
import './dialog.css';

/**
 * A small confirmation dialog as a plain overlay: Fluent's Dialog would pull tabster into the
 * page for one question. Escape or the overlay cancels; the confirm button takes focus and Tab
 * moves between the two buttons only (useModalFocus).
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { title, children, confirmLabel = '确定', cancelLabel = '取消', busy = false, onConfirm, onCancel } = props;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const modalFocus = useModalFocus(dialogRef, {
    onEscape: () => !busy && onCancel(),
    initialFocus: () => confirmRef.current,
  });
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop cancels; keyboard users have Escape (useModalFocus).
    <div className="xt-overlay" onClick={(e) => e.target === e.currentTarget && !busy && onCancel()} {...modalFocus}>
      <div ref={dialogRef} className="xt-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width: DIALOG_WIDTHS.small }}>
        <h2 className="xt-dialog__title" id={titleId}>
          {title}
        </h2>
        <div className="xt-dialog__body">{children}</div>
        <div className="xt-dialog__actions">
          <button type="button" className="xt-btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="xt-btn xt-btn--primary" ref={confirmRef} onClick={onConfirm} disabled={busy}>
            {busy ? '处理中…' : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
