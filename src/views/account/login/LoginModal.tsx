import { useEffect, useId, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLoginModal } from '../../../app/AppContext';
import { DIALOG_WIDTHS } from '../../../domain/shared/constants';
import { useModalFocus } from '../../shared/useModalFocus';
import { LoginPanel } from './LoginPanel';

/**
 * The login modal (§2): 448 px, the same panel as /uc/login in modal mode. A login closes it and
 * the visitor stays on the page. Esc and × close it; Tab stays inside; focus returns on close.
 * A plain fixed overlay: Fluent's Dialog would add tabster to this chunk.
 */
export default function LoginModal() {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [location] = useLocation();
  const search = useSearch();
  const { close: closeLoginModal } = useLoginModal();

  const modalFocus = useModalFocus(dialog, {
    onEscape: () => closeLoginModal(false),
    initialFocus: () => dialog.current?.querySelector<HTMLElement>('input'),
  });

  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <div className="xt-modal-overlay" {...modalFocus}>
      <div
        ref={dialog}
        className="xt-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width: DIALOG_WIDTHS.login }}
        data-testid="login-modal"
      >
        <button type="button" className="xt-modal__close" aria-label="关闭" onClick={() => closeLoginModal(false)} data-testid="login-modal-close">
          ×
        </button>
        <h2 id={titleId} className="xt-modal__title">
          登录学途
        </h2>
        {/* The WeChat QR's round trip comes back to the page the modal was opened on. */}
        <LoginPanel mode="modal" redirect={`${location}${search ? `?${search}` : ''}`} onLeave={() => closeLoginModal(false)} />
      </div>
    </div>
  );
}
