/**
 * The login modal: opened by the header's 登录 button (still a link to /uc/login) or by
 * openLoginModal() from anywhere; loaded on first open; a login closes it and the visitor stays.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS } from '../../../src/domain/calls';
import { DIALOG_WIDTHS } from '../../../src/domain/shared/constants';
import { closeLoginModal, isLoginModalOpen, openLoginModal } from '../../../src/services/shared/loginModal';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { click, landingHandlers, loginResult, MOBILE, renderApp, SMS_CODE, typeInto } from '../../support/loginKit';
import { answer, ok } from '../../support/msw';

vi.setConfig({ testTimeout: 20_000 });

const server = setupServer(
  ...landingHandlers,
  answer(API_CALLS.loginBySms, () => ok(loginResult({}, { nickname: '弹窗同学' }))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
  closeLoginModal();
});
afterAll(() => server.close());

describe('login modal', () => {
  it('the header button stays a link to /uc/login but opens the modal; a login closes it and the page stays', async () => {
    const { current, session } = renderApp('/?from=home');
    const button = await screen.findByTestId('header-login');
    expect(button.tagName).toBe('A');
    expect(button.getAttribute('href')).toBe('/uc/login');
    expect(screen.queryByTestId('login-modal')).toBeNull();

    await click(button);
    const modal = await screen.findByTestId('login-modal');
    expect(current()).toBe('/?from=home');
    expect(modal.getAttribute('role')).toBe('dialog');
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(modal.style.width).toBe(`${DIALOG_WIDTHS.login}px`);
    expect(screen.getByTestId('tab-sms')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('mobile-input')));

    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('login-modal')).toBeNull());
    expect(current()).toBe('/?from=home');
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect((await screen.findByTestId('header-user')).textContent).toBe('弹窗同学');
    expect(screen.getByText(ACCOUNT_TEXTS.loginSuccess).getAttribute('data-intent')).toBe('success');
  });

  // wouter's Link skips onClick for modifier clicks; this keeps that true if the link is ever replaced.
  it('a modifier click (new tab) on the header button is left to the browser: no modal', async () => {
    renderApp('/');
    const button = await screen.findByTestId('header-login');
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, button: 0 });
    act(() => void button.dispatchEvent(event));
    expect(isLoginModalOpen()).toBe(false);
    expect(event.defaultPrevented).toBe(false);
    // A plain click does open it.
    act(() => void button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    expect(isLoginModalOpen()).toBe(true);
    act(() => closeLoginModal());
  });

  it('openLoginModal() resolves false on Esc or ×, true after a login', async () => {
    renderApp('/');
    await screen.findByTestId('header-login');
    let closed: Promise<boolean> = Promise.resolve(true);
    act(() => {
      closed = openLoginModal();
    });
    const modal = await screen.findByTestId('login-modal');
    await act(async () => void fireEvent.keyDown(modal, { key: 'Escape' }));
    expect(screen.queryByTestId('login-modal')).toBeNull();
    await expect(closed).resolves.toBe(false);

    act(() => {
      closed = openLoginModal();
    });
    await click(await screen.findByTestId('login-modal-close'));
    expect(isLoginModalOpen()).toBe(false);
    await expect(closed).resolves.toBe(false);

    act(() => {
      closed = openLoginModal();
    });
    await screen.findByTestId('login-modal');
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('login-submit'));
    await expect(closed).resolves.toBe(true);
  });

  it('keeps Tab inside the dialog and closes when the user follows 忘记密码', async () => {
    const { current } = renderApp('/');
    await click(await screen.findByTestId('header-login'));
    const modal = await screen.findByTestId('login-modal');
    const close = screen.getByTestId('login-modal-close');
    const forgot = screen.getByTestId('forgot-password');
    forgot.focus();
    await act(async () => void fireEvent.keyDown(forgot, { key: 'Tab' }));
    expect(document.activeElement).toBe(close);
    await act(async () => void fireEvent.keyDown(close, { key: 'Tab', shiftKey: true }));
    expect(document.activeElement).toBe(forgot);
    expect(modal.contains(document.activeElement)).toBe(true);
    await click(forgot);
    await waitFor(() => expect(current()).toBe('/uc/forgot-password'));
    expect(screen.queryByTestId('login-modal')).toBeNull();
  });
});
