/**
 * 找回密码 with the automatic login, model-based in Chromium against the real server (issue 21):
 * the paths come from the real forgotPassword machine (tests/e2e/model/chromiumModel.ts), one for
 * each state and each way into it. A new student registers, signs out, and resets the password
 * with the code the server really sent (or a wrong one, which the server refuses); the reset and
 * the automatic login are held until their step lets them through, or the network drops the login.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { SMS_PER_MOBILE_INTERVAL_SECONDS } from '../../src/domain/account/limits';
import { expectSessionCookie, otherThan, passCaptchaInTestMode, registerByApi, sendCodeHere } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { chromiumPaths, heldRoutes, loadMachine, pathTitle, runPath } from './model/chromiumModel';

// In order, one worker: the students made before them are this worker's.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const machine = await loadMachine('src/machines/account/forgotPassword.machine.ts', 'forgotPasswordMachine');

/** Stand-ins the steps turn into the real values: the student's mobile, the code the server sent, a code it never sent. */
const MOBILE = '13800138000';
const RIGHT_CODE = '000000';
const WRONG_CODE = '999999';
const PASSWORD = 'Xuetu2026!';
const FIELDS = { mobile: 'mobile-input', code: 'code-input', password: 'password-input', confirm: 'confirm-input' } as const;
type Field = keyof typeof FIELDS;
type Values = Record<Field, string>;
const valuesOf = (s: AnyMachineSnapshot) => (s.context as { values: Values }).values;

const event = (e: { type: string } & Record<string, unknown>): EventObject => e;
const edit = (field: Field, value: string) => event({ type: 'EDIT', field, value });

/** The form is filled in order (mobile, then a code, then the password twice); the server decides the rest. */
function events(s: AnyMachineSnapshot): EventObject[] {
  const v = valuesOf(s);
  if (s.matches('editing')) {
    if (v.mobile !== MOBILE) return [edit('mobile', MOBILE)];
    if (v.code === '') return [edit('code', RIGHT_CODE), edit('code', WRONG_CODE)];
    if (v.password === '') return [edit('password', PASSWORD)];
    if (v.confirm === '') return [edit('confirm', PASSWORD)];
    return [{ type: 'SUBMIT' }];
  }
  if (s.matches('submitting'))
    return [
      v.code === RIGHT_CODE
        ? event({ type: 'xstate.done.actor.resetPassword', output: undefined })
        : event({ type: 'xstate.error.actor.resetPassword', error: new Error(ACCOUNT_TEXTS.smsCodeWrong) }),
    ];
  if (s.matches('submitted')) return [{ type: 'xstate.after.FOLLOW_UP.forgotPassword.submitted' }];
  if (s.matches('followingUp'))
    return [event({ type: 'xstate.done.actor.login', output: {} }), event({ type: 'xstate.error.actor.login', error: new Error('offline') })];
  return [];
}

// One path to each state by each event that enters it: enough to see every screen of the flow in a real browser.
const generated = chromiumPaths({ machine, events, serializeState: (s) => JSON.stringify([s.value, valuesOf(s)]), coverage: 'transitions' });
const paths = [...new Map(generated.map((p) => [`${JSON.stringify(p.state.value)} ${p.steps.at(-1)!.event.type}`, p])).values()];

/**
 * One registered student per path, made before the paths run: a mobile may ask for one SMS a
 * minute (SMS_PER_MOBILE_INTERVAL_SECONDS), and the reset asks for another, so the paths start
 * once that minute has passed since the last registration.
 */
const students: string[] = [];

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.77.${testInfo.workerIndex % 250}.1` } });
  try {
    for (let i = 0; i < paths.length; i++) students.push((await registerByApi(request)).mobile);
  } finally {
    await request.dispose();
  }
  await new Promise((resolve) => setTimeout(resolve, (SMS_PER_MOBILE_INTERVAL_SECONDS + 1) * 1000));
});

test('the forgotPassword machine gives Chromium a path into every state, and back to the form from a refused reset', () => {
  const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
  expect([...reached].sort()).toEqual(['"done"', '"editing"', '"followUpFailed"', '"followingUp"', '"submitted"', '"submitting"']);
  expect(paths.some((p) => p.steps.at(-1)!.event.type === 'xstate.error.actor.resetPassword')).toBe(true);
});

for (const [n, path] of paths.entries()) {
  test(`forgotPassword in Chromium: ${pathTitle(path)}`, async ({ page }) => {
    const mobile = students[n]!;
    await passCaptchaInTestMode(page);
    const held = heldRoutes(page, { reset: '**/account/forgetPwd', login: '**/login/loginByPwd' });
    await held.ready();
    await gotoApp(page, '/uc/forgot-password');
    let sentCode = '';
    const real = (field: Field, value: string) =>
      field === 'mobile' && value === MOBILE
        ? mobile
        : field === 'code'
          ? value === RIGHT_CODE
            ? sentCode
            : value === WRONG_CODE
              ? otherThan(sentCode)
              : value
          : value;
    const input = (field: Field) => page.getByTestId(FIELDS[field]);
    const submit = page.getByTestId('reset-submit');
    const autoLogin = page.getByText('正在为您自动登录…');

    await runPath(
      path,
      {
        editing: async (s) => {
          const v = valuesOf(s);
          for (const field of Object.keys(FIELDS) as Field[]) await expect(input(field)).toHaveValue(real(field, v[field]));
          await expect(submit).toBeEnabled();
          // Refused by the server (a code it did not send): it says why, and the form stays.
          if (v.code === WRONG_CODE && (s.context as { checked: boolean }).checked) await expect(page.getByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeVisible();
        },
        submitting: async () => {
          await expect(submit).toHaveText('提交中…');
          await expect(submit).toBeDisabled();
        },
        submitted: async () => {
          await expect(page.getByText(ACCOUNT_TEXTS.passwordReset)).toBeVisible();
          await expect(autoLogin).toBeVisible();
        },
        followingUp: async () => {
          await expect(autoLogin).toBeVisible();
          expect(held.isHeld('login')).toBe(true);
        },
        followUpFailed: async () => {
          await expect(page.getByTestId('auto-login-failed')).toBeVisible();
          await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /\/uc\/login$/);
        },
        done: async () => {
          await expect(page).toHaveURL(/\/new\/$/);
          await expectSessionCookie(page);
        },
      },
      {
        EDIT: async (e) => {
          const { field, value } = e as unknown as { field: Field; value: string };
          if (field === 'code') sentCode = await sendCodeHere(page, mobile);
          await input(field).fill(real(field, value));
        },
        SUBMIT: async () => submit.click(),
        'xstate.done.actor.resetPassword': async () => held.pass('reset'),
        'xstate.error.actor.resetPassword': async () => held.pass('reset'),
        // The page waits its 0.8 s by itself: the step is over when the login is asked for.
        'xstate.after.FOLLOW_UP.forgotPassword.submitted': async () => expect.poll(() => held.isHeld('login')).toBe(true),
        'xstate.done.actor.login': async () => held.pass('login'),
        'xstate.error.actor.login': async () => held.drop('login'),
      },
    );
  });
}
