/**
 * The device limit (issue 24) in three browsers at 375 px: with account.deviceLimit at 2, a third
 * login signs the first browser out, whose next page is the login page saying
 * 您的账号已在其他设备登录; the second goes on; the third's 账号安全 lists two devices (本机 marked)
 * and signs the other one out, which is then logged out too.
 *
 * Tagged @moves-clock: it lowers the main server's device limit for a moment, which tests running
 * beside it that log the demo students in would feel, so playwright.config.ts runs it in the
 * serial phase after the others; the limit goes back to E2E_DEVICE_LIMIT whatever happens.
 */
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { DEVICE_TEXTS } from '../../src/domain/account/devices.texts';
import { SITE_SETTING_KEYS } from '../../src/domain/site/settings';
import { logInWithPassword, registerWithPassword } from './accountHelpers';
import { clientIpFor, E2E_DEVICE_LIMIT, expect, gotoApp, setSiteParam, test } from './fixtures';

const PERSONAL = '/uc/account-manage/personal';
const SECURITY = '/uc/account-manage/security';

/** A browser of its own (cookies, storage) at phone size, from an address of its own. */
async function device(browser: Browser, testInfo: TestInfo, name: string): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'x-forwarded-for': clientIpFor({ testId: `${testInfo.testId}#${name}`, retry: testInfo.retry }) },
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

const devicesCard = (page: Page) => page.getByRole('region', { name: DEVICE_TEXTS.cardTitle });

test(
  'a third login signs the first browser out with the message; 登录设备 lists two and signs the other out',
  { tag: '@moves-clock' },
  async ({ browser, request }, testInfo) => {
    const devices: { context: BrowserContext; page: Page; errors: Error[] }[] = [];
    try {
      await setSiteParam(request, SITE_SETTING_KEYS.deviceLimit, '2');
      const student = await registerWithPassword(request);
      for (const name of ['first', 'second', 'third']) {
        const d = await device(browser, testInfo, name);
        devices.push(d);
        await logInWithPassword(d.page, student, PERSONAL);
        await expect(d.page.getByRole('heading', { level: 1, name: '个人资料' })).toBeVisible();
      }
      const [first, second, third] = devices.map((d) => d.page) as [Page, Page, Page];

      // The first browser's next page: the session is gone, the login page says why.
      await gotoApp(first, PERSONAL);
      await expect(first).toHaveURL((url) => url.pathname === '/new/uc/login' && url.searchParams.get('redirect') === PERSONAL);
      await expect(first.getByTestId('login-notice')).toHaveText(DEVICE_TEXTS.replaced);
      await expect(first.getByTestId('login-submit')).toBeVisible();
      // The notice fits the phone's width.
      const notice = await first.getByTestId('login-notice').boundingBox();
      expect(notice!.x).toBeGreaterThanOrEqual(0);
      expect(notice!.x + notice!.width).toBeLessThanOrEqual(375);

      // The second still works.
      await gotoApp(second, PERSONAL);
      await expect(second.getByRole('heading', { level: 1, name: '个人资料' })).toBeVisible();
      await expect(second).toHaveURL(/\/new\/uc\/account-manage\/personal$/);

      // The third lists both live devices, itself first and marked 本机, and signs the other out.
      await gotoApp(third, SECURITY);
      const card = devicesCard(third);
      await expect(card.getByTestId('device-session')).toHaveCount(2);
      const self = card.getByRole('listitem', { name: new RegExp(`（${DEVICE_TEXTS.current}）$`) });
      await expect(self).toHaveCount(1);
      await expect(card.getByTestId('device-session').first()).toContainText(DEVICE_TEXTS.current);
      await expect(self.getByRole('button', { name: DEVICE_TEXTS.signOutCurrent })).toBeVisible();
      const other = card.getByTestId('device-session').nth(1);
      await expect(other).not.toContainText(DEVICE_TEXTS.current);
      await other.getByRole('button', { name: DEVICE_TEXTS.signOut }).click();
      await expect(third.getByText(DEVICE_TEXTS.signedOut)).toBeVisible();
      await expect(card.getByTestId('device-session')).toHaveCount(1);
      expect(await third.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // The second, signed out from the list, is sent to log in again (no device-limit notice: nobody replaced it).
      await gotoApp(second, PERSONAL);
      await expect(second).toHaveURL(/\/new\/uc\/login\?redirect=/);
      await expect(second.getByTestId('login-submit')).toBeVisible();
      await expect(second.getByTestId('login-notice')).toHaveCount(0);

      for (const d of devices) expect(d.errors.map((e) => e.message)).toEqual([]);
    } finally {
      for (const d of devices) await d.context.close();
      await setSiteParam(request, SITE_SETTING_KEYS.deviceLimit, String(E2E_DEVICE_LIMIT));
    }
  },
);
