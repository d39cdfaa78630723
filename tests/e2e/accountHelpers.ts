/** Helpers for the accounts e2e tests: the slider captcha, SMS codes, logins. */
import type { APIRequestContext, Page } from '@playwright/test';
import { CAPTCHA_SCENES, CAPTCHA_TEST_PASS, type CaptchaChallenge } from '../../src/domain/account/captcha';
import { ACCOUNT_CALLS, ACCOUNT_EXTRA_CALLS } from '../../src/domain/account/calls';
import type { LoginResult } from '../../src/domain/account/contract';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { rsaEncrypt } from '../../server/shared/rsa';
import { expect, gotoApp } from './fixtures';

/** Keeps its password for the whole run: tests that need a known login use this one. */
export const DEMO = { mobile: '13800138000', password: 'xuetu123', nickname: '学途同学' } as const;
/** The forgot-password test changes this one's password mid-run: don't log in with `password` after it. */
export const DEMO_2 = { mobile: '13900139000', password: 'xuetu123', nickname: '备考小园丁' } as const;

let mobileSeq = 0;
/**
 * A fresh mobile number no other test of the run uses: 15, the Playwright worker's index (unique
 * in a run, 2 digits) and this worker's count (7 digits). Each run has a fresh database.
 */
export function newMobile(): string {
  mobileSeq += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;
  return `15${String(worker).padStart(2, '0')}${String(mobileSeq).padStart(7, '0')}`;
}

/**
 * The e2e server runs with CAPTCHA_MODE=test, where only `test-pass` passes. The test still drives
 * the real slider; this rewrites the solution the page sends, leaving everything else untouched.
 */
export async function passCaptchaInTestMode(page: Page): Promise<void> {
  await page.route('**/usercenter/front/api/sms/sendMobileCodeCaptchaVerify', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, captchaVerifyParam: CAPTCHA_TEST_PASS }),
      headers: { ...route.request().headers(), 'content-type': 'application/json' },
    });
  });
}

/**
 * Records every slider challenge the page loads. Call it before the page asks for one; then
 * `captchaAnswer` tells where the hole of the one on screen is.
 */
export function recordCaptchaChallenges(page: Page): { challenges: CaptchaChallenge[] } {
  const record = { challenges: [] as CaptchaChallenge[] };
  page.on('response', (response) => {
    if (!response.url().includes(ACCOUNT_EXTRA_CALLS.captchaChallenge.path) || !response.ok()) return;
    response
      .json()
      .then((body: { data?: CaptchaChallenge }) => {
        if (body.data?.challengeId) record.challenges.push(body.data);
      })
      .catch(() => undefined);
  });
  return record;
}

/**
 * The x of the hole of the challenge on screen, from the server's developer route (GET
 * /dev/captcha-answer, outside production with the SMS outbox only). The picture is made to
 * resist image matching (issue 17), so the tests no longer find the hole by looking: they ask.
 */
export async function captchaAnswer(page: Page, record: { challenges: CaptchaChallenge[] }, origin?: string): Promise<number> {
  const base = origin ?? new URL(page.url()).origin;
  const piece = page.getByTestId('captcha-piece');
  const found: { x: number | null } = { x: null };
  // The challenge on screen is the recorded one with the same piece; a used one (the puzzle of a
  // failed drop, still shown while the next one loads) has no answer any more: wait for the next.
  await expect
    .poll(async () => {
      const shown = await piece.getAttribute('src');
      const challenge = record.challenges.find((c) => c.piece === shown);
      if (!challenge) return null;
      const res = await page.request.get(`${base}/dev/captcha-answer?challengeId=${encodeURIComponent(challenge.challengeId)}`);
      found.x = ((await res.json()) as { data: { x: number | null } }).data.x;
      return found.x;
    })
    .not.toBeNull();
  return found.x!;
}

/**
 * Drags the slider handle like a hand does: pressed, moved in 30-40 steps that speed up and slow
 * down (ease in-out) with a little vertical wobble over ~0.5 s, held a moment, released. The
 * server refuses a drag at one constant speed (captcha.queries.ts, trackProblem).
 */
export async function dragSliderTo(page: Page, holeX: number): Promise<void> {
  const handle = page.getByTestId('slider-handle');
  await expect(handle).toBeEnabled();
  const stageImg = page.getByTestId('slider-captcha').locator('img').first();
  const natural = await stageImg.evaluate((img: HTMLImageElement) => img.naturalWidth);
  const shown = (await stageImg.boundingBox())!.width;
  const distance = holeX * (shown / natural);
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.waitForTimeout(60 + Math.random() * 60);
  const steps = 30 + Math.floor(Math.random() * 10);
  for (let s = 1; s <= steps; s++) {
    const p = s / steps;
    const eased = p < 0.5 ? 4 * p ** 3 : 1 - (-2 * p + 2) ** 3 / 2;
    const wobble = s === steps ? 0 : (Math.random() - 0.5) * 3;
    await page.mouse.move(startX + distance * eased, y + wobble);
    await page.waitForTimeout(8 + Math.random() * 14);
  }
  await page.waitForTimeout(100 + Math.random() * 80);
  await page.mouse.up();
}

/** The newest SMS code the outbox holds for a mobile (outbox provider, not production). */
export async function smsCode(page: Page, mobile: string, origin?: string): Promise<string> {
  const base = origin ?? new URL(page.url()).origin;
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`${base}/dev/sms-outbox?mobile=${mobile}`);
      const body = (await res.json()) as { data: { code: string }[] };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The demo student logs in with the password on the login page; waits for the header to name them. */
