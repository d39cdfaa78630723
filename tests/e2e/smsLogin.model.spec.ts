/**
 * SMS login (免费注册 too), model-based in Chromium against the real server (issue 21): paths from
 * the real smsLogin machine (tests/e2e/model/chromiumModel.ts) on /uc/login. A new student types
 * the number, gets a code (the get-code link and its puzzle: smsSender.model.spec.ts) and types
 * the code the server sent or a wrong one, ticks or forgets the agreement, and logs in; the login
 * is held until its step lets it through, and the server decides it.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { LoginResult, UserInfo } from '../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import type { FormFlowContext } from '../../src/machines/account/form/formFlow';
import { expectSessionCookie, newMobile, otherThan, passCaptchaInTestMode, sendCodeHere } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { chromiumPaths, coveringPaths, heldRoutes, loadMachine, pathTitle, runPath } from './model/chromiumModel';

test.describe.configure({ timeout: 60_000 });

const machine = await loadMachine('src/machines/account/smsLogin.machine.ts', 'smsLoginMachine');

/** Stand-ins the steps turn into the real values: the student's number, the code the server sent, a code it never sent. */
const MOBILE = '13800138000';
const PARTIAL = '12345';
const RIGHT_CODE = '000000';
const WRONG_CODE = '999999';
const FIELDS = { mobile: 'mobile-input', code: 'code-input' } as const;
type Field = keyof typeof FIELDS;
type Context = FormFlowContext<Record<Field, string>>;
const contextOf = (s: AnyMachineSnapshot) => s.context as Context;

/** A stand-in for the session the server issues (a new student, a mobile bound). */
const RESULT: LoginResult = { token: 'issued', expirationTimestamp: 0, userinfo: { mobile: MOBILE } as UserInfo };

const event = (e: { type: string } & Record<string, unknown>): EventObject => e;
const edit = (field: Field, value: string) => event({ type: 'EDIT', field, value });

/** The number first (or a short one, or nothing: the checks say why), one code, the agreement, then the server. */
function events(s: AnyMachineSnapshot): EventObject[] {
  const { values, agreed } = contextOf(s);
  if (s.matches('editing')) {
    if (values.mobile !== MOBILE) return [edit('mobile', MOBILE), ...(values.mobile === '' ? [edit('mobile', PARTIAL)] : []), { type: 'SUBMIT' }];
    if (values.code === '') return [edit('code', RIGHT_CODE), edit('code', WRONG_CODE)];
    return agreed ? [{ type: 'SUBMIT' }] : [event({ type: 'AGREEMENT_CHANGED', agreed: true }), { type: 'SUBMIT' }];
  }
  if (s.matches('agreementPrompt'))
    return [{ type: 'xstate.after.AGREEMENT_SHAKE.smsLogin.agreementPrompt' }, event({ type: 'AGREEMENT_CHANGED', agreed: true })];
  if (s.matches('submitting'))
    return [
      values.code === RIGHT_CODE
        ? event({ type: 'xstate.done.actor.login', output: RESULT })
        : event({ type: 'xstate.error.actor.login', error: new Error(ACCOUNT_TEXTS.smsCodeWrong) }),
    ];
  return [];
}

const paths = coveringPaths(
  chromiumPaths({
    machine,
    input: { agreed: false, target: '/about' },
    events,
    serializeState: (s) => {
      const { values, agreed, errors, agreementPrompt } = contextOf(s);
      return JSON.stringify([s.value, values, agreed, Object.keys(errors), agreementPrompt]);
    },
    coverage: 'transitions',
  }),
);

test('the smsLogin machine gives Chromium a path through every state, the code refused and the agreement forgotten', () => {
  const reached = new Set(paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))));
  expect([...reached].sort()).toEqual(['"agreementPrompt"', '"done"', '"editing"', '"submitting"']);
  const taken = new Set(paths.flatMap((p) => p.steps.map((step) => step.event.type)));
  for (const type of ['xstate.error.actor.login', 'xstate.after.AGREEMENT_SHAKE.smsLogin.agreementPrompt', 'AGREEMENT_CHANGED']) expect(taken).toContain(type);
});

for (const path of paths) {
  test(`smsLogin in Chromium: ${pathTitle(path)}`, async ({ page }) => {
    const mobile = newMobile();
    let sentCode = '';
    const real = (field: Field, value: string) =>
      field === 'mobile' ? (value === MOBILE ? mobile : value) : value === RIGHT_CODE ? sentCode : value === WRONG_CODE ? otherThan(sentCode) : value;
    await passCaptchaInTestMode(page);
    const held = heldRoutes(page, { login: '**/login/loginBySms' });
    await held.ready();
    await gotoApp(page, '/uc/login?redirect=%2Fabout');

    const input = (field: Field) => page.getByTestId(FIELDS[field]);
    const errorOf = async (field: Field) => page.locator(`#${await input(field).getAttribute('id')}-error`);
    const agreement = page.getByTestId('agreement');
    const prompt = page.getByTestId('agreement-prompt');
    const submit = page.getByTestId('login-submit');
    /** The fields, their messages, the tick and the prompt show what the machine holds. */
    const expectForm = async (s: AnyMachineSnapshot, shaking: boolean) => {
      const c = contextOf(s);
      for (const field of Object.keys(FIELDS) as Field[]) {
        await expect(input(field)).toHaveValue(real(field, c.values[field]));
        await expect(await errorOf(field)).toHaveText(c.errors[field] ?? '');
      }
      await (c.agreed ? expect(agreement).toBeChecked() : expect(agreement).not.toBeChecked());
      await (c.agreementPrompt ? expect(prompt).toHaveText('请阅读并勾选用户协议和隐私政策') : expect(prompt).toHaveCount(0));
      await expect(page.locator('.xt-shake')).toHaveCount(shaking ? 1 : 0);
      await expect(submit).toBeEnabled();
      expect(held.isHeld('login')).toBe(false);
    };

    await runPath(
      path,
      {
        editing: async (s) => expectForm(s, false),
        agreementPrompt: async (s) => expectForm(s, true),
        submitting: async () => {
          await expect(submit).toHaveText('登录中…');
          await expect(submit).toBeDisabled();
          await expect.poll(() => held.isHeld('login')).toBe(true);
        },
        done: async () => {
          await expect(page).toHaveURL(/\/new\/about$/);
          await expect(page.getByText(ACCOUNT_TEXTS.loginSuccess)).toBeVisible();
          await expect(page.getByTestId('header-user')).toHaveText(`学员${mobile.slice(-4)}`);
          await expectSessionCookie(page);
        },
      },
      {
        EDIT: async (e) => {
          const { field, value } = e as unknown as { field: Field; value: string };
          if (field === 'code') sentCode = await sendCodeHere(page, mobile);
          await input(field).fill(real(field, value));
        },
        AGREEMENT_CHANGED: async () => agreement.check(),
        SUBMIT: async () => submit.click(),
        // The shake lasts AGREEMENT_SHAKE_MS on the page's own clock: the step is over when it stopped.
        'xstate.after.AGREEMENT_SHAKE.smsLogin.agreementPrompt': async () => expect(page.locator('.xt-shake')).toHaveCount(0),
        'xstate.done.actor.login': async () => held.pass('login'),
        // Refused by the server (a code it did not send): it says why, and the form stays (editing's check).
        'xstate.error.actor.login': async () => {
          await held.pass('login');
          await expect(page.getByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeVisible();
        },
      },
    );
  });
}
