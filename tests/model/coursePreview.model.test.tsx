/**
 * 免费试听, model-based: paths from the real coursePreview machine drive the real
 * /course/preview/1 view. The audition list waits on a gate a path step answers (the course and
 * its SKUs answer at once): auditions, none (empty), the server's 404 (the course is gone) or a
 * failure with its retry; a click in the list plays another audition.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { CATALOG_EXTRA_CALLS } from '../../src/domain/catalog/calls';
import type { AuditionCourseware } from '../../src/domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../src/domain/catalog/courseDetail.texts';
import { coursePreviewMachine, type CoursePreviewData } from '../../src/machines/catalog/coursePreview.machine';
import type { RouteDef } from '../../src/routeTypes';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePreviewView from '../../src/views/catalog/course/CoursePreviewView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { AUDITIONS, clearLogin, handlers, resetFake, SYS_COURSE } from '../unit/catalog/courseDetail.fixtures';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const calls = heldCalls<'auditions'>();
const server = setupServer(answer(CATALOG_EXTRA_CALLS.auditionList, calls.hold('auditions')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const ROUTE = { path: '/course/preview/:courseId', title: '课程试听', auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const data = (auditions: AuditionCourseware[]): CoursePreviewData => ({ details: SYS_COURSE, auditions, skuId: 11 });
const [FIRST, SECOND] = AUDITIONS as [AuditionCourseware, AuditionCourseware];

type Snap = ReturnType<typeof coursePreviewMachine.getInitialSnapshot>;
const listItem = (a: AuditionCourseware) => screen.getByRole('button', { name: new RegExp(a.coursewareName.replace(/[()（）]/g, '.')) });
const title = () => screen.queryByRole('heading', { level: 1, name: SYS_COURSE.title });

describeModel('coursePreview on /course/preview/1', {
  machine: coursePreviewMachine,
  input: { courseId: 1 },
  start: '以游客身份打开 /course/preview/1（课程预览）',
  events: [
    { type: 'xstate.done.actor.load', output: data(AUDITIONS) },
    { type: 'xstate.done.actor.load', output: data([]) },
    { type: 'xstate.error.actor.load', error: new ApiError(T.notFound, 404, 404) },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
    { type: 'SELECT', coursewareId: FIRST.coursewareId },
    { type: 'SELECT', coursewareId: SECOND.coursewareId },
  ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.selectedId]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('auditions')).toBe(1));
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(title()).toBeNull();
    },
    loaded: async (s: Snap) => {
      const selected = AUDITIONS.find((a) => a.coursewareId === s.context.selectedId)!;
      await eventually(() => expect(screen.getByRole('heading', { level: 2, name: `${T.nowPlaying}：${selected.coursewareName}` })).toBeTruthy());
      expect(title()).toBeTruthy();
      expect(listItem(selected).getAttribute('aria-current')).toBe('true');
      const other = selected === FIRST ? SECOND : FIRST;
      expect(listItem(other).getAttribute('aria-current')).toBeNull();
      const media = document.querySelector(selected.type === 'AUDIO' ? 'audio' : 'video')!;
      expect(media.getAttribute('aria-label')).toBe(selected.coursewareName);
      expect(media.getAttribute('src')).toBe(selected.mediaUrl);
      expect(screen.getByRole('link', { name: `‹ ${T.previewBack}` }).getAttribute('href')).toBe('/course/detail/1');
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(T.previewEmpty));
      expect(title()).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: T.previewList })).toBeNull();
    },
    notFound: async () => {
      await eventually(() => expect(screen.getByRole('heading', { level: 1, name: T.notFound })).toBeTruthy());
      expect(screen.getByTestId('course-not-found').textContent).toContain(T.notFoundHint);
      expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(title()).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: CoursePreviewData }) => calls.answer('auditions', () => ok(e.output.auditions)),
    'xstate.error.actor.load': async (e: { error: ApiError }) => calls.answer('auditions', () => fail(e.error.message, e.error.status)),
    RETRY: async () => act(() => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    SELECT: async (e: { coursewareId: number }) => act(() => void fireEvent.click(listItem(AUDITIONS.find((a) => a.coursewareId === e.coursewareId)!))),
  } as never,
  setup: async () => {
    resetFake();
    clearLogin();
    renderRouted('/course/preview/1', <CoursePreviewView params={{ courseId: '1' }} route={ROUTE} />);
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
