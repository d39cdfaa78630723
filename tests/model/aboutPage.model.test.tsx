/**
 * 关于我们, model-based: paths from the real aboutPage machine drive the real /about view. The
 * class tree (one of the three catalogue calls the figures are counted from) waits on a gate a
 * path step answers: the figures, or a failure (the sections that need them are left out).
 */
import { cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import type { ClassNode } from '../../src/domain/catalog/contract';
import { aboutPageMachine, type SiteFigures } from '../../src/machines/site/aboutPage.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import AboutView from '../../src/views/site/pages/AboutView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      { id: 6, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 },
      { id: 7, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
    ],
  },
];
const TOTALS = { PRO: 1234, FREE: 5 } as const;
const FIGURES: SiteFigures = { categories: ['建筑工程'], projects: TREE[0]!.children!, proCourseCount: TOTALS.PRO, freeCourseCount: TOTALS.FREE };

const calls = heldCalls<'tree'>();
const server = setupServer(
  answer(API_CALLS.classTreeList, calls.hold('tree')),
  answer(API_CALLS.coursePageList, async ({ request }) => {
    const { priceKind } = (await request.json()) as { priceKind: 'PRO' | 'FREE' };
    return ok({ records: [], total: TOTALS[priceKind], current: 1, size: 1 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const stats = () => screen.getAllByTestId('about-stat').map((s) => s.textContent);
const figuresRegion = () => screen.queryByRole('region', { name: '学途数据' });
const projectsHeading = () => screen.queryByRole('heading', { level: 2, name: '开设的考试项目' });

describeModel('aboutPage on /about', {
  machine: aboutPageMachine,
  start: '以游客身份打开 /about（关于我们）',
  events: [
    { type: 'xstate.done.actor.load', output: FIGURES },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('tree')).toBe(1));
      expect(figuresRegion()!.getAttribute('aria-busy')).toBe('true');
      expect(stats()).toEqual(['', '', '']);
      expect(screen.queryByRole('link', { name: '一级建造师' })).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(stats()).toEqual(['2', '1,234', '5']));
      expect(figuresRegion()!.getAttribute('aria-busy')).toBe('false');
      expect(screen.getByText('目前开设建筑工程领域的 2 个考试项目，并持续增加中。')).toBeTruthy();
      expect(screen.getByRole('link', { name: '一级建造师' }).getAttribute('href')).toBe('/course/pro-course?projectId=6');
    },
    failed: async () => {
      await eventually(() => expect(figuresRegion()).toBeNull());
      expect(projectsHeading()).toBeNull();
      expect(screen.queryAllByTestId('about-stat')).toHaveLength(0);
      // The rest of the page stands without the catalogue.
      expect(screen.getByRole('heading', { level: 1, name: '关于学途' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: '我们的使命' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async () => calls.answer('tree', () => ok(TREE)),
    'xstate.error.actor.load': async () => calls.answer('tree', () => fail('服务器错误(500)', 500)),
  } as never,
  setup: async () => {
    renderRouted('/about', <AboutView />);
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'failed RETRY': 'the about page offers no retry: without the catalogue it leaves the figures out and shows the rest',
    'loaded RELOAD': 'the about page never sends RELOAD (its figures load once per visit)',
  },
});
