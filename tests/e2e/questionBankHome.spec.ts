/**
 * The question-bank home, the paper page and the user's page on the real server (issue 10, points
 * 1, 2, 6): a visitor picks a subject and a tab, opens a free paper, logs in from its start button,
 * lands on the answering screen in practice mode, and finds the record on /question-bank/record.
 */
import { logInInModal } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

test('题库: a visitor picks a subject and a tab, opens a free paper, logs in and practises it; 做题记录 lists it', async ({ page }) => {
  await gotoApp(page, '/question-bank/home');
  await expect(page.getByRole('heading', { level: 1, name: '题库' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录 / 注册' })).toBeVisible();

  await page.getByRole('navigation', { name: '选择考试科目' }).getByRole('link', { name: '建设工程经济', exact: true }).click();
  await expect(page).toHaveURL(/subjectId=\d+/);
  await expect(page.getByTestId('qb-section').first()).toBeVisible();

  await page.getByRole('navigation', { name: '题库分类' }).getByRole('link', { name: '模拟试卷' }).click();
  await expect(page).toHaveURL(/tab=2/);
  const mock = page.getByTestId('qb-paper').first();
  await expect(mock).toContainText('付费');
  await expect(mock.getByRole('link', { name: '购买课程' })).toBeVisible();

  await page.getByRole('navigation', { name: '题库分类' }).getByRole('link', { name: '历年真题' }).click();
  await expect(page).toHaveURL(/tab=3/);
  const real = page.getByTestId('qb-paper').filter({ hasText: '免费' }).first();
  const name = (await real.getByRole('heading').textContent())!;
  await real.getByRole('link', { name: `查看试卷：${name}` }).click();
  await expect(page).toHaveURL(/\/question-bank\/learn-center-paper\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('题型分布')).toBeVisible();

  await page.getByRole('button', { name: '练习模式' }).click();
  await logInInModal(page);
  await expect(page).toHaveURL(/\/question-bank\/learn-center\/\d+(\/\d+)?\?mode=practice/);
  await expect(page.getByText('第1题').first()).toBeVisible();

  await gotoApp(page, '/question-bank/record');
  await expect(page.getByRole('heading', { level: 1, name: '我的题库' })).toBeVisible();
  await expect(page.getByTestId('qb-record').filter({ hasText: name }).first()).toBeVisible();
});

test('题库 and a paper page at 375 px: nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoApp(page, '/question-bank/home?tab=3');
  await expect(page.getByTestId('qb-paper').first()).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId('qb-paper').first().getByRole('heading').getByRole('link').click();
  await expect(page.getByText('题型分布')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
