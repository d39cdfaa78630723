/** 意见反馈 end to end: two images up through the signed old API, the feedback sent and listed; the page on a phone. */
import AxeBuilder from '@axe-core/playwright';
import { registerBySms } from './accountHelpers';
import { expect, test } from './fixtures';
import { pngBytes } from './images';

const TEXT = '做题页面的计算器在手机上按键太小，希望能放大一些，谢谢！';

test('a student sends feedback with two images and sees it listed, pending, with the images', async ({ page }) => {
  await registerBySms(page, '/uc/feedback');
  await expect(page).toHaveURL(/\/new\/uc\/feedback$/);
  await expect(page.getByText('还没有提交过反馈')).toBeVisible();

  await page.getByRole('radio', { name: '功能建议' }).check();
  await page.getByRole('textbox', { name: /反馈内容/ }).fill(TEXT);
  const signedUploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/upload/uploadImg')) signedUploads.push(request.postData() ?? '');
  });
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'keys.png', mimeType: 'image/png', buffer: pngBytes(64, [200, 60, 60]) },
    { name: 'sheet.png', mimeType: 'image/png', buffer: pngBytes(48, [60, 120, 200]) },
  ]);
  await expect(page.locator('[data-testid="upload-tile"][data-status="done"]')).toHaveCount(2);
  // Each upload carried the old API's signed fields.
  expect(signedUploads).toHaveLength(2);
  for (const body of signedUploads) for (const field of ['appId', 'timestamp', 'token', 'nonce', 'fileMd5', 'sign']) expect(body).toContain(`name="${field}"`);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/basic/fb/savePC'));
  await page.getByRole('button', { name: '提交反馈' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('feedback-sent')).toContainText('提交成功');

  const item = page.getByTestId('feedback-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('功能建议');
  await expect(item).toContainText('待回复');
  await expect(item).toContainText(TEXT);
  const images = item.getByRole('img');
  await expect(images).toHaveCount(2);
  // The stored images come back from the server, decoded.
  for (const image of await images.all())
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Sent again as it was (a replay): refused.
  const replay = await page.request.post('/api/basic/fb/savePC', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: (await saved).request().postData() ?? '',
  });
  expect(replay.status()).toBe(409);
  await page.reload();
  await expect(page.getByTestId('feedback-item')).toHaveCount(1);
});

test('the feedback page at 375 px: no sideways scroll, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await registerBySms(page, '/uc/feedback');
  await expect(page.getByRole('form', { name: '意见反馈' })).toBeVisible();
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('请选择反馈类型')).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: pngBytes() }]);
  await expect(page.locator('[data-testid="upload-tile"][data-status="done"]')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
});
