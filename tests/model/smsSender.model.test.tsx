/**
 * smsSender (the 获取验证码 link with its slider captcha and the 60 s countdown), model-based: paths
 * from the real machine drive the SMS tab of the real login card on /uc/login, the form that hosts
 * it. The puzzle and the send wait on msw gates that path steps answer; fake timers stand in for the
 * countdown's ticks and end. Another tab sending a code is a `storage` event (what the browser fires
 * in every other tab); a countdown stored by an earlier page load is picked up on start.
 */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CAPTCHA_FAILED_DATA, type CaptchaSolution } from '../../src/domain/account/captcha';
import { countdownMsLeft, countdownSecondsLeft } from '../../src/domain/account/smsCountdown';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validatePhone } from '../../src/domain/account/validation';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { smsSenderMachine, type SmsSenderInput, type SmsSenderSnapshot } from '../../src/machines/account/smsSender.machine';
import { heldApp, type HeldApp } from '../support/accountModelKit';
import { advance, challenge, click, dragSlider, eventually, landingHandlers, MOBILE, setInput } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel, type ModelSuite } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const COUNTDOWN_KEY = `${STORAGE_KEYS.smsCountdownPrefix}REGISTER`;
type Call = 'loadChallenge' | 'sendCode';
const ready = () => expect(screen.getByTestId('get-code')).toBeTruthy();
const plain = heldApp<Call>({ path: '/uc/login', fakeTimers: true, ready });
// An earlier page load sent a code a moment ago.
const restored = heldApp<Call>({ path: '/uc/login', fakeTimers: true, ready, before: () => localStorage.setItem(COUNTDOWN_KEY, String(Date.now())) });
let page: HeldApp<Call> = plain;
const server = setupServer(
  ...landingHandlers,
  answer(EXTRA_CALLS.captchaChallenge, () => page.held('loadChallenge')()),
  answer(API_CALLS.sendMobileCode, () => page.held('sendCode')()),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const getCode = () => screen.getByTestId('get-code') as HTMLButtonElement;
const storedStart = () => Number(localStorage.getItem(COUNTDOWN_KEY));
const captchaStatus = () => screen.queryByTestId('slider-captcha')?.dataset.status ?? null;

/** The link's text and state, and no puzzle. */
async function expectLink(s: SmsSenderSnapshot, label: string, enabled: boolean) {
  await eventually(() => {
    expect(captchaStatus()).toBeNull();
    expect(getCode().textContent).toBe(label);
    expect(getCode().disabled).toBe(!enabled);
    expect(input('mobile-input').value).toBe(s.context.mobile);
  });
}

async function expectCaptcha(s: SmsSenderSnapshot, status: string) {
  await eventually(() => {
    expect(captchaStatus()).toBe(status);
    // The link is off while the puzzle shows.
    expect(getCode().disabled).toBe(true);
    expect(screen.queryByTestId('captcha-error')?.textContent ?? null).toBe(s.context.captchaError);
  });
}

const SOLUTION: CaptchaSolution = { challengeId: 'ch', x: 120, track: [] };

const states: ModelSuite<typeof smsSenderMachine>['states'] = {
  idle: async (s) => {
    await expectLink(s, '获取验证码', validatePhone(s.context.mobile) === null);
    expect(localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
  },
  'captcha.loading': async (s) => {
    await expectCaptcha(s, 'loading');
    await eventually(() => expect(page.pending('loadChallenge')).toBeDefined());
  },
  'captcha.showing': async (s) => {
    await expectCaptcha(s, 'ready');
    expect((screen.getByTestId('slider-handle') as HTMLButtonElement).disabled).toBe(false);
  },
  'captcha.loadFailed': async (s) => {
    await expectCaptcha(s, 'loadFailed');
    expect(screen.getByText(/验证码加载失败，请点击刷新/)).toBeTruthy();
  },
  'captcha.verifying': async (s) => {
    await expectCaptcha(s, 'verifying');
    await eventually(() => expect(page.pending('sendCode')).toBeDefined());
    expect((screen.getByTestId('captcha-close') as HTMLButtonElement).disabled).toBe(true);
  },
  countingDown: async (s) => {
    const seconds = countdownSecondsLeft(storedStart(), Date.now());
    expect(seconds).toBeGreaterThan(0);
    await expectLink(s, `${seconds}s后重新获取`, false);
  },
  resendable: async (s) => {
    await expectLink(s, '重新发送', validatePhone(s.context.mobile) === null);
    expect(localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
  },
};

const exec = {
  MOBILE_CHANGED: async (e: { mobile: string }) => setInput('mobile-input', e.mobile),
  REQUEST_CODE: async () => click(getCode()),
  'xstate.done.actor.loadChallenge': async () => page.answer('loadChallenge', () => ok(challenge())),
  'xstate.error.actor.loadChallenge': async () => page.answer('loadChallenge', () => fail('boom', 500)),
  CAPTCHA_SOLVED: async () => dragSlider(120),
  CAPTCHA_REFRESH: async () => click(screen.getByTestId('captcha-refresh')),
  CAPTCHA_CLOSE: async () => click(screen.getByTestId('captcha-close')),
  'xstate.done.actor.sendCode': async (e: { output: unknown }) => {
    await page.answer('sendCode', () => ok(e.output));
    if (e.output === true) await eventually(() => expect(screen.getByText('发送短信验证码成功，请注意查收')).toBeTruthy());
  },
  'xstate.error.actor.sendCode': async () => {
    await page.answer('sendCode', () => fail(ACCOUNT_TEXTS.smsTooFrequent));
    await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.smsTooFrequent)).toBeTruthy());
  },
  'xstate.after.tick.smsSender.countingDown': async () => advance(1000),
  'xstate.after.countdownEnd.smsSender.countingDown': async () => advance(countdownMsLeft(storedStart(), Date.now())),
  // Another tab of the site sent a code of this kind: it wrote the shared storage, and this tab hears of it.
  COUNTDOWN_STARTED_ELSEWHERE: async () => {
    const startedAt = String(Date.now());
    localStorage.setItem(COUNTDOWN_KEY, startedAt);
    window.dispatchEvent(new StorageEvent('storage', { key: COUNTDOWN_KEY, newValue: startedAt, storageArea: localStorage }));
  },
};

