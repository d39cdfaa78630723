/** The home page's data asked for at start-up (prefetchHomeData) is handed to the page's first load once. */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_CALLS } from '../../../src/domain/calls';
import { HOME_COURSE_COUNTS } from '../../../src/domain/site/home';
import { SITE_CALLS } from '../../../src/domain/site/calls';
import { HOME_PREFETCH_MAX_AGE_MS, loadHomeData, prefetchHomeData } from '../../../src/services/site/home.data';
import { answer, ok } from '../../support/msw';

let coursePageCalls: Array<{ size?: number; priceKind?: string }> = [];

const server = setupServer(
  answer(SITE_CALLS.adItemsByCode, []),
  answer(API_CALLS.classTreeList, []),
  answer(API_CALLS.coursePageList, async ({ request }) => {
    coursePageCalls.push((await request.json()) as { size?: number; priceKind?: string });
    return ok({ records: [], total: 0, current: 1, size: 8 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  coursePageCalls = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('home data', () => {
  it('asks for as many courses per list as the skeleton reserves', async () => {
    await loadHomeData();
    expect(coursePageCalls).toEqual([
      { current: 1, size: HOME_COURSE_COUNTS.pro, priceKind: 'PRO' },
      { current: 1, size: HOME_COURSE_COUNTS.free, priceKind: 'FREE' },
    ]);
  });

  it('the first load takes the prefetch over; the next one asks again', async () => {
    const now = Date.now();
    prefetchHomeData(now);
    prefetchHomeData(now);
    await loadHomeData(now + 1000);
    // One prefetch (the second call started nothing), taken over by the load: two course requests in all.
    expect(coursePageCalls).toHaveLength(2);
    await loadHomeData(now + 2000);
    expect(coursePageCalls).toHaveLength(4);
  });

  it('a prefetch older than its limit is not handed over', async () => {
    const now = Date.now();
    prefetchHomeData(now);
    await loadHomeData(now + HOME_PREFETCH_MAX_AGE_MS + 1);
    // The stale prefetch's two course requests plus the fresh load's two.
    await expect.poll(() => coursePageCalls.length).toBe(4);
  });
});
