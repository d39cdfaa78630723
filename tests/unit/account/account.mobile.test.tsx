/** 绑定手机 on 账号安全: the masked mobile and 更换手机号 with the shared slider captcha and SMS sender. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, MESSAGES, SMS_SENT_TEXT } from '../../../src/domain/account/texts';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { handlers, renderLoggedIn, resetServer, server } from './account.fixtures';

const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetServer());
afterEach(() => {
  msw.resetHandlers();
  dismissAllToasts();
});
afterAll(() => msw.close());

const card = () => within(screen.getByRole('region', { name: '绑定手机' }));

async function openPanel() {
  const sut = renderLoggedIn('/uc/account-manage/security');
  await screen.findByRole('region', { name: '绑定手机' }, { timeout: 10_000 });
  expect(card().getByTestId('mobile-status').textContent).toBe('138****8000');
  fireEvent.click(card().getByRole('button', { name: '更换手机号' }));
  await card().findByRole('form', { name: '更换手机号' });
  return sut;
}

/** Drags the slider `steps` key presses to the right and releases it. */
async function slide(steps: number) {
  // The puzzle remounts for each challenge: find the handle once it is ready.
  await waitFor(() => expect(card().getByTestId<HTMLButtonElement>('slider-handle').disabled).toBe(false));
  const handle = card().getByTestId('slider-handle');
  for (let i = 0; i < steps; i++) fireEvent.keyDown(handle, { key: 'ArrowRight' });
  await act(async () => void fireEvent.keyDown(handle, { key: 'Enter' }));
}

describe('更换手机号', { timeout: 20_000 }, () => {
  it('the get-code link waits for a valid mobile; the slider must pass before an SMS (BINDPHONE) is sent', async () => {
    await openPanel();
    const getCode = card().getByTestId('get-code') as HTMLButtonElement;
    expect(getCode.disabled).toBe(true);
    fireEvent.change(card().getByTestId('mobile-input'), { target: { value: '139 1234 5678' } });
    expect((card().getByTestId('mobile-input') as HTMLInputElement).value).toBe('13912345678');
    await waitFor(() => expect(getCode.disabled).toBe(false));
    fireEvent.click(getCode);
    // Not far enough: the server says the captcha failed, a new puzzle comes with the reason.
    await slide(3);
    expect(await card().findByTestId('captcha-error')).toBeTruthy();
    expect(card().getByTestId('captcha-error').textContent).toBe(ACCOUNT_TEXTS.captchaFailed);
    expect(server.smsSent).toEqual([]);
    await slide(15);
    expect(await screen.findByText(SMS_SENT_TEXT)).toBeTruthy();
    expect(server.smsSent).toEqual([{ mobile: '13912345678', requestType: 'BINDPHONE' }]);
    await waitFor(() => expect(card().getByTestId('get-code').textContent).toMatch(/^\d+s后重新获取$/));
    expect(localStorage.getItem(`${STORAGE_KEYS.smsCountdownPrefix}BINDPHONE`)).not.toBeNull();
  });

  it('checks the mobile and the code before any call', async () => {
    await openPanel();
    fireEvent.click(card().getByRole('button', { name: '确认更换' }));
    expect(await card().findByText(MESSAGES.phoneRequired)).toBeTruthy();
    expect(card().getByText(MESSAGES.smsCodeRequired)).toBeTruthy();
    fireEvent.change(card().getByTestId('mobile-input'), { target: { value: '12345678901' } });
    expect(await card().findByText(MESSAGES.phoneInvalid)).toBeTruthy();
    expect(server.requests.filter((r) => r.path === 'updateBindMobile')).toHaveLength(0);
  });

  it('a wrong code toasts the server text and keeps the input; the right one changes the mobile everywhere', async () => {
    const { session } = await openPanel();
    fireEvent.change(card().getByTestId('mobile-input'), { target: { value: '13912345678' } });
    fireEvent.click(card().getByTestId('get-code'));
    await slide(15);
    await screen.findByText(SMS_SENT_TEXT);
    fireEvent.change(card().getByTestId('code-input'), { target: { value: '111111' } });
    fireEvent.click(card().getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy();
    expect((card().getByTestId('code-input') as HTMLInputElement).value).toBe('111111');
    expect((card().getByTestId('mobile-input') as HTMLInputElement).value).toBe('13912345678');

    fireEvent.change(card().getByTestId('code-input'), { target: { value: server.smsCode } });
    fireEvent.click(card().getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.mobileChanged)).toBeTruthy();
    expect(server.requests.filter((r) => r.path === 'updateBindMobile').map((r) => r.body)).toEqual([
      { mobile: '13912345678', code: '111111', requestType: 'BINDPHONE' },
      { mobile: '13912345678', code: server.smsCode, requestType: 'BINDPHONE' },
    ]);
    await waitFor(() => expect(card().getByTestId('mobile-status').textContent).toBe('139****5678'));
    expect(card().queryByRole('form', { name: '更换手机号' })).toBeNull();
    expect(session.getSnapshot().context.user?.mobile).toBe('13912345678');
  });

  it('取消 closes the panel without a call', async () => {
    await openPanel();
    fireEvent.click(card().getByRole('button', { name: '取消' }));
    await waitFor(() => expect(card().queryByRole('form')).toBeNull());
    expect(card().getByRole('button', { name: '更换手机号' })).toBeTruthy();
  });
});
