/** Account settings end to end against the real server: profile, avatar upload, project, password. */
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { registerBySms } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

/** A real 64x64 PNG (solid colour), made here so the upload is a genuine image. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 64;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([6, 113, 164]))]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

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