export async function logInDemo(page: Page): Promise<void> {
  await gotoApp(page, '/uc/login');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user')).toContainText(DEMO.nickname);
}

/**
 * A password login on the login page (the Password tab), then the page the login leads to:
 * `redirect`, an app path. For a student whose password the test knows (`registerWithPassword`).
 */
export async function logInWithPassword(page: Page, user: { mobile: string; password: string }, redirect: string): Promise<void> {
  await gotoApp(page, `/uc/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(user.mobile);
  await page.getByTestId('password-input').fill(user.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === `/new${redirect}`);
}

/** A password login in the login modal the page opened (the demo student unless told); waits for it to close. */
export async function logInInModal(page: Page, user: { mobile: string; password: string } = DEMO): Promise<void> {
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('tab-password').click();
  await modal.getByTestId('mobile-input').fill(user.mobile);
  await modal.getByTestId('password-input').fill(user.password);
  await modal.getByTestId('agreement').check();
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}

/**
 * On the login page already open: logs a mobile in by SMS (a new one is registered), the test-mode
 * captcha passing (`passCaptchaInTestMode` must be on).
 */
export async function logInBySmsHere(page: Page, mobile: string): Promise<void> {
  await page.getByTestId('mobile-input').fill(mobile);
  await page.getByTestId('get-code').click();
  await dragSliderTo(page, 60);
  await page.getByTestId('code-input').fill(await smsCode(page, mobile));
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
}

/**
 * Registers (or logs in) a new mobile by SMS on the login page, the test-mode captcha passing, and
 * lands on `redirect` (an app path); returns the mobile.
 */
export async function registerBySms(page: Page, redirect: string): Promise<string> {
  await passCaptchaInTestMode(page);
  const mobile = newMobile();
  await gotoApp(page, `/uc/login?redirect=${encodeURIComponent(redirect)}`);
  await logInBySmsHere(page, mobile);
  return mobile;
}

/** The codes the test-mode server sent to a mobile, newest first (its outbox). */
export async function smsOutbox(request: APIRequestContext, mobile: string): Promise<{ code: string }[]> {
  return ((await (await request.get(`/dev/sms-outbox?mobile=${mobile}`)).json()) as { data: { code: string }[] }).data;
}

/** The browser holds a session: the token cookie is set. */
export async function expectSessionCookie(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === STORAGE_KEYS.tokenCookie && c.value !== '')).toBe(true);
}

/** A code the server did not send: each digit of the sent one moved by one. */
export const otherThan = (code: string): string => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

/**
 * On a form with the get-code link (the test-mode captcha passing): asks for a code for the
 * mobile typed and returns the one the server sent (earlier codes of that mobile are in the outbox too).
 */
export async function sendCodeHere(page: Page, mobile: string): Promise<string> {
  const before = (await smsOutbox(page.request, mobile)).length;
  await page.getByTestId('get-code').click();
  await dragSliderTo(page, 60);
  await expect.poll(async () => (await smsOutbox(page.request, mobile)).length).toBe(before + 1);
  return (await smsOutbox(page.request, mobile))[0]!.code;
}

/**
 * Registers a new mobile through the API as the login page does (an SMS code, then loginBySms),
 * without a page: for tests whose student must exist before the page opens. Returns the session.
 */
export async function registerByApi(request: APIRequestContext, mobile: string = newMobile()): Promise<{ mobile: string; login: LoginResult }> {
  const sent = await request.post(ACCOUNT_CALLS.sendMobileCode.path, {
    data: { mobile, requestType: 'REGISTER', sceneId: CAPTCHA_SCENES.sms, captchaVerifyParam: CAPTCHA_TEST_PASS },
  });
  expect(((await sent.json()) as { data: unknown }).data).toBe(true);
  await expect.poll(async () => (await smsOutbox(request, mobile)).length).toBeGreaterThan(0);
  const code = (await smsOutbox(request, mobile))[0]!.code;
  const answer = (await (await request.post(ACCOUNT_CALLS.loginBySms.path, { data: { mobile, code, requestType: 'REGISTER' } })).json()) as {
    code: number;
    msg: string;
    data: LoginResult;
  };
  expect(answer.code, answer.msg).toBe(200);
  return { mobile, login: answer.data };
}

/**
 * A new student (registered by SMS through the API, as registerByApi does) who then sets a
 * password, so a test can log them in from several browsers without waiting out the SMS interval.
 * Answers the mobile, the password and the registration's session.
 */
export async function registerWithPassword(
  request: APIRequestContext,
  password = 'Xuetu2026!',
): Promise<{ mobile: string; password: string; login: LoginResult }> {
  const { mobile, login } = await registerByApi(request);
  const key = ((await (await request.get(ACCOUNT_EXTRA_CALLS.rsaPublicKey.path)).json()) as { data: { publicKey: string } }).data.publicKey;
  const set = await request.put(ACCOUNT_CALLS.updatePwd.path, {
    headers: { authorization: `Bearer ${login.token}` },
    data: { newPwd: rsaEncrypt(key, password) },
  });
  const answer = (await set.json()) as { code: number; msg: string };
  expect(answer.code, answer.msg).toBe(200);
  return { mobile, password, login };
}
