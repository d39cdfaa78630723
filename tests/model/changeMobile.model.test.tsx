/**
 * 绑定手机 (the mobile card of 账号安全), model-based: paths from the real changeMobile machine drive
 * the real App at /uc/account-manage/security with a logged-in student. 更换手机号 opens the panel
 * (new mobile and SMS code, whose get-code link is the smsSender's), 取消 closes it; the change waits
 * on an msw gate that a path step answers: accepted (the card shows the new number, the panel closes)
 * or refused (短信验证码错误, the input stays).
 */
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { UserInfo } from '../../src/domain/account/contract';
import { smsFormErrors } from '../../src/domain/account/forms';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { maskMobile } from '../../src/domain/shared/format';
import { changeMobileMachine, type ChangeMobileData } from '../../src/machines/account/changeMobile.machine';
import { heldApp } from '../support/accountModelKit';
import { click, eventually, setInput } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { handlers, USER } from '../unit/account/account.fixtures';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/security';
type Call = 'change';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('region', { name: '绑定手机' }).querySelector('button')).toBeTruthy(),
});
const server = setupServer(answer(API_CALLS.updateBindMobile, page.held('change')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const NEW_MOBILE = '13900139000';
const CODE = '246810';
const CHANGED: UserInfo = { ...USER, mobile: NEW_MOBILE, account: maskMobile(NEW_MOBILE), bindMobile: true };

type Snap = ReturnType<typeof changeMobileMachine.getInitialSnapshot>;
const card = () => within(screen.getByRole('region', { name: '绑定手机' }));
const form = () => card().queryByRole('form', { name: '更换手机号' });
const input = (testId: string) => card().getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => document.getElementById(`${input(testId).id}-error`)!.textContent;
/** The number the card shows: the session's user, which a change updates. */
const shownMobile = (s: Snap) => maskMobile(s.context.input.user.mobile);

describeModel('changeMobile on /uc/account-manage/security', {
  machine: changeMobileMachine,
  input: { data: { user: USER } satisfies ChangeMobileData },
  start: '登录后打开 /uc/account-manage/security，看“绑定手机”卡片',
  events: [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'EDIT', field: 'mobile', value: NEW_MOBILE },
    { type: 'EDIT', field: 'code', value: CODE },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.submitMobile', output: CHANGED },
    { type: 'xstate.error.actor.submitMobile', error: new Error(ACCOUNT_TEXTS.smsCodeWrong) },
  ] as never[],
  // Fields count by how many would be refused (a path replays its own values and the checks read them).
  serializeState: (s) => JSON.stringify([s.value, Object.keys(smsFormErrors(s.context.values)).length]),
  states: {
    closed: async (s: Snap) => {
      await eventually(() => {
        expect(form()).toBeNull();
        expect(card().getByTestId('mobile-status').textContent).toBe(shownMobile(s));
      });
      expect((card().getByRole('button', { name: '更换手机号' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'open.editing': async (s: Snap) => {
      const { values, errors } = s.context;
      await eventually(() => {
        expect(form()).not.toBeNull();
        expect(input('mobile-input').value).toBe(values.mobile);
        expect(input('code-input').value).toBe(values.code);
        expect(errorOf('mobile-input')).toBe(errors.mobile ?? '');
        expect(errorOf('code-input')).toBe(errors.code ?? '');
        expect((card().getByRole('button', { name: '确认更换' }) as HTMLButtonElement).disabled).toBe(false);
      });
      expect(card().getByText('新手机号码')).toBeTruthy();
      expect((card().getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled).toBe(false);
      expect(card().queryByRole('button', { name: '更换手机号' })).toBeNull();
      expect(card().getByTestId('mobile-status').textContent).toBe(shownMobile(s));
      expect(page.pending('change')).toBeUndefined();
    },
    'open.submitting': async () => {
      await eventually(() => expect(page.pending('change')).toBeDefined());
      expect((card().getByRole('button', { name: '提交中…' }) as HTMLButtonElement).disabled).toBe(true);
      expect((card().getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled).toBe(true);
      expect(input('mobile-input').disabled).toBe(true);
    },
  },
  exec: {
    OPEN: async () => click(card().getByRole('button', { name: '更换手机号' })),
    CLOSE: async () => click(card().getByRole('button', { name: '取消' })),
    EDIT: async (e: { field: 'mobile' | 'code'; value: string }) => setInput(e.field === 'mobile' ? 'mobile-input' : 'code-input', e.value),
    SUBMIT: async () => click(card().getByRole('button', { name: '确认更换' })),
    'xstate.done.actor.submitMobile': async (e: { output: UserInfo }) => {
      await page.answer('change', () => ok(e.output));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.mobileChanged)).toBeTruthy());
    },
    'xstate.error.actor.submitMobile': async () => {
      await page.answer('change', () => fail(ACCOUNT_TEXTS.smsCodeWrong));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy());
    },
  } as never,
  setup: page.setup,
  coverage: 'transitions',
});
