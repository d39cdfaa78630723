/**
 * `virtual:pwa-register` under vitest (vitest.config.ts aliases it here): the module exists only in
 * a Vite build with vite-plugin-pwa. The offline shell registers no worker in jsdom (no
 * `navigator.serviceWorker`), so this is never called; it only lets the page's code load.
 */
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return () => Promise.resolve();
}
