/** Account settings end to end against the real server: profile, avatar upload, project, password. */
import type { Page } from '@playwright/test';
import { registerBySms } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { pngBytes } from './images';

async function registerOnPersonal(page: Page): Promise<string> {
  const mobile = await registerBySms(page, '/uc/account-manage/personal');
  await expect(page).toHaveURL(/\/new\/uc\/account-manage\/personal$/);
  return mobile;
}

test('a new student edits the profile, uploads an avatar, picks a project and sets a password', async ({ page }) => {
  const mobile = await registerOnPersonal(page);

  await page.getByLabel('昵称').fill('备考达人');
  await page.getByLabel('女').check();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('header-user')).toContainText('备考达人');

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(page.getByTestId('profile-avatar')).toHaveAttribute('src', /\/static\/uploads\/\d{4}\/\d{2}\/[\w-]+\.png$/);
  const src = await page.getByTestId('profile-avatar').getAttribute('src');
  expect((await page.request.get(src!)).headers()['content-type']).toContain('image/png');

  await page.getByLabel('意向考试项目').selectOption({ label: '一级消防工程师' });
  await expect
    .poll(async () => decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'xt_project')?.value ?? ''))
    .toContain('一级消防工程师');
  const projectCookie = (await page.context().cookies()).find((c) => c.name === 'xt_project')!;
  // 365 days, give or take the test's own run time.
  expect(projectCookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

  // Everything survives a reload (it is on the server, not only in the page).
  await page.reload();
  await expect(page.getByLabel('昵称')).toHaveValue('备考达人');
  await expect(page.getByLabel('女')).toBeChecked();

  await page.getByRole('link', { name: '账号安全' }).click();
  await expect(page).toHaveURL(/\/new\/uc\/account-manage\/security$/);
  const form = page.getByRole('form', { name: '设置密码' });
  await form.getByRole('textbox', { name: '新密码', exact: true }).fill('Study2027!');
  await form.getByRole('textbox', { name: '确认新密码' }).fill('Study2027!');
  await form.getByRole('button', { name: '设置密码' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();

  // The new password logs in.
  await page.getByRole('button', { name: '退出' }).first().click();
  await gotoApp(page, '/uc/login');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(mobile);
  await page.getByTestId('password-input').fill('Study2027!');
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user')).toContainText('备考达人');
});
