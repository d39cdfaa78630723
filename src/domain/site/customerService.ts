/**
 * The floating online customer-service button (product-spec §1): what the site expects of the
 * third-party chat script, the pages that show the button and where it floats so that it never
 * covers a control the student is using (the contact panel's details: contactDetails.ts).
 *
 * The chat script (VITE_CHAT_SCRIPT, a build setting) is what 美洽, 53KF, Udesk and their kin hand
 * out: one `<script src>` that, once loaded, opens its own chat window and keeps its own launcher.
 * The site asks nothing else of it: it loads the script on the first click (never before: a visitor
 * who does not ask for help downloads nothing from the vendor), once, and shows the contact panel if
 * it fails to load. A later click calls `window.XuetuChat.open()` when the script (or a small
 * adapter on the vendor's host) defines it, and shows the contact panel otherwise. Its origin must
 * be in the server's CSP_SCRIPT_HOSTS, and usually in CSP_CONNECT_HOSTS and CSP_FRAME_HOSTS too
 * (what the widget talks to and frames), or the browser refuses it.
 */
import { PATTERNS } from '../../paths';

/** The chat script's URL from the build setting, or null when unset or not an http(s) URL. */
export function chatScriptUrl(setting: string | undefined): string | null {
  const raw = setting?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What a chat script may define to be opened again by a later click (see above). */
export interface ChatWidgetHook {
  open?: () => void;
}

/** The global a chat script (or its adapter) may set: `window.XuetuChat = { open() {…} }`. */
export const CHAT_WIDGET_GLOBAL = 'XuetuChat';

/** How long the button waits for the chat script before showing the contact panel instead. */
export const CHAT_SCRIPT_TIMEOUT_MS = 15_000;

/**
 * Every page of the layouts shows the button (a student may need help anywhere, the player, the
 * answering screen and checkout included) but the transfer page, which only hands the visitor on.
 */
export function showsCustomerService(routePattern: string): boolean {
  return routePattern !== PATTERNS.transfer;
}

/**
 * The attribute that marks a control the floating button must never cover (the player's video and
 * its controls, the answer sheet, the pay button, the sticky bars with their own buttons).
 */
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear';

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface FloatingSpotInput {
  viewportWidth: number;
  viewportHeight: number;
  /** The button's width and height (it is round). */
  size: number;
  /** Its distance from the right and bottom edges where nothing is in the way. */
  margin: number;
  /** The space it keeps from a kept-clear control. */
  gap: number;
  /** The kept-clear controls, in viewport coordinates (getBoundingClientRect). */
  keepClear: readonly Box[];
}

/**
 * Where the button floats: its distance from the viewport's bottom edge, at the right edge. It
 * sits in the bottom corner and rises just above whatever kept-clear control would be under it
 * (a pay button at the bottom of the screen, the player's controls); null when every height of
 * the right edge is taken (a tall answer sheet filling the screen), and the button hides until
 * the student scrolls. Pure: the view measures, this decides (tests/unit/site/customerService.test.ts).
 */
export function floatingSpot({ viewportWidth, viewportHeight, size, margin, gap, keepClear }: FloatingSpotInput): number | null {
  const left = viewportWidth - margin - size - gap;
  const right = viewportWidth - margin + gap;
  // Only what is on screen and in the button's column matters.
  const inColumn = keepClear.filter((b) => b.right > left && b.left < right && b.bottom > 0 && b.top < viewportHeight && b.bottom > b.top);
  // Nothing to keep clear of: the corner, however small the screen.
  if (inColumn.length === 0) return margin;
  const fits = (offset: number) => {
    const bottom = viewportHeight - offset;
    const top = bottom - size;
    return top >= margin && inColumn.every((b) => bottom + gap <= b.top || top - gap >= b.bottom);
  };
  const candidates = [margin, ...inColumn.map((b) => Math.ceil(viewportHeight - b.top + gap))].filter((o) => o >= margin).sort((a, b) => a - b);
  return candidates.find(fits) ?? null;
}
