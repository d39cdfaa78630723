/**
 * The floating online customer-service button (product-spec §1) on every page of the layouts. It
 * loads as a chunk of its own after the page (Layout.tsx), and holds only the button: the first click loads its
 * flow (CustomerServiceFlow: the chat script or the contact panel) as a chunk of its own. It floats in the bottom
 * right corner and rises above, or hides under, what it must never cover: every element marked
 * KEEP_CLEAR_ATTRIBUTE (the player's video and controls, the answer sheet, the pay button, sticky
 * bars) and every other control of the page in its way, measured on scroll, resize and page
 * changes; floatingSpot (src/domain) decides.
 */
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { floatingSpot, KEEP_CLEAR_ATTRIBUTE } from '../../domain/site/customerService';
import { CUSTOMER_SERVICE_TEXTS as T } from '../../domain/site/customerService.texts';
import './customerService.css';

const CustomerServiceFlow = lazy(() => import('./CustomerServiceFlow'));
/** The button's distance from the viewport's right and bottom edges, and from a kept-clear control (px). */
const MARGIN = 16;
const GAP = 8;

/**
 * What the button keeps clear of: every control marked kept-clear (the player, the answer sheet,
 * the pay button, sticky bars) and anything else a student presses (a page's own 提交 at the
 * bottom of the screen, a form field), whether marked or not. Links are left out on purpose: a
 * course card is a link as wide as the screen, and covering its corner hides nothing.
 */
const KEEP_CLEAR_OF = `[${KEEP_CLEAR_ATTRIBUTE}], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], video, audio`;

/** The boxes to keep clear of, on screen now: not the button itself, nor a modal dialog's controls (the dialog is above it). */
function keepClearBoxes(button: HTMLElement): DOMRect[] {
  const boxes: DOMRect[] = [];
  for (const el of document.querySelectorAll(KEEP_CLEAR_OF)) {
    if (button.contains(el) || el.closest('[aria-modal="true"]')) continue;
    boxes.push(el.getBoundingClientRect());
  }
  return boxes;
}

/** The button's ref, kept off every kept-clear control: sets its `bottom`, or hides it when no height is free. */
function useKeepClearButton(): RefObject<HTMLButtonElement | null> {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = button.current;
    if (!el) return undefined;
    let frame = 0;
    const place = () => {
      frame = 0;
      const offset = floatingSpot({
        viewportWidth: document.documentElement.clientWidth,
        viewportHeight: document.documentElement.clientHeight,
        size: Math.max(el.offsetWidth, el.offsetHeight),
        margin: MARGIN,
        gap: GAP,
        keepClear: keepClearBoxes(el),
      });
      // Styles set through CSSOM, which the page's CSP (no inline style text) allows.
      el.style.bottom = `${offset ?? MARGIN}px`;
      // Never hidden while it has the focus (the contact panel just gave it back).
      el.style.visibility = offset === null && document.activeElement !== el ? 'hidden' : '';
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    // Capture: an inner scroller (the player's catalogue) moves controls too.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    // A page that loads its content, or another page, moves the controls without a scroll.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, []);
  return button;
}

function ChatIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export default function CustomerService() {
  // Each click is one OPEN for the flow; 0: never clicked, nothing of the flow loaded.
  const [clicks, setClicks] = useState(0);
  const [busy, setBusy] = useState(false);
  const buttonRef = useKeepClearButton();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="xt-cs"
        aria-label={busy ? T.buttonLoading : T.buttonLabel}
        aria-busy={busy}
        aria-haspopup="dialog"
        data-testid="customer-service"
        onClick={() => setClicks((n) => n + 1)}
      >
        {busy ? <span className="xt-cs__spinner" aria-hidden /> : <ChatIcon />}
        <span className="xt-cs__caption" aria-hidden>
          {T.button}
        </span>
      </button>
      {clicks > 0 && (
        <Suspense fallback={null}>
          <CustomerServiceFlow clicks={clicks} onBusy={setBusy} />
        </Suspense>
      )}
    </>
  );
}
