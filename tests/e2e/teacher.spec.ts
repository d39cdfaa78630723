/** /teacher on the demo data of the real server: the teachers of every project, a project chosen in the URL (issue 9, point 6). */
import { expect, gotoApp, test } from './fixtures';

test('师资团队 lists the teachers by project and keeps the chosen project on reload', async ({ page }) => {
  await gotoApp(page, '/teacher');
  await expect(page.getByRole('heading', { level: 1, name: '师资团队' })).toBeVisible();
  const sections = page.locator('.xt-teacher__group');
  await expect(sections.first()).toBeVisible();
  const allCount = await sections.count();
  expect(allCount).toBeGreaterThan(1);
  await expect(page.locator('.xt-teacher__card').first()).toContainText(/\S/);

  const filters = page.getByRole('navigation', { name: '按考试项目筛选' });
  const project = (await sections.first().getByRole('heading', { level: 2 }).textContent())!;
  await filters.getByRole('link', { name: project }).click();
  await expect(page).toHaveURL(/\/new\/teacher\?projectId=\d+$/);
  await expect(sections).toHaveCount(1);
  await expect(sections.getByRole('heading', { level: 2 })).toHaveText(project);

  await page.reload();
  await expect(sections).toHaveCount(1);
  await expect(filters.getByRole('link', { name: project })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(sections).toHaveCount(allCount);
});

test('师资团队 at 375 px: one column, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoApp(page, '/teacher');
  await expect(page.locator('.xt-teacher__card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
