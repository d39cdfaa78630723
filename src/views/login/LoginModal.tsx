import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DIALOG_WIDTHS } from '../../domain/constants';
import { closeLoginModal } from '../../services/loginModal';
import { LoginPanel } from './LoginPanel';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

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

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLElement>('input')?.focus();
    // On the document: Esc closes even when a click on the backdrop took the focus away.
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') closeLoginModal(false);
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  /** Tab and Shift+Tab wrap around inside the dialog. */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="xt-modal-overlay" onKeyDown={onKeyDown}>
      <div ref={dialog} className="xt-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width: DIALOG_WIDTHS.login }} data-testid="login-modal">
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
