/**
 * The shell's view of the network (issue 23): whether the browser is online, and whether a new
 * version of the site waits (the service worker, services/shared/offlineShell.ts and updateStore.ts) with the way to
 * take it.
 */
import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from '../services/shared/updateStore';

export { applyUpdate };

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

let installing = false;

/**
 * Registers the offline shell's service worker once, in a built site, after the page has loaded
 * (its own chunk: the first paint waits for none of it).
 */
export function installOfflineShellOnce(): void {
  if (installing || !import.meta.env.PROD) return;
  installing = true;
  const install = () => void import('../services/shared/offlineShell').then(({ installOfflineShell }) => installOfflineShell()).catch(() => undefined);
  if (document.readyState === 'complete') install();
  else window.addEventListener('load', install, { once: true });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribeUpdate, isUpdateWaiting);
}
