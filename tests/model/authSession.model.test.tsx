/**
 * The auth-session statechart, model-based: paths from the real machine replayed against the
 * real App (header, route guards, storage) with the real HTTP client answering through msw.
 */
import { act, render, screen, waitFor, fireEvent, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import { afterAll, beforeAll, expect } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResult, UserInfo } from '../../src/domain/account/contract';
import { API_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { authSessionMachine, type AuthSessionInput } from '../../src/machines/account/authSession.machine';
import { getUserInfo } from '../../src/services/account/account.api';
import { handleUserLogin } from '../../src/services/account/jsBridge';
import { createAuthSession, type AuthSessionActor } from '../../src/app/authSession';
import { App } from '../../src/app/App';
import { describeModel, settle } from './harness';
import { STUDENT } from '../support/users';
import { answer, fail, ok } from '../support/msw';

const answer401 = () => fail('登录已失效，请重新登录', 401);
// After a login the guest-only /uc/login leads to 个人资料, which reads the user and the class
// tree: the server answers them, and a 401 only when a path step asks for one (UNAUTHORIZED).
const server = setupServer(
  answer(API_CALLS.getUserInfo, () => ok(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null'))),
  answer(API_CALLS.classTreeList, []),
  // The page a path starts on (/uc/my-order) lists the user's orders: none.
  answer(COMMERCE_EXTRA_CALLS.orderPageList, { records: [], total: 0, current: 1, size: 10 }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const USER: UserInfo = { ...STUDENT, id: 1 };
const RESULT: LoginResult = { token: 'tok-login', expirationTimestamp: Date.now() + 7 * 86_400_000, userinfo: { ...USER, nickname: '新登录' } };

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** The system under test of one path. */
let sut: {
  actor: AuthSessionActor;
  location: ReturnType<typeof memoryLocation> & { history: string[] };
  pending: { checkStatus?: Deferred<boolean>; fetchUserInfo?: Deferred<UserInfo>; logout?: Deferred<void> };
};

function deferred<T>(slot: keyof typeof sut.pending): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    (sut.pending as Record<string, Deferred<T>>)[slot] = { resolve, reject };
  });
}

const currentPath = () => sut.location.history[sut.location.history.length - 1] ?? '/';

function setupWith(input: AuthSessionInput) {
  return async () => {
    if (input.token) document.cookie = `${STORAGE_KEYS.tokenCookie}=${input.token}; path=/`;
    if (input.user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(input.user));
    if (input.userInfoFresh) document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
    const location = memoryLocation({ path: '/uc/my-order', record: true });
    sut = { actor: undefined as never, location, pending: {} };
    sut.actor = createAuthSession(
      {
        navigate: (to) => location.navigate(to),
        currentPath,
        checkStatus: () => deferred<boolean>('checkStatus'),
        fetchUserInfo: () => deferred<UserInfo>('fetchUserInfo'),
        logout: () => deferred<void>('logout'),
      },
      input,
    );
    render(<App session={sut.actor} base="" hook={location.hook} searchHook={location.searchHook} />);
    // The first page loads lazily: wait until it shows (the user's orders, none; a visitor is sent to
    // log in), so it does not land during a later state check's waitFor.
    await waitFor(() => (input.token ? screen.getByTestId('empty-state') : expect(document.title).toMatch(/^登录/)));
    return () => sut.actor.stop();
  };
}

const tokenCookie = () => document.cookie.split('; ').find((c) => c.startsWith(`${STORAGE_KEYS.tokenCookie}=`));

/** The header shows the stored user, the token cookie is set, and the page is not the login page. */
async function expectLoggedInView() {
  await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull());
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!) as UserInfo;
  await waitFor(() => expect(screen.getByTestId('header-user').textContent).toBe(stored.nickname));
  expect(tokenCookie()).toBeDefined();
  expect(currentPath()).not.toMatch(/^\/uc\/login/);
}

const states = {
  loggedOut: async () => {
    await waitFor(() => expect(currentPath()).toMatch(/^\/uc\/login/));
    await waitFor(() => expect(document.title).toMatch(/^登录/));
    expect(screen.queryByTestId('header-user')).toBeNull();
    expect(tokenCookie()).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  },
  'loggedIn.verifying': async () => {
    await expectLoggedInView();
    await waitFor(() => expect(sut.pending.checkStatus).toBeDefined());
  },
  'loggedIn.refreshing': async () => {
    await expectLoggedInView();
    await waitFor(() => expect(sut.pending.fetchUserInfo).toBeDefined());
  },
  // Model states merge snapshots whose users differ, so the view is checked against storage.
  'loggedIn.ready': async () => {
    await expectLoggedInView();
  },
  'loggedIn.loggingOut': async () => {
    await waitFor(() => expect(sut.pending.logout).toBeDefined());
    expect(screen.getByTestId('header-user')).toBeTruthy();
  },
};

