/**
 * Bind phone (/uc/bindphone) and forgot password (/uc/forgot-password) through the real App:
 * the SMS code of their request type, the calls of the contract, and the automatic login 0.8 s
 * after a reset.
 */
import { generateKeyPairSync } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import forge from 'node-forge';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BindMobileByWxRequest, ForgetPwdRequest, PasswordLoginRequest, SendSmsRequest } from '../../../src/domain/account/contract';
import { FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS } from '../../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import { forgetPublicKey } from '../../../src/services/account/passwordCrypto';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { readWxLoginState, saveWxLoginState } from '../../../src/services/account/wxLoginState';
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

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const decrypt = (base64: string) => forge.pki.privateKeyFromPem(privateKey).decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5');

const sent: SendSmsRequest[] = [];
const binds: BindMobileByWxRequest[] = [];
const resets: ForgetPwdRequest[] = [];
const logins: PasswordLoginRequest[] = [];
const server = setupServer(
  ...landingHandlers,
  answer(EXTRA_CALLS.captchaChallenge, () => ok(challenge())),
  answer(EXTRA_CALLS.rsaPublicKey, { publicKey }),
  answer(API_CALLS.sendMobileCode, async ({ request }) => {
    sent.push(await jsonBody<SendSmsRequest>(request));
    return ok(true);
  }),
  answer(API_CALLS.bindMobileByWxCode, async ({ request }) => {
    binds.push(await jsonBody<BindMobileByWxRequest>(request));
    return ok(loginResult());
  }),
  answer(API_CALLS.forgetPwd, async ({ request }) => {
    resets.push(await jsonBody<ForgetPwdRequest>(request));
    return ok(null);
  }),
  answer(API_CALLS.loginByPwd, async ({ request }) => {
    logins.push(await jsonBody<PasswordLoginRequest>(request));
    return ok(loginResult());
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const list of [sent, binds, resets, logins]) list.length = 0;
  forgetPublicKey();
});
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
  vi.useRealTimers();
});
afterAll(() => server.close());

async function sendCode() {
  await typeInto('mobile-input', MOBILE);
  await click(screen.getByTestId('get-code'));
  await eventually(() => expect(screen.getByTestId('slider-captcha').dataset.status).toBe('ready'));
  await dragSlider(90);
  await eventually(() => expect(screen.getByTestId('get-code').textContent).toBe('60s后重新获取'));
}

describe('bind phone', () => {
  it('without a sessionKey: 微信授权已过期，请重新扫码 and a way back to login', async () => {
    const { current } = renderApp('/uc/bindphone?code=c&state=s');
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatSessionExpired)).toBeTruthy();
    expect(screen.queryByTestId('mobile-input')).toBeNull();
    await click(screen.getByRole('link', { name: '返回登录' }));
    await waitFor(() => expect(current()).toBe('/uc/login'));
  });

  it('binds the mobile with an SMS code (BINDPHONE) and the sessionKey, logs in and goes to the redirect target', async () => {
    saveWxLoginState({ state: 'st-b', redirect: '/uc/my-order' });
    const { current, session } = renderApp('/uc/bindphone?code=wx-c&state=st-b&sessionKey=sk-9&redirect=%2Fuc%2Fmy-order');
    await screen.findByTestId('mobile-input');
    await click(screen.getByTestId('bind-submit'));
    expect(screen.getByText('手机号码不能为空')).toBeTruthy();
    await sendCode();
    expect(sent[0]).toMatchObject({ mobile: MOBILE, requestType: 'BINDPHONE', sceneId: 'SMS' });
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(current()).toBe('/uc/my-order'));
    expect(binds).toEqual([{ code: SMS_CODE, mobile: MOBILE, requestType: 'BINDPHONE', sessionKey: 'sk-9' }]);
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(readWxLoginState()).toBeNull();
  });

  it('a session key the server says expired ends on the expired notice', async () => {
    server.use(answer(API_CALLS.bindMobileByWxCode, () => fail(ACCOUNT_TEXTS.wechatSessionExpired)));
    renderApp('/uc/bindphone?sessionKey=sk-old');
    await screen.findByTestId('mobile-input');
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('bind-submit'));
    expect(await screen.findByTestId('bind-expired')).toBeTruthy();
  });

  it('another refusal (wrong code) is toasted and the form stays', async () => {
    server.use(answer(API_CALLS.bindMobileByWxCode, () => fail(ACCOUNT_TEXTS.smsCodeWrong)));
    renderApp('/uc/bindphone?sessionKey=sk-1');
    await screen.findByTestId('mobile-input');
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', '000000');
    await click(screen.getByTestId('bind-submit'));
    expect(await screen.findByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('bind-submit') as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('forgot password', () => {
  async function fill(password: string, confirm: string) {
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await typeInto('password-input', password);
    await typeInto('confirm-input', confirm);
  }

  it('shows the exact messages of §5', async () => {
    renderApp('/uc/forgot-password');
    await click(await screen.findByTestId('reset-submit'));
    for (const text of ['手机号码不能为空', '短信验证码不能为空', '请设置6位及以上包含数字、字母和特殊符号中至少两种组合的密码', '确认密码不能为空']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    await fill('abc123', 'abc124');
    await click(screen.getByTestId('reset-submit'));
    expect(screen.getByText('两次输入密码不一致')).toBeTruthy();
    expect(resets).toHaveLength(0);
  });

  it('resets (FORGETPWD, new password encrypted), toasts, and logs in with the new password after 0.8 s', async () => {
    renderApp('/uc/forgot-password');
    await screen.findByTestId('mobile-input');
    cleanup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { current, session } = renderApp('/uc/forgot-password?redirect=%2Fuc%2Fmy-order');
    await sendCode();
    expect(sent[0]).toMatchObject({ requestType: 'FORGETPWD' });
    await fill('new.pass1', 'new.pass1');
    await click(screen.getByTestId('reset-submit'));
    await eventually(() => expect(resets).toHaveLength(1));
    expect(resets[0]).toMatchObject({ mobile: MOBILE, code: SMS_CODE, requestType: 'FORGETPWD' });
    expect(decrypt(resets[0]!.newPwd)).toBe('new.pass1');
    await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.passwordReset).getAttribute('data-intent')).toBe('success'));
    await advance(FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS - 1);
    expect(logins).toHaveLength(0);
    await advance(1);
    await eventually(() => expect(current()).toBe('/uc/my-order'));
    expect(logins).toHaveLength(1);
    expect(logins[0]!.mobile).toBe(MOBILE);
    expect(decrypt(logins[0]!.pwd)).toBe('new.pass1');
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('when the automatic login fails the page offers the login page', async () => {
    server.use(answer(API_CALLS.loginByPwd, () => fail(ACCOUNT_TEXTS.wrongPassword)));
    renderApp('/uc/forgot-password');
    await screen.findByTestId('mobile-input');
    await fill('abc123', 'abc123');
    await click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('auto-login-failed', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' })).toBeTruthy();
  });
});
