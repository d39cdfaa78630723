/**
 * Loads the third-party customer-service chat script (VITE_CHAT_SCRIPT) into the page: one
 * `<script src async>`, added on the first request and never again (a second request, even after a
 * failure, answers the first one's outcome: the vendor is asked once per page). What the script is
 * expected to do once loaded is written in src/domain/site/customerService.ts.
 */
import { CHAT_SCRIPT_TIMEOUT_MS, CHAT_WIDGET_GLOBAL, type ChatWidgetHook } from '../../domain/site/customerService';

let loading: Promise<void> | null = null;

/** Resolves when the script has run; rejects when it fails to load or takes longer than CHAT_SCRIPT_TIMEOUT_MS. */
export function loadChatScript(url: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.chatScript = '';
    const timer = window.setTimeout(() => reject(new Error('chat script timed out')), CHAT_SCRIPT_TIMEOUT_MS);
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      reject(new Error('chat script failed to load'));
    });
    document.head.appendChild(script);
  });
  return loading;
}

const chatHook = (): ChatWidgetHook | undefined => (window as unknown as Record<string, ChatWidgetHook | undefined>)[CHAT_WIDGET_GLOBAL];

/** Whether the loaded script defined the hook that opens its window again. */
export function hasChatWidgetHook(): boolean {
  return typeof chatHook()?.open === 'function';
}

/** Opens the chat window again through the script's hook (see hasChatWidgetHook). */
export function reopenChatWidget(): void {
  chatHook()?.open?.();
}

/** For tests: forget the script so the next request adds it again. */
export function resetChatScriptForTests(): void {
  loading = null;
}
