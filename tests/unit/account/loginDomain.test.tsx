/** Pure rules of the login screens: the SMS countdown math and labels, form checks, where a login leads, the WeChat QR URL. */
import { describe, expect, it } from 'vitest';
import type { WxConfig } from '../../../src/domain/account/contract';
import { forgotPasswordErrors, passwordLoginErrors, smsFormErrors } from '../../../src/domain/account/forms';
import { afterLoginPath, bindPhonePath, wxQrConnectUrl, wxStateMatches } from '../../../src/domain/account/login';
import {
  countdownMsLeft,
  countdownSecondsLeft,
  countingLabel,
  msUntilNextTick,
  parseCountdownStart,
  smsCodeLabel,
} from '../../../src/domain/account/smsCountdown';
import { safeRedirect } from '../../../src/domain/shared/routing';
import { loginResult } from '../../support/loginKit';

const T0 = 1_700_000_000_000;

describe('SMS countdown', () => {
  it('derives the seconds left from the start time: 60 at once, 59 after 1 s, 1 in the last second, then 0', () => {
    expect(countdownSecondsLeft(T0, T0)).toBe(60);
    expect(countdownSecondsLeft(T0, T0 + 1)).toBe(60);
    expect(countdownSecondsLeft(T0, T0 + 1000)).toBe(59);
    expect(countdownSecondsLeft(T0, T0 + 20_500)).toBe(40);
    expect(countdownSecondsLeft(T0, T0 + 59_999)).toBe(1);
    expect(countdownSecondsLeft(T0, T0 + 60_000)).toBe(0);
    expect(countdownSecondsLeft(T0, T0 + 3_600_000)).toBe(0);
    expect(countdownSecondsLeft(null, T0)).toBe(0);
  });
  it('a start in the future (clock turned back) counts as just started, not longer', () => {
    expect(countdownMsLeft(T0 + 10_000, T0)).toBe(60_000);
  });
  it("ticks on the start time's second boundaries", () => {
    expect(msUntilNextTick(T0, T0)).toBe(1000);
    expect(msUntilNextTick(T0, T0 + 300)).toBe(700);
    expect(msUntilNextTick(T0, T0 + 59_400)).toBe(600);
    expect(msUntilNextTick(T0, T0 + 60_000)).toBe(0);
  });
  it('labels: 获取验证码 before any send, `${n}s后重新获取` while counting, 重新发送 after', () => {
    expect(smsCodeLabel(0, false)).toBe('获取验证码');
    expect(smsCodeLabel(42, true)).toBe('42s后重新获取');
    expect(countingLabel(60)).toBe('60s后重新获取');
    expect(smsCodeLabel(0, true)).toBe('重新发送');
  });
  it('reads a stored start only while it still runs', () => {
    expect(parseCountdownStart(String(T0), T0 + 5000)).toBe(T0);
    expect(parseCountdownStart(String(T0), T0 + 60_000)).toBeNull();
    expect(parseCountdownStart('garbage', T0)).toBeNull();
    expect(parseCountdownStart(null, T0)).toBeNull();
    expect(parseCountdownStart('-5', T0)).toBeNull();
  });
});

describe('login forms use the rules of validation.ts', () => {
  it('SMS form', () => {
    expect(smsFormErrors({ mobile: '', code: '' })).toEqual({ mobile: '手机号码不能为空', code: '短信验证码不能为空' });
    expect(smsFormErrors({ mobile: '12345', code: '1' })).toEqual({ mobile: '手机号码格式不正确' });
    expect(smsFormErrors({ mobile: '13800138000', code: '123456' })).toEqual({});
  });
  it('password login', () => {
    expect(passwordLoginErrors({ mobile: '13800138000', password: '' })).toEqual({ password: '密码不能为空' });
  });
  it('forgot password: new password rule and confirmation', () => {
    const base = { mobile: '13800138000', code: '123456' };
    expect(forgotPasswordErrors({ ...base, password: 'abc', confirm: '' })).toEqual({
      password: '请设置6位及以上包含数字、字母和特殊符号中至少两种组合的密码',
      confirm: '确认密码不能为空',
    });
    expect(forgotPasswordErrors({ ...base, password: 'abc123', confirm: 'abc124' })).toEqual({ confirm: '两次输入密码不一致' });
    expect(forgotPasswordErrors({ ...base, password: 'abc123', confirm: 'abc123' })).toEqual({});
  });
});

describe('where a login leads (§4)', () => {
  it('a bound mobile goes to the target; an account without one to bind phone with its session key', () => {
    expect(afterLoginPath(loginResult(), '/course/detail/3')).toBe('/course/detail/3');
    expect(afterLoginPath(loginResult({ sessionKey: 'sk 1' }, { bindMobile: false }), '/uc/my-order')).toBe(
      '/uc/bindphone?sessionKey=sk+1&redirect=%2Fuc%2Fmy-order',
    );
    expect(afterLoginPath(loginResult({ sessionKey: 'sk' }, { bindMobile: false }), '/')).toBe('/uc/bindphone?sessionKey=sk');
  });
  it("bind phone keeps WeChat's code and state, and only safe redirect targets", () => {
    expect(bindPhonePath({ code: 'c', state: 's', sessionKey: 'k', redirect: '//evil.example' })).toBe('/uc/bindphone?code=c&state=s&sessionKey=k');
  });
  it('stored targets pass the redirect rule', () => {
    expect(safeRedirect('/about?x=1')).toBe('/about?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/uc/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('WeChat QR', () => {
  const config: WxConfig = {
    appId: 'wx123',
    redirectUrl: 'https://www.example.com/new/uc/login',
    scope: 'snsapi_login',
    style: 'black',
    state: 'st8',
    qrconnectUrl: 'https://open.weixin.qq.com/connect/qrconnect',
  };
  it("frames WeChat's page with #wechat_redirect, the sandbox without", () => {
    expect(wxQrConnectUrl(config)).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=wx123&redirect_uri=https%3A%2F%2Fwww.example.com%2Fnew%2Fuc%2Flogin&response_type=code&scope=snsapi_login&state=st8&style=black#wechat_redirect',
    );
    expect(wxQrConnectUrl({ ...config, qrconnectUrl: 'http://localhost:8080/dev/wechat/qrconnect' })).toBe(
      'http://localhost:8080/dev/wechat/qrconnect?appid=wx123&redirect_uri=https%3A%2F%2Fwww.example.com%2Fnew%2Fuc%2Flogin&response_type=code&scope=snsapi_login&state=st8&style=black',
    );
  });
  it('the state must be the stored one', () => {
    expect(wxStateMatches({ state: 'a', redirect: '/' }, 'a')).toBe(true);
    expect(wxStateMatches({ state: 'a', redirect: '/' }, 'b')).toBe(false);
    expect(wxStateMatches(null, 'a')).toBe(false);
    expect(wxStateMatches({ state: 'a', redirect: '/' }, null)).toBe(false);
  });
});
