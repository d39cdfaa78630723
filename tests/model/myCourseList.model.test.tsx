/**
 * 我的课程, model-based: paths from the real myCourseList machine drive the real view at
 * /uc/my-course/sys. The list call waits on an msw gate that path steps answer: a page of courses,
 * an empty one, a failure and its 重新加载. Another tab or page is a new flow (the view keys it).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { MyCourseList } from '../../src/domain/learning/contract';
import { MY_COURSE_TEXTS as T } from '../../src/domain/learning/myCourse.texts';
import { myCourseListMachine } from '../../src/machines/learning/myCourseList.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import MyCoursesView from '../../src/views/learning/myCourse/MyCoursesView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { courseList, heldCalls, myCourse } from './learningQb.kit';

const calls = heldCalls<'list'>();
const requested: URLSearchParams[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.myCourseList, ({ request }) => {
    requested.push(new URL(request.url).searchParams);
    return calls.held('list')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const LIST: MyCourseList = courseList([myCourse(11), myCourse(12, { lastRecord: null, expired: true })], { total: 25 });
const EMPTY: MyCourseList = courseList([]);

describeModel('myCourseList on /uc/my-course/sys', {
  machine: myCourseListMachine,
  input: { tab: 'sys', page: 1 },
  start: '登录后打开 /uc/my-course/sys（我的课程）',
  events: [
    { type: 'xstate.done.actor.load', output: LIST },
    { type: 'xstate.done.actor.load', output: EMPTY },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('list')).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(Object.fromEntries(requested.at(-1)!)).toEqual({ tab: 'sys', current: '1', size: '10' });
      expect(screen.queryAllByTestId('my-course')).toHaveLength(0);
    },
    loaded: async () => {
      await eventually(() => expect(screen.getAllByTestId('my-course')).toHaveLength(2));
      const [first, second] = screen.getAllByTestId('my-course');
      expect(within(first!).getByRole('link', { name: T.continue }).getAttribute('href')).toBe('/course-player/11?coursewareId=70');
      expect(first!.textContent).toContain(T.lastLearned('第1讲 资金时间价值'));
      expect(first!.textContent).toContain(T.validUntil('2030-06-30'));
      // An expired course says so and offers nothing to open.
      expect(second!.textContent).toContain(T.expired);
      expect(within(second!).queryAllByRole('link')).toHaveLength(0);
      expect(screen.getByRole('navigation', { name: T.pager }).textContent).toContain(T.pageOf(1, 3));
      expect(screen.queryByRole('status')).toBeNull();
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(T.empty.sys));
      expect(screen.getByRole('link', { name: T.browse })).toBeTruthy();
      expect(screen.queryAllByTestId('my-course')).toHaveLength(0);
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(calls.pending('list')).toBeUndefined();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: MyCourseList }) => calls.respond('list', () => ok(e.output)),
    'xstate.error.actor.load': async () => calls.respond('list', () => fail('服务器错误(500)', 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    calls.reset();
    requested.length = 0;
    renderView(MyCoursesView, '/uc/my-course/sys', { pattern: '/uc/my-course/sys' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'MyCoursesView never sends RELOAD: another tab or page starts a new flow (keyed by tab and page)',
    'empty RELOAD': 'MyCoursesView never sends RELOAD: another tab or page starts a new flow (keyed by tab and page)',
  },
});
