/**
 * The 获取验证码 link of SMS login — the real slider captcha and the persisted 60 s countdown —
 * model-based in Chromium against the server that checks the slider for real (SLIDER_PORT,
 * issue 21). Paths come from the real smsSender machine (tests/e2e/model/chromiumModel.ts): the
 * puzzle and the send are held until their step lets them through or the network drops them; a
 * drag into the hole (its x from the server's developer route) passes, one beside it fails; the
 * page's clock is moved on for the countdown; another tab really sends a code; and a second suite
 * starts from a reload during the countdown.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SLIDER_PORT } from '../../playwright.config';
import { CAPTCHA_FAILED_DATA, type CaptchaSolution } from '../../src/domain/account/captcha';
import { countdownSecondsLeft } from '../../src/domain/account/smsCountdown';
import { ACCOUNT_TEXTS, LOGIN_TEXTS, SMS_SENT_TEXT } from '../../src/domain/account/texts';
import { validatePhone } from '../../src/domain/account/validation';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import type { SmsSenderContext } from '../../src/machines/account/smsSender.machine';
import { captchaAnswer, dragSliderTo, newMobile, recordCaptchaChallenges } from './accountHelpers';
import { expect, test } from './fixtures';
import { chromiumPaths, coveringPaths, heldRoutes, loadMachine, pathTitle, runPath } from './model/chromiumModel';

test.describe.configure({ timeout: 60_000 });

const machine = await loadMachine('src/machines/account/smsSender.machine.ts', 'smsSenderMachine');
const ORIGIN = `http://127.0.0.1:${SLIDER_PORT}`;
const LOGIN_URL = `${ORIGIN}/new/uc/login`;
const COUNTDOWN_KEY = `${STORAGE_KEYS.smsCountdownPrefix}REGISTER`;

/** Stand-ins: the student's mobile (a fresh one per path), a number not finished yet, a drag into the hole and one beside it. */
const MOBILE = '13800138000';
const PARTIAL = '1380013';
const INTO_HOLE: CaptchaSolution = { challengeId: 'into-hole', x: 0, track: [] };
const BESIDE_HOLE: CaptchaSolution = { challengeId: 'beside-hole', x: 0, track: [] };

/** When the other tab's countdown starts, for the model: one reading, so every process loading this spec builds the same paths. */
const ELSEWHERE_AT = Date.now();

const event = (e: { type: string } & Record<string, unknown>): EventObject => e;
const contextOf = (s: AnyMachineSnapshot) => s.context as SmsSenderContext;

/**
 * What the student, the real server and another tab can do in each state. The server sends one
 * code per mobile a minute: once this path's mobile had one (from this tab or the other), a send
 * passing the slider is refused, however far the page's clock was moved on.
 */
function events(s: AnyMachineSnapshot): EventObject[] {
  const c = contextOf(s);
  if (s.matches('idle') || s.matches('resendable')) {
    const edits =
      c.mobile === MOBILE
        ? []
        : [event({ type: 'MOBILE_CHANGED', mobile: MOBILE }), ...(c.mobile === '' ? [event({ type: 'MOBILE_CHANGED', mobile: PARTIAL })] : [])];
    return [...edits, { type: 'REQUEST_CODE' }, event({ type: 'COUNTDOWN_STARTED_ELSEWHERE', startedAt: ELSEWHERE_AT })];
  }
  if (s.matches({ captcha: 'loading' }))
    return [
      event({ type: 'xstate.done.actor.loadChallenge', output: {} }),
      event({ type: 'xstate.error.actor.loadChallenge', error: new Error('offline') }),
      { type: 'CAPTCHA_CLOSE' },
    ];
  if (s.matches({ captcha: 'showing' }))
    return [
      event({ type: 'CAPTCHA_SOLVED', solution: INTO_HOLE }),
      event({ type: 'CAPTCHA_SOLVED', solution: BESIDE_HOLE }),
      { type: 'CAPTCHA_REFRESH' },
      { type: 'CAPTCHA_CLOSE' },
    ];
  if (s.matches({ captcha: 'loadFailed' })) return [{ type: 'CAPTCHA_REFRESH' }, { type: 'CAPTCHA_CLOSE' }];
  if (s.matches({ captcha: 'verifying' })) {
    if (c.solution?.challengeId === BESIDE_HOLE.challengeId) return [event({ type: 'xstate.done.actor.sendCode', output: CAPTCHA_FAILED_DATA })];
    return [
      c.sentBefore
        ? event({ type: 'xstate.error.actor.sendCode', error: new Error(ACCOUNT_TEXTS.smsTooFrequent) })
        : event({ type: 'xstate.done.actor.sendCode', output: true }),
    ];
  }
  if (s.matches('countingDown')) return [{ type: 'xstate.after.tick.smsSender.countingDown' }, { type: 'xstate.after.countdownEnd.smsSender.countingDown' }];
  return [];
}