const events = [
  { type: 'session.loggedIn', result: RESULT },
  { type: 'LOGOUT' },
  { type: 'UNAUTHORIZED' },
  { type: 'session.userUpdated', user: { ...USER, nickname: '改名同学' } },
  { type: 'session.cleared' },
  { type: 'REFRESH_USER' },
  { type: 'xstate.done.actor.checkStatus', output: true },
  { type: 'xstate.done.actor.checkStatus', output: false },
  { type: 'xstate.error.actor.checkStatus', error: new Error('网络异常') },
  { type: 'xstate.done.actor.fetchUserInfo', output: { ...USER, nickname: '刷新后' } },
  { type: 'xstate.error.actor.fetchUserInfo', error: new Error('网络异常') },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new Error('网络异常') },
] as never[];

const exec = {
  // From /uc/login the guest-only guard goes on to 个人资料, which loads lazily and reads the user;
  // on any other page nothing loads, so there is nothing to wait for.
  'session.loggedIn': async (e: { result: LoginResult }) => {
    const leavesLogin = currentPath().startsWith('/uc/login');
    act(() => void sut.actor.send({ type: 'session.loggedIn', result: e.result }));
    if (leavesLogin) await settle();
  },
  // The header's user box holds 退出 (a role query over the whole page is slow in jsdom).
  LOGOUT: async () => {
    const button = within((await screen.findByTestId('header-user')).parentElement!).getByRole('button', { name: '退出' });
    await act(async () => void fireEvent.click(button));
  },
  // A real call answered 401 by the server.
  UNAUTHORIZED: async () => {
    server.use(answer(API_CALLS.getUserInfo, answer401, { once: true }));
    await act(async () => {
      await getUserInfo().catch(() => undefined);
    });
  },
  'session.userUpdated': async (e: { user: UserInfo }) => act(() => void sut.actor.send({ type: 'session.userUpdated', user: e.user })),
  REFRESH_USER: async () => act(() => void sut.actor.send({ type: 'REFRESH_USER' })),
  // The native app logs out: through the real bridge handler.
  'session.cleared': async () => {
    await act(async () => {
      await handleUserLogin({ logout: true }, sut.actor);
    });
  },
  'xstate.done.actor.checkStatus': async (e: { output: boolean }) => act(async () => sut.pending.checkStatus!.resolve(e.output)),
  'xstate.error.actor.checkStatus': async () => act(async () => sut.pending.checkStatus!.reject(new Error('网络异常'))),
  'xstate.done.actor.fetchUserInfo': async (e: { output: UserInfo }) => act(async () => sut.pending.fetchUserInfo!.resolve(e.output)),
  'xstate.error.actor.fetchUserInfo': async () => act(async () => sut.pending.fetchUserInfo!.reject(new Error('网络异常'))),
  'xstate.done.actor.logout': async () => act(async () => sut.pending.logout!.resolve()),
  'xstate.error.actor.logout': async () => act(async () => sut.pending.logout!.reject(new Error('网络异常'))),
};

const serializeState = (s: { value: unknown; context: { token: string | null; userInfoFresh: boolean } }) =>
  JSON.stringify([s.value, s.context.token !== null, s.context.userInfoFresh]);

const STALE_SESSION: AuthSessionInput = { token: 'tok-stored', user: USER, userInfoFresh: false };

describeModel('authSession from a stored session whose user info is stale', {
  machine: authSessionMachine,
  start: '登录过的学员在 7 天后回到网站（用户资料需重新获取），打开 /uc/my-order',
  input: STALE_SESSION,
  events,
  serializeState,
  states,
  exec: exec as never,
  setup: setupWith(STALE_SESSION),
  coverage: 'transitions',
});

describeModel('authSession from a visitor', {
  machine: authSessionMachine,
  start: '以游客身份打开 /uc/my-order（会被带到登录页）',
  input: { token: null, user: null, userInfoFresh: false },
  events,
  serializeState,
  states,
  exec: exec as never,
  setup: setupWith({ token: null, user: null, userInfoFresh: false }),
  coverage: 'transitions',
});

const FRESH_SESSION: AuthSessionInput = { token: 'tok-stored', user: USER, userInfoFresh: true };

// A student back within the 7 days of the last user-info refresh: however the login check ends
// (passed, or the network failed), the stored user stands and is not fetched again.
describeModel('authSession from a stored session whose user info is fresh', {
  machine: authSessionMachine,
  start: '登录过的学员在 7 天内回到网站（用户资料仍新），打开 /uc/my-order',
  input: FRESH_SESSION,
  events: events.filter((e: { type: string }) => e.type.endsWith('.actor.checkStatus')),
  serializeState,
  states: {
    ...states,
    'loggedIn.ready': async () => {
      await expectLoggedInView();
      expect(screen.getByTestId('header-user').textContent).toBe(USER.nickname);
      expect(sut.pending.fetchUserInfo).toBeUndefined();
    },
  },
  exec: exec as never,
  setup: setupWith(FRESH_SESSION),
  coverage: 'transitions',
});
