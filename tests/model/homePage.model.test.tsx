/**
 * 首页, model-based: paths from the real homePage machine drive the real home view. The four calls
 * of the page (banners, class tree, both course rows) wait on gates a path step answers together:
 * courses, nothing at all (empty), or a failure, whose 重新加载 asks again.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { act } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import { SITE_CALLS } from '../../src/domain/site/calls';
import { HOME_TEXTS } from '../../src/domain/site/home';
import type { HomeData } from '../../src/services/site/home.data';
import { homePageMachine } from '../../src/machines/site/homePage.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import HomeView from '../../src/views/site/home/HomeView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { HOME_TREE, heldCalls, listCourse, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const TREE = HOME_TREE;
const course = listCourse;
const FULL: HomeData = { banners: [], projects: TREE[0]!.children!, proCourses: [course(1, 'PRO'), course(2, 'PRO')], freeCourses: [course(3, 'FREE')] };
const NONE: HomeData = { banners: [], projects: [], proCourses: [], freeCourses: [] };

const calls = heldCalls<'home'>();
const server = setupServer(
  answer(SITE_CALLS.adItemsByCode, calls.hold('home')),
  answer(API_CALLS.classTreeList, calls.hold('home')),
  answer(API_CALLS.coursePageList, calls.hold('home')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The page's four requests answered as `data` says (a failure refuses the banners, the others answer). */
const reply = (data: HomeData | 'fail') => async (request: Request) => {
  if (request.url.includes('/adItem/')) return data === 'fail' ? fail('服务器错误(500)', 500) : ok(data.banners);
  if (request.url.includes('/class/treelist')) return ok(data === 'fail' || data.projects.length === 0 ? [] : TREE);
  const { priceKind } = (await request.json()) as { priceKind: 'PRO' | 'FREE' };
  const records = data === 'fail' ? [] : priceKind === 'PRO' ? data.proCourses : data.freeCourses;
  return ok({ records, total: records.length, current: 1, size: 8 });
};

const cardTitles = () => screen.queryAllByTestId('course-card').map((c) => c.textContent);

describeModel('homePage on /', {
  machine: homePageMachine,
  start: '以游客身份打开首页 /',
  events: [
    { type: 'xstate.done.actor.load', output: FULL },
    { type: 'xstate.done.actor.load', output: NONE },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('home')).toBe(4));
      expect(screen.getByTestId('home-skeleton').getAttribute('aria-label')).toBe(HOME_TEXTS.loading);
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(screen.queryAllByTestId('course-card')).toHaveLength(3));
      expect(screen.queryByTestId('home-skeleton')).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: HOME_TEXTS.proHeading })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: HOME_TEXTS.freeHeading })).toBeTruthy();
      expect(cardTitles().join()).toContain('课程 1');
      expect(screen.getByRole('navigation', { name: HOME_TEXTS.projects }).textContent).toBe('一级建造师');
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(HOME_TEXTS.empty));
      expect(screen.queryByTestId('home-skeleton')).toBeNull();
      expect(screen.queryAllByTestId('course-card')).toHaveLength(0);
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByTestId('home-skeleton')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: HomeData }) => calls.answer('home', reply(e.output), 4),
    'xstate.error.actor.load': async () => calls.answer('home', reply('fail'), 4),
    RETRY: async () => act(() => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    renderRouted('/', <HomeView />);
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'the home page never sends RELOAD (it loads once per visit)',
    'empty RELOAD': 'the home page never sends RELOAD (it loads once per visit)',
  },
});