// How the drag went matters only while its send is held.
const serializeState = (s: AnyMachineSnapshot) => {
  const c = contextOf(s);
  return JSON.stringify([s.value, c.mobile, c.sentBefore, s.matches({ captcha: 'verifying' }) ? c.solution?.challengeId : null]);
};

// Every step any path takes, replayed by as few paths as take them all.
const fresh = coveringPaths(chromiumPaths({ machine, input: { requestType: 'REGISTER' }, events, serializeState, coverage: 'transitions' }));

/** After the reload: what the countdown does on its own (the puzzle is the same as on a fresh page). */
const countdownEvents = (s: AnyMachineSnapshot) => events(s).filter((e) => e.type.startsWith('xstate.after.') || e.type === 'MOBILE_CHANGED');

// After a reload during the countdown the machine starts from the stored start (read from
// localStorage as it starts): the paths are built with one stored a moment ago, as the page has it.
const storage = globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> };
storage.localStorage = { getItem: (key) => (key === COUNTDOWN_KEY ? String(Date.now()) : null), setItem: () => undefined, removeItem: () => undefined };
const reloaded = coveringPaths(
  chromiumPaths({ machine, input: { requestType: 'REGISTER' }, events: countdownEvents, serializeState, coverage: 'transitions' }),
);
delete storage.localStorage;

test('the smsSender machine gives Chromium a path into every state, the puzzle passed, failed and not loaded, and a countdown adopted from another tab', () => {
  const reached = new Set(fresh.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))));
  expect([...reached].sort()).toEqual(
    [
      '"countingDown"',
      '"idle"',
      '"resendable"',
      '{"captcha":"loadFailed"}',
      '{"captcha":"loading"}',
      '{"captcha":"showing"}',
      '{"captcha":"verifying"}',
    ].sort(),
  );
  const entries = new Set(fresh.flatMap((p) => p.steps.map((step) => step.event.type)));
  for (const type of [
    'COUNTDOWN_STARTED_ELSEWHERE',
    'xstate.error.actor.sendCode',
    'xstate.error.actor.loadChallenge',
    'xstate.after.countdownEnd.smsSender.countingDown',
  ])
    expect(entries).toContain(type);
  expect(reloaded.every((p) => p.steps[0]!.state.matches('countingDown'))).toBe(true);
  expect(reloaded.some((p) => p.state.matches('resendable'))).toBe(true);
});

/** The page's clock: the countdown's time, moved on by the steps that wait for it. */
const pageNow = (page: Page) => page.evaluate(() => Date.now());
const storedStart = (page: Page) => page.evaluate((key) => localStorage.getItem(key), COUNTDOWN_KEY);

/** Sends a code for `mobile` as a student does on /uc/login: the link, the puzzle dragged into its hole, the toast. */
async function sendCodeOn(page: Page, mobile: string, challenges: ReturnType<typeof recordCaptchaChallenges>): Promise<void> {
  await page.getByTestId('mobile-input').fill(mobile);
  await page.getByTestId('get-code').click();
  await dragSliderTo(page, await captchaAnswer(page, challenges, ORIGIN));
  await expect(page.getByText(SMS_SENT_TEXT)).toBeVisible();
}

const suites = [
  { name: 'on /uc/login', paths: fresh, reload: false },
  { name: 'after a reload during the countdown', paths: reloaded, reload: true },
];