// The other tab's start is "now" when the paths are built, so the countdown it starts is running.
const events = [
  { type: 'MOBILE_CHANGED', mobile: MOBILE },
  { type: 'MOBILE_CHANGED', mobile: '1380013' },
  { type: 'REQUEST_CODE' },
  { type: 'xstate.done.actor.loadChallenge', output: challenge() },
  { type: 'xstate.error.actor.loadChallenge', error: Object.assign(new Error('服务器错误(500)'), { status: 500 }) },
  { type: 'CAPTCHA_SOLVED', solution: SOLUTION },
  { type: 'CAPTCHA_REFRESH' },
  { type: 'CAPTCHA_CLOSE' },
  { type: 'xstate.done.actor.sendCode', output: true },
  { type: 'xstate.done.actor.sendCode', output: CAPTCHA_FAILED_DATA },
  { type: 'xstate.error.actor.sendCode', error: Object.assign(new Error(ACCOUNT_TEXTS.smsTooFrequent), { status: 400 }) },
  { type: 'xstate.after.tick.smsSender.countingDown' },
  { type: 'xstate.after.countdownEnd.smsSender.countingDown' },
  { type: 'COUNTDOWN_STARTED_ELSEWHERE', startedAt: Date.now() },
] as never[];

const serializeState = (s: SmsSenderSnapshot) => JSON.stringify([s.value, validatePhone(s.context.mobile) === null, s.context.sentBefore]);
const INPUT: SmsSenderInput = { requestType: 'REGISTER' };

describeModel('smsSender (get-code link and slider captcha) on /uc/login', {
  machine: smsSenderMachine,
  input: INPUT,
  start: '以游客身份打开 /uc/login，停在默认的“短信登录”，看“获取验证码”',
  events,
  serializeState,
  states,
  exec: exec as never,
  setup: async () => {
    page = plain;
    return plain.setup();
  },
  coverage: 'transitions',
});

// The machine reads the stored start as it starts: the paths are built with one stored, as each path's page has.
localStorage.setItem(COUNTDOWN_KEY, String(Date.now()));
describeModel('smsSender on /uc/login with a countdown stored by an earlier page load', {
  machine: smsSenderMachine,
  input: INPUT,
  start: '以游客身份打开 /uc/login（“短信登录”），本浏览器之前已发送过验证码、倒计时未结束',
  events,
  serializeState,
  states,
  exec: exec as never,
  setup: async () => {
    page = restored;
    return restored.setup();
  },
  coverage: 'states',
});
localStorage.removeItem(COUNTDOWN_KEY);
