/**
 * The buy / activate / study button on the preview page (/course/preview; the detail page's is in
 * coursePurchaseOnDetail.model.test.tsx), model-based: paths from the real coursePurchase machine drive the
 * real CoursePreviewView (msw underneath). Ownership checks and the activation wait on gates that
 * path steps answer; the login modal is the real store, closed by the step (with or without a
 * login); a login or logout elsewhere on the page (the header) is the session changing. Four suites,
 * one per page kind: a paid (SYS) or a FREE course, a visitor or a logged-in student — the session
 * at the click is what BUY/ACTIVATE carry, so a session change is only ever a path's last step.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { ACCOUNT_CALLS } from '../../src/domain/account/calls';
import { API_CALLS } from '../../src/domain/calls';
import { COURSE_DETAIL_TEXTS as T } from '../../src/domain/catalog/courseDetail.texts';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { UserProductStatus } from '../../src/domain/commerce/contract';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import { coursePurchaseMachine } from '../../src/machines/catalog/coursePurchase.machine';
import type { RouteDef } from '../../src/routeTypes';
import { closeLoginModal, isLoginModalOpen } from '../../src/services/shared/loginModal';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePreviewView from '../../src/views/catalog/course/CoursePreviewView';
import { click, eventually, loginResult } from '../support/loginKit';
import { STUDENT } from '../support/users';
import { answer, fail, ok } from '../support/msw';
import { clearLogin, handlers, resetFake, storeLogin } from '../unit/catalog/courseDetail.fixtures';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const calls = heldCalls<'status' | 'activate'>();
const server = setupServer(
  answer(LEARNING_CALLS.userProductStatus, calls.hold('status')),
  answer(LEARNING_CALLS.activeFreeCourse, calls.hold('activate')),
  answer(API_CALLS.getUserInfo, STUDENT),
  answer(ACCOUNT_CALLS.logout, null),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const ROUTE = { path: '/course/preview/:courseId', title: '课程试听', auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const status = (courseId: number, owned: boolean): UserProductStatus => ({
  courseId,
  status: owned,
  validFrom: owned ? Date.UTC(2026, 0, 1) : null,
  validUntil: owned ? Date.UTC(2027, 0, 1) : null,
  source: owned ? 'ORDER' : null,
});
const FAILURE = '服务器错误(500)';

type Snap = ReturnType<typeof coursePurchaseMachine.getInitialSnapshot>;
const button = () =>
  screen.getByRole('button', { name: new RegExp([T.buyNow, T.claimFree, T.checking, T.waitingLogin, T.activating].join('|')) }) as HTMLButtonElement;

function suite(kind: 'SYS' | 'FREE', loggedIn: boolean) {
  const courseId = kind === 'SYS' ? 1 : 7;
  const acquireLabel = kind === 'SYS' ? T.buyNow : T.claimFree;
  let app: ReturnType<typeof renderRouted>;
  const acquire = kind === 'SYS' ? { type: 'BUY', skuId: 11, loggedIn } : { type: 'ACTIVATE', loggedIn };
  describeModel(`coursePurchase on /course/preview (${kind}, ${loggedIn ? 'logged in' : 'visitor'})`, {
    machine: coursePurchaseMachine,
    input: { courseId },
    start: `${loggedIn ? '登录后' : '以游客身份'}打开 /course/preview/${courseId}（${kind === 'SYS' ? '付费课程' : '免费课程'}的试听页）`,
    events: [
      { type: 'xstate.done.actor.checkOwnership', output: status(courseId, true) },
      { type: 'xstate.done.actor.checkOwnership', output: status(courseId, false) },
      { type: 'xstate.error.actor.checkOwnership', error: new Error(FAILURE) },
      acquire,
      { type: 'SESSION_CHANGED' },
      { type: 'xstate.done.actor.login', output: true },
      { type: 'xstate.done.actor.login', output: false },
      { type: 'xstate.done.actor.confirmOwnership', output: status(courseId, true) },
      { type: 'xstate.done.actor.confirmOwnership', output: status(courseId, false) },
      { type: 'xstate.error.actor.confirmOwnership', error: new Error(FAILURE) },
      { type: 'xstate.done.actor.activate', output: status(courseId, true) },
      { type: 'xstate.error.actor.activate', error: new Error(COMMERCE_TEXTS.notFreeCourse) },
    ] as never[],
    // A kept error matters only where it shows (notOwned): a session change then is a path's last step.
    serializeState: (s: Snap) => JSON.stringify([s.value, s.matches('notOwned') && s.context.error !== null]),
    states: {
      checking: async () => {
        await eventually(() => expect(calls.count('status')).toBe(1));
        expect(button().textContent).toBe(T.checking);
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
        expect(button().textContent).toBe(T.waitingLogin);
        expect(button().disabled).toBe(true);
      },
      confirming: async () => {
        await eventually(() => expect(calls.count('status')).toBe(1));
        expect(isLoginModalOpen()).toBe(false);
        expect(button().textContent).toBe(T.checking);
        expect(button().disabled).toBe(true);
      },
      ordering: async () => {
        await eventually(() => expect(app.location.history.at(-1)).toBe(`/submit-order/${courseId}?skuId=11`));
      },
      activating: async () => {
        await eventually(() => expect(calls.count('activate')).toBe(1));
        expect(button().textContent).toBe(T.activating);
        expect(button().disabled).toBe(true);
      },
      owned: async () => {
        await eventually(() => expect(screen.getByRole('link', { name: T.startStudy }).getAttribute('href')).toBe(`/course-player/${courseId}`));
        expect(screen.getByText(new RegExp(T.owned))).toBeTruthy();
        expect(app.location.history.at(-1)).toBe(`/course/preview/${courseId}`);
      },
    },
    exec: {
      BUY: async () => click(screen.getByRole('button', { name: T.buyNow })),
      ACTIVATE: async () => click(screen.getByRole('button', { name: T.claimFree })),
      // The header's login (a visitor) or logout (a student) while the page is open.
      SESSION_CHANGED: async () =>
        act(() => app.session.send(loggedIn ? { type: 'LOGOUT' } : { type: 'session.loggedIn', result: loginResult({ token: 'tok' }) })),
      'xstate.done.actor.checkOwnership': async (e: { output: UserProductStatus }) => calls.answer('status', () => ok(e.output)),
      'xstate.error.actor.checkOwnership': async () => calls.answer('status', () => fail(FAILURE, 500)),
      'xstate.done.actor.login': async (e: { output: boolean }) => {
        await eventually(() => expect(isLoginModalOpen()).toBe(true));
        act(() => closeLoginModal(e.output));
      },
      'xstate.done.actor.confirmOwnership': async (e: { output: UserProductStatus }) => calls.answer('status', () => ok(e.output)),
      'xstate.error.actor.confirmOwnership': async () => calls.answer('status', () => fail(FAILURE, 500)),
      'xstate.done.actor.activate': async (e: { output: UserProductStatus }) => calls.answer('activate', () => ok(e.output)),
      'xstate.error.actor.activate': async () => calls.answer('activate', () => fail(COMMERCE_TEXTS.notFreeCourse)),
    } as never,
    setup: async () => {
      resetFake();
      clearLogin();
      if (loggedIn) storeLogin();
      app = renderRouted(`/course/preview/${courseId}`, <CoursePreviewView params={{ courseId: String(courseId) }} route={ROUTE} />);
      await screen.findByRole('heading', { level: 1 });
      return () => {
        calls.release();
        closeLoginModal(false);
        cleanup();
        clearLogin();
        dismissAllToasts();
      };
    },
    coverage: 'transitions',
  });
}

suite('SYS', false);
suite('SYS', true);
suite('FREE', false);
suite('FREE', true);
