/**
 * SMS-code login on /uc/login, through the real App with msw answering the accounts contract:
 * the get-code link, the slider captcha (dragged with pointer events), the data-400 retry, the
 * persisted 60 s countdown, validation messages, the agreement prompt, and the login itself.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_FAILED_DATA, decodeCaptchaSolution } from '../../../src/domain/account/captcha';
import type { SendSmsRequest, SmsLoginRequest } from '../../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import {
  advance,
  challenge,
  click,
  dragSlider,
  eventually,
  jsonBody,
  landingHandlers,
  loginResult,
  MOBILE,
  renderApp,
  SMS_CODE,
  typeInto,
} from '../../support/loginKit';
import { answer, fail, ok } from '../../support/msw';

vi.setConfig({ testTimeout: 20_000 });

const sent: SendSmsRequest[] = [];
const logins: SmsLoginRequest[] = [];
let challenges = 0;
let smsAnswers: Array<() => Response> = [];

const server = setupServer(
  ...landingHandlers,
  answer(EXTRA_CALLS.captchaChallenge, ({ request }) => {
    expect(new URL(request.url).searchParams.get('sceneId')).toBe('SMS');
    challenges += 1;
    return ok(challenge());
  }),
  answer(API_CALLS.sendMobileCode, async ({ request }) => {
    sent.push(await jsonBody<SendSmsRequest>(request));
    return (smsAnswers.shift() ?? (() => ok(true)))();
  }),
  answer(API_CALLS.loginBySms, async ({ request }) => {
    logins.push(await jsonBody<SmsLoginRequest>(request));
    return ok(loginResult());
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent.length = 0;
  logins.length = 0;
  challenges = 0;
  smsAnswers = [];
});
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
  vi.useRealTimers();
});
afterAll(() => server.close());

const COUNTDOWN_KEY = `${STORAGE_KEYS.smsCountdownPrefix}REGISTER`;
const getCode = () => screen.getByTestId('get-code') as HTMLButtonElement;

/**
 * Fake timers for the countdown. React reveals a lazily loaded view with a timeout, so the login
 * view is loaded once with real timers first; after that it renders without suspending.
 */
