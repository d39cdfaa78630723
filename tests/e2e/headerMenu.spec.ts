/**
 * The header at phone width (issue 9, point 7): the main navigation moves into a menu button that
 * opens a drawer (Fluent's OverlayDrawer) with every entry, and the user's name and avatar once
 * logged in. Every entry is reachable through it and navigates; the drawer traps Tab, closes on
 * Escape and gives the focus back; nothing in the header is cut off or scrolls sideways.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SITE_NAV } from '../../src/views/app/siteNav';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

const PHONE = { width: 375, height: 812 };

const menuButton = (page: Page) => page.getByRole('button', { name: '导航菜单', exact: true });
/** The same button by test id: while the modal drawer is open the page behind it is hidden from the accessibility tree. */
const menuButtonElement = (page: Page) => page.getByTestId('header-menu');
const drawer = (page: Page) => page.getByRole('dialog');

async function openMenu(page: Page): Promise<void> {
  await menuButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expect(menuButtonElement(page)).toHaveAttribute('aria-expanded', 'true');
}

async function logIn(page: Page): Promise<void> {
  await gotoApp(page, '/uc/login');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/new\/$/);
}

test.describe('header at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the nav is behind a labelled menu button and nothing in the header overflows', async ({ page }) => {
    await gotoApp(page, '/');
    await expect(menuButton(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('header').getByRole('navigation', { name: '主导航' })).toBeHidden();
    await expect(page.getByTestId('header-login')).toBeVisible();
    const overflow = await page.evaluate(() => {
      const inner = document.querySelector('.xt-header__inner')!;
      return { page: document.documentElement.scrollWidth - window.innerWidth, header: inner.scrollWidth - inner.clientWidth };
    });
    expect(overflow).toEqual({ page: 0, header: 0 });
  });

  for (const [i, item] of SITE_NAV.entries()) {
    test(`${item.label} is reachable through the menu and navigates`, async ({ page }) => {
      // Start on another entry's page, so every entry is a real navigation.
      const start = SITE_NAV[(i + 1) % SITE_NAV.length]!;
      await gotoApp(page, start.href);
      await openMenu(page);
      const links = drawer(page).getByRole('navigation', { name: '主导航' }).getByRole('link');
      await expect(links).toHaveText(SITE_NAV.map((n) => n.label));
      await expect(drawer(page).getByRole('link', { name: start.label, exact: true })).toHaveAttribute('aria-current', 'page');
      await drawer(page).getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/new${item.href === '/' ? '/' : item.href}`);
      await expect(drawer(page)).toBeHidden();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('the drawer keeps Tab inside, closes on Escape and gives the focus back to the menu button', async ({ page }) => {
    await gotoApp(page, '/about');
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `focus left the drawer after ${step + 1} Tab(s)`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(menuButtonElement(page)).toBeFocused();
  });

  test('the close button closes it; 登录 / 注册 in it opens the login modal', async ({ page }) => {
    await gotoApp(page, '/');
    await openMenu(page);
    await drawer(page).getByRole('button', { name: '关闭导航菜单' }).click();
    await expect(drawer(page)).toBeHidden();
    await openMenu(page);
    await page.getByTestId('drawer-login').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  test('no WCAG A/AA violations with the drawer open', async ({ page }) => {
    await gotoApp(page, '/');
    await openMenu(page);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
  });

  test('logged in, the drawer shows the user with the avatar, 我的课程 and 退出登录', async ({ page }) => {
    await logIn(page);
    await expect(page.getByTestId('header-user')).toBeVisible();
    await openMenu(page);
    const user = page.getByTestId('drawer-user');
    await expect(user).toContainText(DEMO.nickname);
    await expect(user.locator('img')).toHaveAttribute('src', /\S/);
    expect(await user.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await drawer(page).getByRole('link', { name: '我的课程' }).click();
    await expect(page).toHaveURL(/\/new\/uc\/my-course\/sys$/);
    await openMenu(page);
    await drawer(page).getByRole('button', { name: '退出登录' }).click();
    // As the header's 退出: the session ends and the login page opens.
    await expect(page).toHaveURL(/\/new\/uc\/login/);
    await gotoApp(page, '/');
    await expect(page.getByTestId('header-login')).toBeVisible();
  });
});

test('at desktop width the nav is in the header and the menu button is hidden', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoApp(page, '/');
  await expect(page.locator('header').getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
});
