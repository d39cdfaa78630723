/**
 * 账号安全's page data, model-based: paths from the real securityPage machine drive the real App at
 * /uc/account-manage/security with a logged-in student. The bind-status call waits on an msw gate
 * that a path step answers: with or without a password and WeChat, or refused (重新加载 tries again).
 */
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { WeChatBindStatus } from '../../src/domain/account/contract';
import { API_CALLS } from '../../src/domain/calls';
import { securityPageMachine } from '../../src/machines/account/securityPage.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { heldApp } from '../support/accountModelKit';
import { click, eventually } from '../support/loginKit';
import { fail, ok, answer } from '../support/msw';
import { handlers, USER } from '../unit/account/account.fixtures';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/security';
type Call = 'status';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('heading', { level: 1, name: '账号安全' })).toBeTruthy(),
});
const server = setupServer(answer(API_CALLS.getWeChatBindStatus, page.held('status')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const WITH_PASSWORD: WeChatBindStatus = { bound: false, nickname: null, hasPassword: true };
const WECHAT_ONLY: WeChatBindStatus = { bound: true, nickname: '老微信', hasPassword: false };

type Snap = ReturnType<typeof securityPageMachine.getInitialSnapshot>;
const content = () => within(screen.getByRole('region', { name: '账号安全' }));
const card = (name: string) => within(screen.getByRole('region', { name }));

describeModel('securityPage on /uc/account-manage/security', {
  machine: securityPageMachine,
  start: '登录后打开 /uc/account-manage/security（账号安全）',
  events: [
    { type: 'xstate.done.actor.load', output: WITH_PASSWORD },
    { type: 'xstate.done.actor.load', output: WECHAT_ONLY },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.data?.hasPassword ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(page.pending('status')).toBeDefined());
      expect(content().getByRole('status').textContent).toContain('加载中…');
      expect(screen.queryByRole('region', { name: '登录密码' })).toBeNull();
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    loaded: async (s: Snap) => {
      const data = s.context.data!;
      await eventually(() => expect(screen.getByRole('region', { name: '登录密码' })).toBeTruthy());
      // The password card starts from hasPassword, the WeChat card from the rest; the mobile card from the session's user.
      const password = card('登录密码');
      expect(password.getByRole('button', { name: data.hasPassword ? '修改密码' : '设置密码' })).toBeTruthy();
      expect(password.getByText(data.hasPassword ? '已设置' : '未设置密码')).toBeTruthy();
      expect(password.queryByLabelText(/^原密码/) !== null).toBe(data.hasPassword);
      expect(card('微信账号').getByTestId('wechat-status').textContent).toBe(data.bound ? `已绑定：${data.nickname}` : '未绑定');
      expect(card('绑定手机').getByTestId('mobile-status').textContent).toBe('138****8000');
      expect(screen.queryByTestId('error-state')).toBeNull();
      expect(content().queryByRole('status')).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state')).toBeTruthy());
      expect(within(screen.getByTestId('error-state')).getByText(s.context.error!)).toBeTruthy();
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: '登录密码' })).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: WeChatBindStatus }) => page.answer('status', () => ok(e.output)),
    'xstate.error.actor.load': async (e: { error: ApiError }) => page.answer('status', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': '账号安全 has no reload control: the view sends RETRY from the error only (SecurityView.tsx)',
  },
});
