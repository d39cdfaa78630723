import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]';

/** What Tab may land on inside `container`, in document order. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]'));
}

/**
 * Focus for a modal made of plain elements: the initial focus, Tab and Shift+Tab cycling inside
 * the dialog, Escape, focus that strays outside brought back, and the opener focused again on
 * close. Tab is moved by hand rather than left to the browser, so the order holds even where
 * Fluent's tabster (loaded with the page) would move focus by its own rules; the returned
 * attribute marks the overlay as uncontrolled for tabster as well.
 */
export function useModalFocus(
  dialog: RefObject<HTMLElement | null>,
  options: { onEscape: () => void; initialFocus?: () => HTMLElement | null | undefined },
): { 'data-tabster': string } {
  const latest = useRef(options);
  // eslint-disable-next-line react-hooks/refs -- the latest-options ref: the effect below reads the newest callbacks without re-subscribing.
  latest.current = options;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = dialog.current;
    if (!root) return undefined;
    (latest.current.initialFocus?.() ?? tabStops(root)[0])?.focus();

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        latest.current.onEscape();
        return;
      }
      if (e.key !== 'Tab') return;
      e.preventDefault();
      const stops = tabStops(root);
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? (e.shiftKey ? stops.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + stops.length) % stops.length;
      stops[next]!.focus();
    };
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.contains(e.target)) tabStops(root)[0]?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn, true);
      opener?.focus?.();
    };
  }, [dialog]);

  return { 'data-tabster': '{"uncontrolled":{}}' };
}
