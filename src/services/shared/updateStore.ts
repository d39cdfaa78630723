/**
 * Whether a new version of the site waits, and the way to take it (issue 23): filled by the
 * offline shell (./offlineShell.ts, loaded after the page), read by the shell's foot line. Kept
 * apart so the first load carries only this.
 */
let waiting = false;
let activate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function isUpdateWaiting(): boolean {
  return waiting;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markUpdateWaiting(): void {
  if (waiting) return;
  waiting = true;
  for (const listener of listeners) listener();
}

/** The worker library's way to activate the waiting version. */
export function setUpdateActivator(activator: (reloadPage?: boolean) => Promise<void>): void {
  activate = activator;
}

/** Activates the waiting version and reloads the page once it controls the page. */
export function applyUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void activate?.(true);
}
