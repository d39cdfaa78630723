/**
 * Practice mode and records on the real server (issue 10): a new student practises a free paper —
 * each answer shows its verdict, the key and the explanation —, a wrong answer lands in the wrong
 * book and is practised again from there, and the records are deleted from 做题记录.
 */
import type { PaperListItem } from '../../src/domain/questionBank/contract';
import { expect, gotoApp, test } from './fixtures';
import { handIn, newStudent } from './questionBankReportHelpers';

test.describe.configure({ timeout: 120_000 });

test('practice shows each answer’s key; a wrong one is practised again from the wrong book; records are deleted', async ({ page }) => {
  await newStudent(page);
  const list = await page.request.post('/questionbank/front/api/paper/getPageList', { data: { current: 1, size: 50, paperType: 'REAL' } });
  const paper = ((await list.json()) as { data: { records: PaperListItem[] } }).data.records.find((p) => p.free)!;
  await gotoApp(page, `/question-bank/learn-center/${paper.id}?mode=practice`);
  await expect(page.locator('.xt-answer__mode')).toHaveText('练习模式');
  await expect(page.getByRole('timer')).toHaveCount(0);

  // Answer the first choice questions with option A until one is wrong: its key and explanation show.
  let wrong = false;
  for (let i = 0; i < 15 && !wrong; i++) {
    const options = page.locator('.xt-answer__option');
    if ((await options.count()) > 0) {
      await page.keyboard.press('1');
      const key = page.getByRole('region', { name: '答案解析' });
      await expect(key).toBeVisible({ timeout: 10_000 });
      await expect(key).toContainText('参考答案：');
      wrong = /回答错误|部分正确/.test((await key.textContent()) ?? '');
    }
    if (!wrong) await page.keyboard.press('ArrowRight');
  }
  expect(wrong).toBe(true);
  await expect(page.locator('.xt-answer__saved')).toHaveText('答案已全部保存', { timeout: 10_000 });
  await handIn(page);
  await expect(page).toHaveURL(/\/question-bank\/(transcript|learn-center-mark)\//);

  // The wrong book has the question, and it is practised from there (its analysis after the hand-in).
  await gotoApp(page, '/question-bank/record?tab=2');
  const subject = page.getByRole('link', { name: /练习错题/ }).first();
  await expect(subject).toBeVisible();
  await subject.click();
  await expect(page).toHaveURL(/learn-center-record\/wrong\?sourceId=\d+/);
  await expect(page.locator('.xt-answer__question')).toBeVisible();
  await handIn(page);
  await expect(page).toHaveURL(/learn-center-analyze-record\/wrong\/\d+/);

  // 做题记录: both records, deleted after a confirmation.
  await gotoApp(page, '/question-bank/record?tab=1');
  const rows = page.getByTestId('qb-record');
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: '全选本页' }).check();
  await page.getByRole('button', { name: '删除所选（2）' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删除|确定/ })
    .last()
    .click();
  await expect(rows).toHaveCount(0);
  await page.reload();
  await expect(rows).toHaveCount(0);
});
