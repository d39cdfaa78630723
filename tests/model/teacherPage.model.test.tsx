/**
 * 师资团队, model-based: paths from the real teacherPage machine drive the real /teacher view. The
 * teacher list waits on a gate a path step answers: groups with teachers, groups without any
 * (empty), or a failure with its 重新加载.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TeacherGroup } from '../../src/domain/catalog/contract';
import { EXTRA_CALLS } from '../../src/domain/calls';
import { teacherPageMachine } from '../../src/machines/catalog/teacherPage.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import TeacherView from '../../src/views/catalog/teacher/TeacherView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const GROUPS: TeacherGroup[] = [
  {
    project: { id: 6, name: '一级建造师' },
    teachers: [{ id: 1, name: '王建国', title: '高级工程师', avatar: '/new/demo/teachers/wang.svg', intro: '主讲建设工程经济。' }],
  },
  { project: { id: 12, name: '消防工程师' }, teachers: [] },
];
const NO_TEACHERS: TeacherGroup[] = [{ project: { id: 12, name: '消防工程师' }, teachers: [] }];

const calls = heldCalls<'teachers'>();
const server = setupServer(answer(EXTRA_CALLS.teacherList, calls.hold('teachers')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describeModel('teacherPage on /teacher', {
  machine: teacherPageMachine,
  start: '以游客身份打开 /teacher（师资团队）',
  events: [
    { type: 'xstate.done.actor.load', output: GROUPS },
    { type: 'xstate.done.actor.load', output: NO_TEACHERS },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('teachers')).toBe(1));
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.getByRole('heading', { level: 1, name: '师资团队' })).toBeTruthy();
    },
    loaded: async () => {
      await eventually(() => expect(screen.getByRole('heading', { level: 3, name: '王建国' })).toBeTruthy());
      // Only projects with teachers: a filter link and a section each.
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['一级建造师']);
      const filters = screen.getByRole('navigation', { name: '按考试项目筛选' });
      expect([...filters.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['全部', '一级建造师']);
      expect(screen.queryByRole('status')).toBeNull();
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe('暂无讲师信息'));
      expect(screen.queryByRole('navigation', { name: '按考试项目筛选' })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: '按考试项目筛选' })).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: TeacherGroup[] }) => calls.answer('teachers', () => ok(e.output)),
    'xstate.error.actor.load': async () => calls.answer('teachers', () => fail('服务器错误(500)', 500)),
    RETRY: async () => act(() => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    renderRouted('/teacher', <TeacherView />);
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'the teacher page never sends RELOAD (a project filter only filters what is loaded)',
    'empty RELOAD': 'the teacher page never sends RELOAD (a project filter only filters what is loaded)',
  },
});
