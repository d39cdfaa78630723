/**
 * The device limit in the app: a device whose session a newer login ended is sent to the login page
 * with the server's reason above the form (until it leaves the page); 登录设备 signs another device
 * out, and signs this one out as 退出登录 does.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { DEVICE_TEXTS } from '../../../src/domain/account/devices.texts';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { clearUnauthorizedReason } from '../../../src/services/shared/http/client';
import { getToasts, dismissAllToasts } from '../../../src/services/shared/toast';
import { answer, fail, ok } from '../../support/msw';
import { handlers, renderLoggedIn, resetServer, server } from './account.fixtures';

const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetServer();
  clearUnauthorizedReason();
});
afterEach(() => {
  msw.resetHandlers();
  dismissAllToasts();
});
afterAll(() => msw.close());

const SECURITY = '/uc/account-manage/security';
const card = () => within(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle }));

it('a replaced session: the login check answers 401 with the reason, the session ends and the login page shows why until the student leaves it', async () => {
  msw.use(answer(API_CALLS.checkStatus, () => fail(DEVICE_TEXTS.replaced, 401)));
  const sut = renderLoggedIn('/uc/account-manage/personal');
  await waitFor(() => expect(sut.current()).toBe(`/uc/login?redirect=${encodeURIComponent('/uc/account-manage/personal')}`), { timeout: 10_000 });
  const notice = await screen.findByTestId('login-notice', {}, { timeout: 10_000 });
  expect(notice.textContent).toBe(DEVICE_TEXTS.replaced);
  expect(notice.getAttribute('role')).toBe('alert');
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  expect(document.cookie).not.toContain(`${STORAGE_KEYS.tokenCookie}=tok`);

  // Leaving the login page and coming back: the reason was told once.
  await act(async () => sut.location.navigate('/'));
  await act(async () => sut.location.navigate('/uc/login'));
  await screen.findByTestId('mobile-input', {}, { timeout: 10_000 });
  expect(screen.queryByTestId('login-notice')).toBeNull();
});

it('a plain 401 (登录已失效) sends the student to log in without a notice', async () => {
  msw.use(answer(API_CALLS.checkStatus, () => fail('登录已失效，请重新登录', 401)));
  const sut = renderLoggedIn('/uc/account-manage/personal');
  await waitFor(() => expect(sut.current()).toMatch(/^\/uc\/login\?redirect=/), { timeout: 10_000 });
  await screen.findByTestId('mobile-input', {}, { timeout: 10_000 });
  expect(screen.queryByTestId('login-notice')).toBeNull();
});

it('登录设备 lists this device first, marked 本机; signing the phone out ends it and the list loads again', async () => {
  renderLoggedIn(SECURITY);
  await waitFor(() => expect(card().getAllByTestId('device-session')).toHaveLength(2), { timeout: 10_000 });
  const [first, second] = card().getAllByTestId('device-session');
  expect(first!.getAttribute('aria-label')).toBe('Windows 电脑 · Chrome 131（本机）');
  expect(within(first!).getByRole('button', { name: DEVICE_TEXTS.signOutCurrent })).toBeTruthy();
  expect(second!.getAttribute('aria-label')).toBe('iPhone · 微信');

  fireEvent.click(within(second!).getByRole('button', { name: DEVICE_TEXTS.signOut }));
  await waitFor(() => expect(card().getAllByTestId('device-session')).toHaveLength(1));
  expect(server.sessions.map((s) => s.id)).toEqual([11]);
  expect(getToasts().map((t) => t.message)).toContain(DEVICE_TEXTS.signedOut);
});

it('退出登录 on this device logs it out as the header does: the logout call, then the login page', async () => {
  let loggedOut = 0;
  msw.use(
    answer(API_CALLS.logout, () => {
      loggedOut += 1;
      return ok(null);
    }),
  );
  const sut = renderLoggedIn(SECURITY);
  const self = await waitFor(() => card().getByRole('listitem', { name: /（本机）$/ }), { timeout: 10_000 });
  fireEvent.click(within(self).getByRole('button', { name: DEVICE_TEXTS.signOutCurrent }));
  await waitFor(() => expect(sut.current()).toMatch(/^\/uc\/login/));
  expect(loggedOut).toBe(1);
  // Not through the list's sign-out: the server ends it as a logout.
  expect(server.sessions).toHaveLength(2);
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
});

it('a failed list shows its error with 重新加载 in the card, the other cards stay', async () => {
  let calls = 0;
  msw.use(answer(EXTRA_CALLS.sessionList, () => (++calls === 1 ? fail('服务器错误(500)', 500) : undefined)));
  renderLoggedIn(SECURITY);
  const error = await waitFor(() => card().getByTestId('devices-error'), { timeout: 10_000 });
  expect(within(error).getByText('服务器错误(500)')).toBeTruthy();
  expect(screen.getByRole('region', { name: '登录密码' })).toBeTruthy();
  fireEvent.click(within(error).getByRole('button', { name: DEVICE_TEXTS.retry }));
  await waitFor(() => expect(card().getAllByTestId('device-session')).toHaveLength(2));
});
