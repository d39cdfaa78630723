/**
 * The offline shell in the page (issue 23): registers the service worker (built by
 * scripts/build/offlineShell.ts), gives its cache of route chunks what this page loaded before the
 * worker took over (so a first visit's exam reloads offline too), and keeps whether a new version
 * waits (./updateStore.ts); the shell offers 刷新 where that is safe (src/domain/shared/offline.ts
 * holdsUpdate). Loaded once the page has loaded (src/app/start.tsx).
 */
import { OFFLINE_ASSET_CACHE } from '../../domain/shared/offlineCache';
import { markUpdateWaiting, setUpdateActivator } from './updateStore';

/**
 * A new version waiting, or one installing that will wait: also when the browser found it before
 * this page registered (its check on navigation runs early), where the worker library sees nothing.
 */
function watchForWaiting(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (registration.waiting && navigator.serviceWorker.controller) markUpdateWaiting();
  };
  const follow = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', check);
  check();
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}

/** The route chunks and styles this page has loaded, same origin, under the app's assets. */
function loadedAssets(): string[] {
  const prefix = `${window.location.origin}${import.meta.env.BASE_URL}assets/`;
  return [...new Set(performance.getEntriesByType('resource').map((entry) => entry.name.split('#')[0]!))].filter((url) => url.startsWith(prefix));
}

async function warmAssetCache(): Promise<void> {
  await navigator.serviceWorker.ready;
  const cache = await caches.open(OFFLINE_ASSET_CACHE);
  await Promise.allSettled(loadedAssets().map(async (url) => (await cache.match(url)) ?? cache.add(url)));
}

/** Registers the worker once the page has loaded; a browser without service workers goes on without. */
export async function installOfflineShell(): Promise<void> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  const { registerSW } = await import('virtual:pwa-register');
  const activate = registerSW({
    immediate: true,
    onNeedRefresh: markUpdateWaiting,
    onRegisteredSW(_url, registration) {
      if (registration) watchForWaiting(registration);
      void warmAssetCache().catch(() => undefined);
    },
    onRegisterError() {
      // Private windows and blocked workers: the site works as before, only not offline.
    },
  });
  setUpdateActivator(activate);
}
