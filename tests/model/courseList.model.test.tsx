/**
 * The course list, model-based: paths from the real courseList machine drive the real
 * /course/pro-course view. The class tree and each page of courses wait on msw gates that path
 * steps open (an answer with courses, an empty one, a failure); a new choice is the URL changing,
 * as a filter link or back/forward changes it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../src/app/AppContext';
import { createAuthSession } from '../../src/app/authSession';
import { API_CALLS } from '../../src/domain/calls';
import type { ClassNode, CourseListItem } from '../../src/domain/catalog/contract';
import { COURSE_LIST_TEXTS } from '../../src/domain/catalog/courseList.texts';
import { courseListHref, DEFAULT_COURSE_LIST_PARAMS, type CourseListParams } from '../../src/domain/catalog/courseListQuery';
import type { Page } from '../../src/domain/shared/envelope';
import { courseListMachine } from '../../src/machines/catalog/courseList.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import ProCoursesView from '../../src/views/catalog/ProCoursesView';
import { eventually, gate, type Gate } from '../support/loginKit';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const TREE: ClassNode[] = [
  { id: 1, pId: 0, name: '建筑工程', code: 'jzgc', level: 1, children: [{ id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 }] },
];
const course = (id: number): CourseListItem => ({
  id,
  type: 'SYS',
  title: `课程 ${id}`,
  subtitle: null,
  cover: `/new/demo/covers/${id}.svg`,
  priceCents: 68000,
  originalPriceCents: null,
  salesCount: 10,
  lessonCount: 3,
  projectId: 11,
  projectName: '一级建造师',
  teachers: [],
});
const FULL: Page<CourseListItem> = { records: [course(1), course(2)], total: 2, current: 1, size: 12 };
const NONE: Page<CourseListItem> = { records: [], total: 0, current: 1, size: 12 };
const SYS: CourseListParams = { ...DEFAULT_COURSE_LIST_PARAMS, type: 'SYS' };

type Call = 'tree' | 'page';
let pending: Partial<Record<Call, Gate<Response>>> = {};
const held = (call: Call) => () => {
  const g = gate<Response>();
  pending[call] = g;
  return g.promise;
};
const server = setupServer(answer(API_CALLS.classTreeList, held('tree')), answer(API_CALLS.coursePageList, held('page')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let location: ReturnType<typeof memoryLocation>;

/** Answers the page the machine waits on, and the tree first when it is asked for too (the first load, a retry of it). */
async function respond(page: () => Response): Promise<void> {
  await eventually(() => expect(pending.page).toBeDefined());
  const tree = pending.tree;
  delete pending.tree;
  tree?.open(ok(TREE));
  const g = pending.page!;
  delete pending.page;
  await act(async () => g.open(page()));
}

type Snap = ReturnType<typeof courseListMachine.getInitialSnapshot>;
const chosenType = () => screen.getByRole('group', { name: '课程类型' }).querySelector('[aria-current="true"]')?.textContent;

describeModel('courseList on /course/pro-course', {
  machine: courseListMachine,
  input: { kind: 'PRO', params: DEFAULT_COURSE_LIST_PARAMS },
  start: '以游客身份打开 /course/pro-course（精品课程），未选任何筛选',
  events: [
    { type: 'PARAMS_CHANGED', params: SYS },
    { type: 'PARAMS_CHANGED', params: DEFAULT_COURSE_LIST_PARAMS },
    { type: 'RETRY' },
    { type: 'xstate.done.actor.loadCourseList', output: { tree: TREE, shown: DEFAULT_COURSE_LIST_PARAMS, page: FULL } },
    { type: 'xstate.done.actor.loadCourseList', output: { tree: TREE, shown: DEFAULT_COURSE_LIST_PARAMS, page: NONE } },
    { type: 'xstate.error.actor.loadCourseList', error: new Error('服务器错误(500)') },
  ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.params.type, s.context.tree !== null]),
  states: {
    loading: async () => {
      await eventually(() => expect(pending.page).toBeDefined());
      expect(screen.getByTestId('course-list-skeleton')).toBeTruthy();
      expect(screen.queryAllByTestId('course-card')).toHaveLength(0);
    },
    loaded: async (s: Snap) => {
      await eventually(() => expect(screen.getAllByTestId('course-card')).toHaveLength(FULL.records.length));
      expect(screen.getByText(COURSE_LIST_TEXTS.total(FULL.total))).toBeTruthy();
      expect(chosenType()).toBe(s.context.params.type === 'SYS' ? '系统课' : '全部');
      expect(pending.page).toBeUndefined();
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state')).toBeTruthy());
      expect(screen.queryByTestId('course-list-skeleton')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    PARAMS_CHANGED: async (e: { params: CourseListParams }) => act(() => location.navigate(courseListHref('PRO', e.params))),
    RETRY: async () => act(() => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    'xstate.done.actor.loadCourseList': async (e: { output: { page: Page<CourseListItem> } }) => respond(() => ok(e.output.page)),
    'xstate.error.actor.loadCourseList': async () => respond(() => fail('服务器错误(500)', 500)),
  } as never,
  setup: async () => {
    pending = {};
    location = memoryLocation({ path: '/course/pro-course', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppProvider session={createAuthSession()}>
          <ProCoursesView />
        </AppProvider>
      </Router>,
    );
    return () => {
      // Calls still held get an empty answer, so nothing fails later in another test.
      for (const g of Object.values(pending)) g?.open(ok(null));
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