for (const suite of suites) {
  test.describe(`smsSender in Chromium ${suite.name}`, () => {
    for (const path of suite.paths) {
      test(pathTitle(path), async ({ page }) => {
        const mobile = newMobile();
        const real = (value: string) => (value === MOBILE ? mobile : value);
        const challenges = recordCaptchaChallenges(page);
        /** This student's number had a code, from this tab or the other (the server sends it no other within the minute). */
        let numberHadCode = suite.reload;
        await page.clock.install();
        if (suite.reload) {
          // The student sent a code on this page a moment ago, then reloaded it.
          await page.goto(LOGIN_URL);
          await sendCodeOn(page, mobile, challenges);
        }
        const held = heldRoutes(page, { challenge: '**/captcha/front/api/slider/challenge*', send: '**/sms/sendMobileCodeCaptchaVerify' });
        await held.ready();
        if (suite.reload) await page.reload();
        else await page.goto(LOGIN_URL);

        const getCode = page.getByTestId('get-code');
        const captcha = page.getByTestId('slider-captcha');
        /** The link with its text, enabled for a valid number, no puzzle, and the number typed. */
        const expectLink = async (s: AnyMachineSnapshot, label: string, enabled: boolean) => {
          await expect(captcha).toHaveCount(0);
          await expect(getCode).toHaveText(label);
          await (enabled ? expect(getCode).toBeEnabled() : expect(getCode).toBeDisabled());
          await expect(page.getByTestId('mobile-input')).toHaveValue(real(contextOf(s).mobile));
        };
        const expectCaptcha = async (s: AnyMachineSnapshot, status: string) => {
          await expect(captcha).toHaveAttribute('data-status', status);
          // The link is off while the puzzle shows.
          await expect(getCode).toBeDisabled();
          const error = contextOf(s).captchaError;
          await (error ? expect(page.getByTestId('captcha-error')).toHaveText(error) : expect(page.getByTestId('captcha-error')).toHaveCount(0));
        };
        const phoneValid = (s: AnyMachineSnapshot) => validatePhone(contextOf(s).mobile) === null;

        await runPath(
          path,
          {
            idle: async (s) => {
              await expectLink(s, '获取验证码', phoneValid(s));
              expect(await storedStart(page)).toBeNull();
            },
            'captcha.loading': async (s) => {
              await expectCaptcha(s, 'loading');
              await expect.poll(() => held.isHeld('challenge')).toBe(true);
            },
            'captcha.showing': async (s) => {
              await expectCaptcha(s, 'ready');
              await expect(page.getByTestId('slider-handle')).toBeEnabled();
            },
            'captcha.loadFailed': async (s) => {
              await expectCaptcha(s, 'loadFailed');
              await expect(captcha.getByText(LOGIN_TEXTS.captchaLoadFailed)).toBeVisible();
            },
            'captcha.verifying': async (s) => {
              await expectCaptcha(s, 'verifying');
              await expect.poll(() => held.isHeld('send')).toBe(true);
              await expect(page.getByTestId('captcha-close')).toBeDisabled();
            },
            // The seconds left come from the stored start, on the page's clock (a reload shows the same).
            countingDown: async (s) => {
              await expect(captcha).toHaveCount(0);
              await expect(getCode).toBeDisabled();
              await expect
                .poll(async () => {
                  const start = Number(await storedStart(page));
                  const label = (await getCode.textContent()) ?? '';
                  return start > 0 && label === `${countdownSecondsLeft(start, await pageNow(page))}s后重新获取`;
                })
                .toBe(true);
              await expect(page.getByTestId('mobile-input')).toHaveValue(real(contextOf(s).mobile));
            },
            resendable: async (s) => {
              await expectLink(s, '重新发送', phoneValid(s));
              expect(await storedStart(page)).toBeNull();
            },
          },
          {
            MOBILE_CHANGED: async (e) => page.getByTestId('mobile-input').fill(real((e as unknown as { mobile: string }).mobile)),
            REQUEST_CODE: async () => getCode.click(),
            'xstate.done.actor.loadChallenge': async () => held.pass('challenge'),
            'xstate.error.actor.loadChallenge': async () => held.drop('challenge'),
            CAPTCHA_SOLVED: async (e) => {
              const { solution } = e as unknown as { solution: CaptchaSolution };
              const hole = await captchaAnswer(page, challenges, ORIGIN);
              // Beside the hole: far enough that no tolerance lets it pass.
              await dragSliderTo(page, solution.challengeId === INTO_HOLE.challengeId ? hole : hole > 120 ? 5 : hole + 100);
            },
            CAPTCHA_REFRESH: async () => page.getByTestId('captcha-refresh').click(),
            CAPTCHA_CLOSE: async () => page.getByTestId('captcha-close').click(),
            'xstate.done.actor.sendCode': async (e) => {
              await held.pass('send');
              if ((e as unknown as { output: unknown }).output !== true) return;
              await expect(page.getByText(SMS_SENT_TEXT)).toBeVisible();
              numberHadCode = true;
            },
            'xstate.error.actor.sendCode': async () => {
              await held.pass('send');
              await expect(page.getByText(ACCOUNT_TEXTS.smsTooFrequent)).toBeVisible();
            },
            'xstate.after.tick.smsSender.countingDown': async () => {
              const before = await getCode.textContent();
              await page.clock.fastForward(1000);
              await expect(getCode).not.toHaveText(before ?? '');
            },
            'xstate.after.countdownEnd.smsSender.countingDown': async () => {
              const start = Number(await storedStart(page));
              await page.clock.fastForward(Math.max(0, start + 60_000 - (await pageNow(page))));
            },
            // Another tab of the site, on the same clock, sends a code: to this student's number
            // when it had none yet (the server would refuse it a second one within the minute).
            COUNTDOWN_STARTED_ELSEWHERE: async () => {
              const other = await page.context().newPage();
              const otherChallenges = recordCaptchaChallenges(other);
              await other.clock.install({ time: await pageNow(page) });
              await other.goto(LOGIN_URL);
              await sendCodeOn(other, numberHadCode ? newMobile() : mobile, otherChallenges);
              numberHadCode = true;
              await other.close();
            },
          },
        );
      });
    }
  });
}