async function useFakeClock() {
  await openLogin();
  cleanup();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

async function openLogin(path = '/uc/login') {
  const app = renderApp(path);
  await screen.findByTestId('mobile-input');
  return app;
}

/** Types a valid phone, opens the captcha and waits for the puzzle. */
async function openCaptcha() {
  await typeInto('mobile-input', MOBILE);
  await click(getCode());
  await waitFor(() => expect((screen.getByTestId('slider-handle') as HTMLButtonElement).disabled).toBe(false));
}

describe('SMS login', () => {
  it('gets a code through the slider captcha, counts down, and logs in to the redirect target', async () => {
    const { current, session } = await openLogin('/uc/login?redirect=%2Fuc%2Fmy-order');
    expect(screen.getByText('未注册的手机号验证后将自动创建账号')).toBeTruthy();
    expect(getCode().textContent).toBe('获取验证码');
    expect(getCode().disabled).toBe(true);
    await typeInto('mobile-input', '1380013800');
    expect(getCode().disabled).toBe(true);
    // Input keeps digits only, at most 11.
    await typeInto('mobile-input', '138 0013 8000 99');
    expect((screen.getByTestId('mobile-input') as HTMLInputElement).value).toBe(MOBILE);
    expect(getCode().disabled).toBe(false);

    await click(getCode());
    expect(screen.getByTestId('slider-captcha')).toBeTruthy();
    // The link is off while the puzzle shows.
    expect(getCode().disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('slider-captcha').dataset.status).toBe('ready'));
    const solvedFrom = Date.now();
    await dragSlider(120);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ mobile: MOBILE, requestType: 'REGISTER', sceneId: 'SMS' });
    const solution = decodeCaptchaSolution(sent[0]!.captchaVerifyParam)!;
    expect(solution.challengeId).toMatch(/^ch-\d+$/);
    expect(solution.x).toBe(120);
    expect(solution.track.length).toBeGreaterThanOrEqual(3);
    const toast = await screen.findByText('发送短信验证码成功，请注意查收');
    expect(toast.getAttribute('data-intent')).toBe('success');
    await waitFor(() => expect(getCode().textContent).toBe('60s后重新获取'));
    expect(getCode().disabled).toBe(true);
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
    // The countdown starts when the code was sent: after the puzzle was solved, and not later than now.
    const countdownFrom = Number(localStorage.getItem(COUNTDOWN_KEY));
    expect(countdownFrom).toBeGreaterThanOrEqual(solvedFrom);
    expect(countdownFrom).toBeLessThanOrEqual(Date.now());

    await typeInto('code-input', ` ${SMS_CODE}9 `);
    expect((screen.getByTestId('code-input') as HTMLInputElement).value).toBe(SMS_CODE);
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(current()).toBe('/uc/my-order'));
    expect(logins).toEqual([{ mobile: MOBILE, code: SMS_CODE, requestType: 'REGISTER' }]);
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=tok-new`);
    expect(await screen.findByText(ACCOUNT_TEXTS.loginSuccess)).toBeTruthy();
  });

  it('a slide the server refuses (data 400) shows the failure over a new puzzle; the next slide sends', async () => {
    smsAnswers = [() => ok(CAPTCHA_FAILED_DATA), () => ok(true)];
    await openLogin();
    await openCaptcha();
    await dragSlider(80);
    expect(await screen.findByTestId('captcha-error')).toHaveProperty('textContent', ACCOUNT_TEXTS.captchaFailed);
    await waitFor(() => expect(screen.getByTestId('slider-captcha').dataset.status).toBe('ready'));
    expect(challenges).toBe(2);
    expect(sent).toHaveLength(1);
    // Still the captcha, no toast, no countdown.
    expect(screen.queryByText('发送短信验证码成功，请注意查收')).toBeNull();
    expect(getCode().textContent).toBe('获取验证码');

    await dragSlider(150);
    await screen.findByText('发送短信验证码成功，请注意查收');
    expect(sent).toHaveLength(2);
    expect(decodeCaptchaSolution(sent[1]!.captchaVerifyParam)!.challengeId).not.toBe(decodeCaptchaSolution(sent[0]!.captchaVerifyParam)!.challengeId);
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
  });

  it('the captcha can be refreshed, closed, and used with the keyboard (arrows move 2 px, Enter releases)', async () => {
    await openLogin();
    await openCaptcha();
    await click(screen.getByTestId('captcha-refresh'));
    await waitFor(() => expect(screen.getByTestId('slider-captcha').dataset.status).toBe('ready'));
    expect(challenges).toBe(2);
    await click(screen.getByTestId('captcha-close'));
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
    expect(getCode().disabled).toBe(false);

    await click(getCode());
    await waitFor(() => expect(screen.getByTestId('slider-captcha').dataset.status).toBe('ready'));
    const handle = screen.getByTestId('slider-handle');
    await act(async () => {
      for (let i = 0; i < 5; i++) fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
      fireEvent.keyDown(handle, { key: 'Enter' });
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(decodeCaptchaSolution(sent[0]!.captchaVerifyParam)!.x).toBe(8);
  });

  it('a send the server refuses (too frequent) toasts its text and closes the captcha', async () => {
    smsAnswers = [() => fail(ACCOUNT_TEXTS.smsTooFrequent)];
    await openLogin();
    await openCaptcha();
    await dragSlider(60);
    expect(await screen.findByText(ACCOUNT_TEXTS.smsTooFrequent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('slider-captcha')).toBeNull());
    expect(getCode().textContent).toBe('获取验证码');
    expect(getCode().disabled).toBe(false);
  });

  it('counts down once a second, survives a remount (reload / other tab), then reads 重新发送', async () => {
    await useFakeClock();
    renderApp('/uc/login');
    await typeInto('mobile-input', MOBILE);
    await click(getCode());
    await eventually(() => expect((screen.getByTestId('slider-handle') as HTMLButtonElement).disabled).toBe(false));
    await dragSlider(100);
    await eventually(() => expect(getCode().textContent).toBe('60s后重新获取'));
    await advance(1000);
    expect(getCode().textContent).toBe('59s后重新获取');
    await advance(4000);
    expect(getCode().textContent).toBe('55s后重新获取');

    // A reload: a new App, the same storage.
    cleanup();
    renderApp('/uc/login');
    expect(getCode().textContent).toBe('55s后重新获取');
    expect(getCode().disabled).toBe(true);
    await advance(500);
    expect(getCode().textContent).toBe('55s后重新获取');
    await advance(500);
    expect(getCode().textContent).toBe('54s后重新获取');
    await advance(53_999);
    expect(getCode().textContent).toBe('1s后重新获取');
    await advance(1);
    expect(getCode().textContent).toBe('重新发送');
    expect(localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
    await typeInto('mobile-input', MOBILE);
    expect(getCode().disabled).toBe(false);
  });

  it('restores a countdown started 20.5 s ago in another tab', async () => {
    await useFakeClock();
    localStorage.setItem(COUNTDOWN_KEY, String(Date.now() - 20_500));
    renderApp('/uc/login');
    expect(getCode().textContent).toBe('40s后重新获取');
    await advance(500);
    expect(getCode().textContent).toBe('39s后重新获取');
  });
  it('an open tab starts counting when another tab sends a code, and ignores other keys and the clearing', async () => {
    await useFakeClock();
    renderApp('/uc/login');
    await typeInto('mobile-input', MOBILE);
    expect(getCode().textContent).toBe('获取验证码');
    const fromOtherTab = (key: string, newValue: string | null) =>
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
      });
    fromOtherTab(`${STORAGE_KEYS.smsCountdownPrefix}FORGETPWD`, String(Date.now()));
    fromOtherTab(COUNTDOWN_KEY, null);
    expect(getCode().textContent).toBe('获取验证码');
    fromOtherTab(COUNTDOWN_KEY, String(Date.now() - 2_000));
    expect(getCode().textContent).toBe('58s后重新获取');
    expect(getCode().disabled).toBe(true);
    await advance(58_000);
    expect(getCode().textContent).toBe('重新发送');
    expect(getCode().disabled).toBe(false);
  });
});

describe('SMS login form', () => {
  it('shows the validation messages under the fields on submit, and clears one when its field is edited', async () => {
    await openLogin();
    expect(screen.queryByText('手机号码不能为空')).toBeNull();
    await click(screen.getByTestId('login-submit'));
    expect(screen.getByText('手机号码不能为空')).toBeTruthy();
    expect(screen.getByText('短信验证码不能为空')).toBeTruthy();
    expect(screen.getByTestId('mobile-input').getAttribute('aria-invalid')).toBe('true');
    await typeInto('mobile-input', '12345');
    expect(screen.queryByText('手机号码不能为空')).toBeNull();
    expect(screen.getByText('短信验证码不能为空')).toBeTruthy();
    await click(screen.getByTestId('login-submit'));
    expect(screen.getByText('手机号码格式不正确')).toBeTruthy();
    expect(logins).toHaveLength(0);
  });

  it('without the agreement ticked the prompt shows and shakes; ticking it clears the prompt and login proceeds', async () => {
    const { current } = await openLogin();
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('login-submit'));
    const prompt = screen.getByTestId('agreement-prompt');
    expect(prompt.textContent).toBe('请阅读并勾选用户协议和隐私政策');
    expect(prompt.parentElement!.className).toContain('xt-shake');
    // The shake ends, the prompt stays until ticked.
    await waitFor(() => expect(screen.getByTestId('agreement-prompt').parentElement!.className).not.toContain('xt-shake'), { timeout: 2000 });
    expect(logins).toHaveLength(0);
    await click(screen.getByTestId('agreement'));
    expect(screen.queryByTestId('agreement-prompt')).toBeNull();
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(current()).toBe('/'));
    expect(logins).toHaveLength(1);
  });

  it('a server refusal is toasted and the form can be submitted again', async () => {
    server.use(answer(API_CALLS.loginBySms, () => fail(ACCOUNT_TEXTS.smsCodeWrong)));
    const { current } = await openLogin();
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', '000000');
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(current()).toBe('/uc/login');
    expect((screen.getByTestId('mobile-input') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('login card', () => {
  it('has the SMS and password tabs, the WeChat entry, 免费注册, 忘记密码 and agreement links in a new tab', async () => {
    const { current } = await openLogin();
    expect(screen.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    await click(screen.getByTestId('tab-password'));
    expect(screen.getByTestId('tab-password').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('password-input')).toBeTruthy();
    expect(screen.queryByTestId('code-input')).toBeNull();
    // The tick is kept across tabs.
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('register'));
    expect(screen.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('agreement') as HTMLInputElement).checked).toBe(true);
    const agreement = screen.getByRole('link', { name: '《用户协议》' });
    expect(agreement.getAttribute('href')).toMatch(/\/hc\/user-agreement$/);
    expect(agreement.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toMatch(/\/hc\/privacy-policy$/);
    expect(screen.getByLabelText('手机号码')).toBe(screen.getByTestId('mobile-input'));
    await click(screen.getByTestId('forgot-password'));
    await waitFor(() => expect(current()).toBe('/uc/forgot-password'));
    expect(await screen.findByRole('heading', { name: '找回密码' })).toBeTruthy();
  });
});
