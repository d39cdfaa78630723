/**
 * The cache the offline shell's service worker (scripts/build/offlineShell.ts) keeps route chunks
 * in (content-hashed files under /new/assets/), and the page (services/shared/offlineShell.ts)
 * fills with what it loaded before the worker took over. A module of its own: the page's shell
 * code loads it without the route table.
 */
export const OFFLINE_ASSET_CACHE = 'xt-assets';
