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

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribeUpdate, isUpdateWaiting);
}
