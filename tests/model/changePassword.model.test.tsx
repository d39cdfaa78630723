/**
 * 登录密码 (the password card of 账号安全), model-based: paths from the real changePassword machine
 * drive the real App at /uc/account-manage/security with a logged-in student whose bind status says
 * whether the account has a password (修改密码 with the old one) or not (设置密码). The update call
 * waits on an msw gate that a path step answers: accepted (the card turns into an empty 修改密码) or
 * refused (原密码错误, the fields stay).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { passwordChangeErrors } from '../../src/domain/account/forms';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { changePasswordMachine, type ChangePasswordInput, type PasswordField } from '../../src/machines/account/changePassword.machine';
import { heldApp } from '../support/accountModelKit';
import { click, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { handlers, USER } from '../unit/account/account.fixtures';
import { describeModel, type ModelSuite } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/security';
let hasPassword = true;
type Call = 'update';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('region', { name: '登录密码' })).toBeTruthy(),
});
const server = setupServer(
  answer(API_CALLS.updatePwd, page.held('update')),
  answer(API_CALLS.getWeChatBindStatus, () => ok({ bound: false, nickname: null, hasPassword })),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const LABELS: Record<PasswordField, string> = { oldPassword: '原密码', newPassword: '新密码', confirmPassword: '确认新密码' };
const WRONG_OLD = '原密码错误';

type Snap = ReturnType<typeof changePasswordMachine.getInitialSnapshot>;
const card = () => within(screen.getByRole('region', { name: '登录密码' }));
const field = (f: PasswordField) => card().getByLabelText(new RegExp(`^${LABELS[f]}`)) as HTMLInputElement;
/** The message Fluent's Field ties to its input. */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

async function setField(f: PasswordField, value: string) {
  await act(async () => {
    fireEvent.change(field(f), { target: { value: value === 'x' ? 'y' : 'x' } });
    fireEvent.change(field(f), { target: { value } });
  });
}

const states: ModelSuite<typeof changePasswordMachine>['states'] = {
  editing: async (s: Snap) => {
    const { hasPassword: has, values, errors } = s.context;
    const title = has ? '修改密码' : '设置密码';
    await eventually(() => {
      expect((card().getByRole('button', { name: title }) as HTMLButtonElement).disabled).toBe(false);
      expect(card().getByText(has ? '已设置' : '未设置密码')).toBeTruthy();
      // 设置密码 asks for no old password.
      expect(card().queryByLabelText(/^原密码/) !== null).toBe(has);
      for (const f of (has ? ['oldPassword', 'newPassword', 'confirmPassword'] : ['newPassword', 'confirmPassword']) as PasswordField[]) {
        expect(field(f).value).toBe(values[f]);
        expect(messageOf(field(f))).toBe(errors[f] ?? '');
      }
    });
    expect(page.pending('update')).toBeUndefined();
  },
  submitting: async (s: Snap) => {
    await eventually(() => expect(page.pending('update')).toBeDefined());
    const button = card().getByRole('button', { name: '提交中…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(field('newPassword').value).toBe(s.context.values.newPassword);
  },
};

const exec = {
  EDIT: async (e: { field: PasswordField; value: string }) => setField(e.field, e.value),
  SUBMIT: async () => click(card().getByRole('button', { name: /修改密码|设置密码/ })),
  'xstate.done.actor.submitPassword': async () => {
    await page.answer('update', () => ok(null));
    await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.passwordChanged)).toBeTruthy());
  },
  'xstate.error.actor.submitPassword': async () => {
    await page.answer('update', () => fail(WRONG_OLD));
    await eventually(() => expect(screen.getByText(WRONG_OLD)).toBeTruthy());
  },
};

/** The old password's edit only where the card shows that field. */
const events = (s: Snap) =>
  [
    ...(s.context.hasPassword ? [{ type: 'EDIT', field: 'oldPassword', value: 'abc123' }] : []),
    { type: 'EDIT', field: 'newPassword', value: 'abc12345' },
    { type: 'EDIT', field: 'confirmPassword', value: 'abc12345' },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.submitPassword', output: undefined },
    { type: 'xstate.error.actor.submitPassword', error: new Error(WRONG_OLD) },
  ] as never[];

// Fields count by how many would be refused: a path replays its own values and the checks read them.
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.hasPassword, Object.keys(passwordChangeErrors(s.context.values, s.context.hasPassword)).length]);

const suite = (has: boolean, coverage: 'states' | 'transitions') => ({
  machine: changePasswordMachine,
  input: { hasPassword: has } satisfies ChangePasswordInput,
  start: `登录后打开 /uc/account-manage/security，${has ? '账号已设置密码（“修改密码”）' : '账号尚未设置密码（“设置密码”）'}`,
  events,
  serializeState,
  states,
  exec: exec as never,
  setup: async () => {
    hasPassword = has;
    return page.setup();
  },
  coverage,
});

// Both take the same transitions: the second only shows that 设置密码 reaches every state too.
describeModel('changePassword (修改密码) on /uc/account-manage/security', suite(true, 'transitions'));
describeModel('changePassword (设置密码, no password yet) on /uc/account-manage/security', suite(false, 'states'));
