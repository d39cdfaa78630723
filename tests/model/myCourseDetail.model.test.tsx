/**
 * 学习详情, model-based: paths from the real myCourseDetail machine drive the real view at
 * /uc/my-course/sys/detail/7. Its load asks three calls in turn (the student's list, the course's
 * progress, its papers' status), each held at an msw gate a path step answers: the course with its
 * catalogue, a course the student does not have (notOwned), a failure and its 重新加载.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import { MY_COURSE_TEXTS as T } from '../../src/domain/learning/myCourse.texts';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperStatus } from '../../src/domain/questionBank/contract';
import { myCourseDetailMachine, type MyCourseDetail } from '../../src/machines/learning/myCourseDetail.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import MyCourseDetailView from '../../src/views/learning/myCourse/MyCourseDetailView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { OUTLINE } from '../unit/learning/player.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { courseList, heldCalls, myCourse } from './learningQb.kit';

type Call = 'list' | 'outline' | 'status';
const calls = heldCalls<Call>();
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.myCourseList, calls.held('list')),
  answer(LEARNING_CALLS.studyPercentage, calls.held('outline')),
  answer(QB.qbRecordStatus, calls.held('status')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const COURSE = myCourse(7);
const PAPER: PaperStatus = { sourceId: 9, id: 55, status: 'DONE', examMode: 'EXAM' };
const DETAIL: MyCourseDetail = { course: COURSE, outline: OUTLINE, papers: { 9: PAPER } };

describeModel('myCourseDetail on /uc/my-course/sys/detail/7', {
  machine: myCourseDetailMachine,
  input: { courseType: 'sys', courseId: 7 },
  start: '登录后打开 /uc/my-course/sys/detail/7（课程学习详情）',
  events: [
    { type: 'xstate.done.actor.load', output: DETAIL },
    { type: 'xstate.done.actor.load', output: null },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('list')).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.queryByRole('region', { name: T.catalogue })).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(screen.getByRole('region', { name: COURSE.title })).toBeTruthy());
      const head = screen.getByRole('region', { name: COURSE.title });
      expect(head.textContent).toContain(T.progress(OUTLINE.studyPercentage));
      expect(within(head).getByRole('link', { name: T.continue }).getAttribute('href')).toBe('/course-player/7?coursewareId=70');
      const catalogue = screen.getByRole('region', { name: T.catalogue });
      expect(within(catalogue).getAllByTestId('courseware')).toHaveLength(OUTLINE.coursewares.length);
      expect(within(catalogue).getByRole('link', { name: '第2讲 等值计算' }).getAttribute('href')).toBe('/course-player/7?coursewareId=71');
      // The paper shows its status and leads to its transcript.
      expect(catalogue.textContent).toContain(T.paperStatus.DONE);
      expect(within(catalogue).getByRole('link', { name: T.paperAction.DONE }).getAttribute('href')).toBe('/question-bank/transcript/55/9');
      expect(screen.queryByRole('status')).toBeNull();
    },
    notOwned: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(T.notOwned));
      expect(screen.getByRole('link', { name: T.toCourse }).getAttribute('href')).toBe('/course/detail/7');
      expect(calls.pending('outline')).toBeUndefined();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: MyCourseDetail | null }) => {
      if (!e.output) return calls.respond('list', () => ok(courseList([myCourse(8)])));
      await calls.respond('list', () => ok(courseList([myCourse(8), COURSE])));
      await calls.respond('outline', () => ok(OUTLINE));
      await calls.respond('status', () => ok([PAPER]));
    },
    'xstate.error.actor.load': async () => calls.respond('list', () => fail('服务器错误(500)', 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    calls.reset();
    renderView(MyCourseDetailView, '/uc/my-course/sys/detail/7', { pattern: '/uc/my-course/:courseType/detail/:courseId' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'MyCourseDetailView never sends RELOAD (another course is a new flow, keyed by its id)',
    'notOwned RELOAD': 'MyCourseDetailView never sends RELOAD (another course is a new flow, keyed by its id)',
  },
});
