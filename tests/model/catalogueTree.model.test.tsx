/**
 * The course page's catalogue tree, model-based: paths from the real catalogueTree machine drive
 * the real CourseDetailView of course 1 (msw underneath). The top level and each node's level
 * wait on gates a path step answers: chapters, none (empty) or a failure with 重新加载; then
 * chapter 1 is expanded (its first expand loads: its sections, or a failure kept on the node with
 * 重试), closed and opened again.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import type { NodeContent } from '../../src/domain/catalog/catalogueTree';
import { COURSE_DETAIL_TEXTS as T } from '../../src/domain/catalog/courseDetail.texts';
import { catalogueTreeMachine } from '../../src/machines/catalog/catalogueTree.machine';
import type { RouteDef } from '../../src/routeTypes';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CourseDetailView from '../../src/views/catalog/course/CourseDetailView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { clearLogin, handlers, LEVELS, resetFake, TOP } from '../unit/catalog/courseDetail.fixtures';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const calls = heldCalls<'top' | 'node'>();
const server = setupServer(
  answer(CATALOG_CALLS.catalogueList, async ({ request }) => {
    const { parentId = 0 } = (await request.clone().json()) as { parentId?: number };
    return calls.hold(parentId === 0 ? 'top' : 'node')({ request });
  }),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const ROUTE = { path: '/course/detail/:courseId', title: '课程详情', auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const NODE = TOP[0]!;
/** What chapter 1's first expand loads: its section (it has no coursewares of its own). */
const CONTENT: NodeContent = { children: LEVELS[NODE.id]!, coursewares: [] };
const FAILURE = '服务器错误(500)';

type Snap = ReturnType<typeof catalogueTreeMachine.getInitialSnapshot>;
const chapter = (s: Snap) => s.context.tree.nodes[NODE.id];
const toggle = () => screen.getByRole('button', { name: new RegExp(NODE.name) });
const body = () => document.getElementById(`catalogue-node-${NODE.id}`)!;

describeModel('catalogueTree on /course/detail/1', {
  machine: catalogueTreeMachine,
  input: { courseId: 1 },
  start: '以游客身份打开 /course/detail/1（课程详情页），看“课程目录”',
  // Node events only while chapter 1 loads (its answer is what sends them).
  events: (s: Snap) =>
    [
      { type: 'xstate.done.actor.loadTop', output: TOP },
      { type: 'xstate.done.actor.loadTop', output: [] },
      { type: 'xstate.error.actor.loadTop', error: new Error(FAILURE) },
      { type: 'RETRY' },
      { type: 'TOGGLE', nodeId: NODE.id },
      ...(chapter(s)?.loading
        ? [
            { type: 'NODE_LOADED' as const, nodeId: NODE.id, content: CONTENT },
            { type: 'NODE_FAILED' as const, nodeId: NODE.id, error: FAILURE },
          ]
        : []),
    ] as never[],
  serializeState: (s: Snap) => {
    const n = chapter(s);
    return JSON.stringify([s.value, n ? [n.expand, n.isFirstExpand, n.loading, n.error !== null] : null]);
  },
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('top')).toBe(1));
      expect(screen.getAllByRole('status').some((el) => el.textContent === T.nodeLoading)).toBe(true);
      expect(screen.queryAllByTestId('catalogue-node')).toHaveLength(0);
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(T.catalogueEmpty));
      expect(screen.queryAllByTestId('catalogue-node')).toHaveLength(0);
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(FAILURE));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryAllByTestId('catalogue-node')).toHaveLength(0);
    },
    ready: async (s: Snap) => {
      const n = chapter(s)!;
      await eventually(() => expect(toggle().getAttribute('aria-expanded')).toBe(String(n.expand)));
      expect(screen.getByRole('button', { name: new RegExp(TOP[1]!.name) }).getAttribute('aria-expanded')).toBe('false');
      expect(body().hidden).toBe(!n.expand);
      const inside = within(body());
      await eventually(() => expect(inside.queryByRole('status') !== null).toBe(n.loading));
      if (n.loading) expect(inside.getByRole('status').textContent).toBe(T.nodeLoading);
      const alert = inside.queryByRole('alert');
      if (n.error) {
        expect(alert!.textContent).toContain(`${T.nodeFailed}：${FAILURE}`);
        expect(inside.getByRole('button', { name: T.nodeRetry })).toBeTruthy();
      } else expect(alert).toBeNull();
      // Loaded once: its section is listed (closed, not yet loaded itself).
      const section = inside.queryByRole('button', { name: new RegExp(CONTENT.children[0]!.name), hidden: true });
      if (!n.isFirstExpand) expect(section!.getAttribute('aria-expanded')).toBe('false');
      else expect(section).toBeNull();
      // A node's level is asked for once per click that loads, never while it loads nor on a later toggle.
      expect(calls.count('node')).toBe(n.loading ? 1 : 0);
    },
  },
  exec: {
    'xstate.done.actor.loadTop': async (e: { output: unknown }) => calls.answer('top', () => ok(e.output as typeof TOP)),
    'xstate.error.actor.loadTop': async () => calls.answer('top', () => fail(FAILURE, 500)),
    RETRY: async () => act(() => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    // A failed node's 重试 is the same TOGGLE as its row.
    TOGGLE: async () => act(() => void fireEvent.click(within(body()).queryByRole('button', { name: T.nodeRetry }) ?? toggle())),
    NODE_LOADED: async () => calls.answer('node', () => ok(CONTENT.children)),
    NODE_FAILED: async () => calls.answer('node', () => fail(FAILURE, 500)),
  } as never,
  setup: async () => {
    resetFake();
    clearLogin();
    renderRouted('/course/detail/1', <CourseDetailView params={{ courseId: '1' }} route={ROUTE} />);
    await screen.findByRole('heading', { level: 1 });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
