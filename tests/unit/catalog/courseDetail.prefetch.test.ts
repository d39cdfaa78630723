/** A course page opened first asks for its data at start-up; the page's load takes that answer over once. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import { courseDetailAnswers, prefetchCourseDetail } from '../../../src/services/catalog/courseDetail.data';
import { SKUS, SYS_COURSE } from './courseDetail.fixtures';
import { answer, ok } from '../../support/msw';

let asked = 0;
const server = setupServer(
  answer(CATALOG_CALLS.courseDetails, () => {
    asked += 1;
    return ok(SYS_COURSE);
  }),
  answer(CATALOG_CALLS.courseSkuList, SKUS),
  answer(CATALOG_CALLS.firstAudition, null),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = 0;
});
afterAll(() => server.close());

describe('course detail prefetch', () => {
  it('serves the page its start-up answer once, for the same course only', async () => {
    void prefetchCourseDetail('/course/detail/1');
    expect(asked).toBe(0);
    const first = await courseDetailAnswers(1);
    expect(first.details.title).toBe(SYS_COURSE.title);
    expect(asked).toBe(1);
    await courseDetailAnswers(1);
    expect(asked).toBe(2);
  });

  it('ignores other pages and a stale or other course', async () => {
    void prefetchCourseDetail('/course/pro-course');
    await courseDetailAnswers(1);
    expect(asked).toBe(1);
    void prefetchCourseDetail('/course/detail/1', Date.now() - 60_000);
    await courseDetailAnswers(1);
    expect(asked).toBe(3);
  });
});
