/**
 * The course page's buy / activate / study button, model-based: paths from the real
 * coursePurchase machine drive the real CourseDetailView (msw underneath). Ownership checks and
 * the activation wait on gates that path steps answer; the login modal is the real store, closed
 * by the step (with or without a login). Four suites, one per page kind the button can face: a
 * paid (SYS) or a FREE course, a visitor or a logged-in student — the session at the click is what
 * the BUY/ACTIVATE events carry, so a path cannot change it midway.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { UserProductStatus } from '../../src/domain/commerce/contract';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import { coursePurchaseMachine } from '../../src/machines/catalog/coursePurchase.machine';
import type { RouteDef } from '../../src/routeTypes';
import { closeLoginModal, isLoginModalOpen } from '../../src/services/shared/loginModal';
import CourseDetailView from '../../src/views/catalog/course/CourseDetailView';
import { click, eventually, gate, type Gate } from '../support/loginKit';
import { clearLogin, handlers, renderAt, resetFake, storeLogin } from '../unit/catalog/courseDetail.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

type Call = 'status' | 'activate';
let pending: Partial<Record<Call, Gate<Response>>> = {};
const held = (call: Call) => () => {
  const g = gate<Response>();
  pending[call] = g;
  return g.promise;
};
async function respond(call: Call, response: () => Response): Promise<void> {
  await eventually(() => expect(pending[call]).toBeDefined());
  const g = pending[call]!;
  delete pending[call];
  g.open(response());
}

const server = setupServer(answer(LEARNING_CALLS.userProductStatus, held('status')), answer(LEARNING_CALLS.activeFreeCourse, held('activate')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const ROUTE = { path: '/course/detail/:courseId', title: '课程详情', auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const status = (courseId: number, owned: boolean): UserProductStatus => ({
  courseId,
  status: owned,
  validFrom: owned ? Date.UTC(2026, 0, 1) : null,
  validUntil: owned ? Date.UTC(2027, 0, 1) : null,
  source: owned ? 'ORDER' : null,
});
const failure = () => fail('服务器错误(500)', 500);

type Snap = ReturnType<typeof coursePurchaseMachine.getInitialSnapshot>;
const button = () => screen.getByRole('button', { name: /立即购买|免费领取|正在查询…|请先登录|领取中…/ }) as HTMLButtonElement;

function suite(kind: 'SYS' | 'FREE', loggedIn: boolean) {
  const courseId = kind === 'SYS' ? 1 : 7;
  const acquireLabel = kind === 'SYS' ? '立即购买' : '免费领取';
  let location: { history?: string[] } = {};
  const acquire = kind === 'SYS' ? { type: 'BUY', skuId: 11, loggedIn } : { type: 'ACTIVATE', loggedIn };
  describeModel(`coursePurchase on /course/detail (${kind}, ${loggedIn ? 'logged in' : 'visitor'})`, {
    machine: coursePurchaseMachine,
    input: { courseId },
    start: `${loggedIn ? '登录后' : '以游客身份'}打开 /course/detail/${courseId}（${kind === 'SYS' ? '付费课程' : '免费课程'}的详情页）`,
    events: [
      { type: 'xstate.done.actor.checkOwnership', output: status(courseId, true) },
      { type: 'xstate.done.actor.checkOwnership', output: status(courseId, false) },
      { type: 'xstate.error.actor.checkOwnership', error: new Error('服务器错误(500)') },
      acquire,
      { type: 'xstate.done.actor.login', output: true },
      { type: 'xstate.done.actor.login', output: false },
      { type: 'xstate.done.actor.confirmOwnership', output: status(courseId, true) },
      { type: 'xstate.done.actor.confirmOwnership', output: status(courseId, false) },
      { type: 'xstate.error.actor.confirmOwnership', error: new Error('服务器错误(500)') },
      { type: 'xstate.done.actor.activate', output: status(courseId, true) },
      { type: 'xstate.error.actor.activate', error: new Error(COMMERCE_TEXTS.notFreeCourse) },
    ] as never[],
    serializeState: (s: Snap) => JSON.stringify([s.value, s.context.error !== null]),
    states: {
      checking: async () => {
        await eventually(() => expect(pending.status).toBeDefined());
        expect(button().textContent).toBe('正在查询…');
        expect(button().disabled).toBe(true);
      },
      notOwned: async (s: Snap) => {
        await eventually(() => expect(button().textContent).toBe(acquireLabel));
        expect(button().disabled).toBe(false);
        expect(isLoginModalOpen()).toBe(false);
        if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
        else expect(screen.queryByRole('alert')).toBeNull();
      },
      needLogin: async () => {
        await eventually(() => expect(isLoginModalOpen()).toBe(true));
        expect(button().textContent).toBe('请先登录');
      },
      confirming: async () => {
        await eventually(() => expect(pending.status).toBeDefined());
        expect(isLoginModalOpen()).toBe(false);
        expect(button().disabled).toBe(true);
      },
      ordering: async () => {
        await eventually(() => expect(location.history?.at(-1)).toBe(`/submit-order/${courseId}?skuId=11`));
      },
      activating: async () => {
        await eventually(() => expect(pending.activate).toBeDefined());
        expect(button().textContent).toBe('领取中…');
      },
      owned: async () => {
        await eventually(() => expect(screen.getByRole('link', { name: '开始学习' }).getAttribute('href')).toBe(`/course-player/${courseId}`));
        expect(location.history?.at(-1)).toBe(`/course/detail/${courseId}`);
      },
    },
    exec: {
      BUY: async () => click(screen.getByRole('button', { name: '立即购买' })),
      ACTIVATE: async () => click(screen.getByRole('button', { name: '免费领取' })),
      'xstate.done.actor.checkOwnership': async (e: { output: UserProductStatus }) => respond('status', () => ok(e.output)),
      'xstate.error.actor.checkOwnership': async () => respond('status', failure),
      'xstate.done.actor.login': async (e: { output: boolean }) => {
        await eventually(() => expect(isLoginModalOpen()).toBe(true));
        act(() => closeLoginModal(e.output));
      },
      'xstate.done.actor.confirmOwnership': async (e: { output: UserProductStatus }) => respond('status', () => ok(e.output)),
      'xstate.error.actor.confirmOwnership': async () => respond('status', failure),
      'xstate.done.actor.activate': async (e: { output: UserProductStatus }) => respond('activate', () => ok(e.output)),
      'xstate.error.actor.activate': async () => respond('activate', () => fail(COMMERCE_TEXTS.notFreeCourse)),
    } as never,
    setup: async () => {
      resetFake();
      clearLogin();
      if (loggedIn) storeLogin();
      pending = {};
      location = renderAt(`/course/detail/${courseId}`, <CourseDetailView params={{ courseId: String(courseId) }} route={ROUTE} />).location;
      await screen.findByRole('heading', { level: 1 });
      return () => {
        for (const g of Object.values(pending) as (Gate<Response> | undefined)[]) g?.open(ok(status(courseId, false)));
        closeLoginModal(false);
        cleanup();
        clearLogin();
      };
    },
    coverage: 'transitions',
  });
}

suite('SYS', false);
suite('SYS', true);
suite('FREE', false);
suite('FREE', true);
