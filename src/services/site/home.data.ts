import { askHomeData, type HomeData } from '../../domain/site/homeData';
import { call } from '../shared/http/client';
import { askWith } from '../shared/http/ask';

export { HOME_BANNER_SLOT, isHomeEmpty, type HomeData } from '../../domain/site/homeData';

/** Everything the home page shows, fetched together (the recipe is the domain's, shared with the server's render). */
const fetchHomeData = (): Promise<HomeData> => askHomeData(askWith(call));

/** A prefetch older than this is not handed to the page: it fetches afresh. */
export const HOME_PREFETCH_MAX_AGE_MS = 30_000;
let prefetched: { promise: Promise<HomeData>; at: number } | null = null;

/**
 * Starts the home page's requests as soon as the app starts on the home route, while the home
 * view's code is still on its way: the page's first load takes them over instead of waiting one
 * more round trip before asking (its largest image, a course cover, comes that much sooner).
 */
export function prefetchHomeData(now: number = Date.now()): void {
  if (prefetched) return;
  const promise = fetchHomeData();
  // A failure is reported by the page's own load, which takes this promise over.
  promise.catch(() => {});
  prefetched = { promise, at: now };
}

/** The home page's data: the prefetch when there is a recent one (handed over once), else a new fetch. */
export function loadHomeData(now: number = Date.now()): Promise<HomeData> {
  const early = prefetched;
  prefetched = null;
  if (early && now - early.at <= HOME_PREFETCH_MAX_AGE_MS) return early.promise;
  return fetchHomeData();
}
