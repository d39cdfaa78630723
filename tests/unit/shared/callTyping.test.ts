/**
 * A call is typed once, in its definition (src/domain/<area>/calls.ts): call() infers what to send
 * and what comes back, and the msw fixtures (tests/support/msw.ts) answer that type. The type
 * checks run in tsc (`npm test`'s types step); the runtime half shows call() still sends what it did.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ACCOUNT_CALLS } from '../../../src/domain/account/calls';
import { ALL_CALLS } from '../../../src/domain/calls';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../../src/domain/catalog/calls';
import type { ClassNode, CourseListItem } from '../../../src/domain/catalog/contract';
import { COMMERCE_EXTRA_CALLS } from '../../../src/domain/commerce/calls';
import type { AnswerOf, CallShape, ShapeOf } from '../../../src/domain/shared/api';
import type { Page } from '../../../src/domain/shared/envelope';
import { call } from '../../../src/services/shared/http/client';
import { answer, fail, ok } from '../../support/msw';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TREE: ClassNode[] = [{ id: 1, pId: 0, name: '建筑工程', code: 'jzgc', level: 1 }];

describe('a call typed by its definition', () => {
  it('answers the type its definition declares', () => {
    expectTypeOf(() => call(CATALOG_CALLS.classTreeList, { body: {} })).returns.toEqualTypeOf<Promise<ClassNode[]>>();
    expectTypeOf(() => call(CATALOG_CALLS.coursePageList, { body: {} })).returns.toEqualTypeOf<Promise<Page<CourseListItem>>>();
    expectTypeOf<AnswerOf<typeof ACCOUNT_CALLS.checkStatus>>().toEqualTypeOf<boolean | null>();
  });

  it('refuses a wrong body, a missing or unknown path parameter and options it does not take (tsc)', () => {
    // Never run: the point is that tsc rejects each line.
    const misuses = () => [
      // @ts-expect-error the course page query has no `page` field
      call(CATALOG_CALLS.coursePageList, { body: { page: 1 } }),
      // @ts-expect-error the class tree needs its `{}` body
      call(CATALOG_CALLS.classTreeList),
      // @ts-expect-error `:id` is missing
      call(CATALOG_CALLS.courseDetails, {}),
      // @ts-expect-error `:id` is a number
      call(CATALOG_CALLS.courseDetails, { params: { id: 'x' } }),
      // @ts-expect-error a GET takes no body
      call(CATALOG_CALLS.courseDetails, { params: { id: 1 }, body: {} }),
      // @ts-expect-error the teacher list's query is `{ projectId? }`
      call(CATALOG_EXTRA_CALLS.teacherList, { query: { project: 1 } }),
    ];
    expect(typeof misuses).toBe('function');
  });

  it('types every call of ALL_CALLS (a definition without its shape would answer unknown)', () => {
    type Untyped = { [N in keyof typeof ALL_CALLS]: CallShape extends ShapeOf<(typeof ALL_CALLS)[N]> ? N : never }[keyof typeof ALL_CALLS];
    expectTypeOf<Untyped>().toEqualTypeOf<never>();
  });

  it('sends what it did and resolves to the answer; a fixture must answer the call’s type', async () => {
    server.use(
      answer(CATALOG_CALLS.classTreeList, TREE),
      answer(COMMERCE_EXTRA_CALLS.orderCancel, ({ params }) => fail(`订单 ${params.id} 已支付`)),
    );
    expect(await call(CATALOG_CALLS.classTreeList, { body: {} })).toEqual(TREE);
    await expect(call(COMMERCE_EXTRA_CALLS.orderCancel, { params: { id: 7 }, body: {}, silent: true })).rejects.toThrow('订单 7 已支付');
    const fixtures = () => [
      // @ts-expect-error the class tree is a list of ClassNode
      answer(CATALOG_CALLS.classTreeList, { id: 1 }),
      // @ts-expect-error a resolver answers through ok() with the same type
      answer(CATALOG_CALLS.classTreeList, () => ok([{ id: 1 }])),
    ];
    expect(typeof fixtures).toBe('function');
  });
});
