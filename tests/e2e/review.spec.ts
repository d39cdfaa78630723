/**
 * 今日复习 on the real server (issue 22): a new student misses three questions of a chapter
 * practice; the home's panel shows them due; the review answers them right (each key shown after
 * its answer); they leave today's queue with later due dates; the server's clock moved a week on
 * brings them back. Also the panel and the 学习报告 page at 375 px.
 *
 * Tagged @moves-clock: it moves the server's clock, so playwright.config.ts runs it after every
 * other test, alone.
 */
import type { Page } from '@playwright/test';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { RecordSheet, ReviewDue, SectionNode } from '../../src/domain/questionBank/contract';
import { expect, gotoApp, test } from './fixtures';
import { api, handIn, newStudent } from './questionBankReportHelpers';

test.describe.configure({ timeout: 180_000 });

const SUBJECT = '建设工程经济';
const MISSED = 3;

/** The first leaf section of the subject's tree with enough questions to miss three. */
function practiceSection(nodes: readonly SectionNode[]): SectionNode | undefined {
  for (const node of nodes) {
    if (node.children.length === 0 && node.questionCount >= 8) return node;
    const inner = practiceSection(node.children);
    if (inner) return inner;
  }
  return undefined;
}

/** Chooses the options of `key` (option letters) on the question shown. */
async function answerWith(page: Page, key: readonly string[]): Promise<void> {
  for (const letter of key) {
    await page
      .locator('.xt-answer__option')
      .filter({ has: page.locator('.xt-answer__option-key', { hasText: new RegExp(`^${letter}$`) }) })
      .click();
  }
}

async function dueOf(page: Page, subjectId: number): Promise<ReviewDue | undefined> {
  return (await api<ReviewDue[]>(page, QB.qbReviewDueList, { body: {} })).find((row) => row.subjectId === subjectId);
}

test('misses come back in 今日复习, leave it once answered right, and return when due again', { tag: '@moves-clock' }, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await newStudent(page);
  await page.getByRole('navigation', { name: '选择考试科目' }).getByRole('link', { name: SUBJECT, exact: true }).click();
  await expect(page).toHaveURL(/subjectId=\d+/);
  const subjectId = Number(new URL(page.url()).searchParams.get('subjectId'));
  const panel = page.getByRole('region', { name: '今日复习' });
  await expect(panel.getByTestId('review-due')).toHaveText('0');
  await expect(panel.getByRole('button', { name: '开始复习' })).toBeDisabled();
  await expect(panel.getByText('暂无复习题目')).toBeVisible();
  await expect(panel.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '0');

  // A chapter practice: option A on each question until three are missed (the key shows after each answer).
  const section = practiceSection(await api<SectionNode[]>(page, QB.qbSectionTree, { id: subjectId }))!;
  expect(section, 'a section of eight questions or more').toBeTruthy();
  await page.getByRole('link', { name: `开始练习：${section.name}` }).click();
  await expect(page).toHaveURL(/learn-center-record\/section\?sourceId=\d+/);
  let missed = 0;
  for (let i = 0; i < section.questionCount && missed < MISSED; i++) {
    const options = page.locator('.xt-answer__option');
    if ((await options.count()) > 0) {
      await options.first().click();
      const key = page.getByRole('region', { name: '答案解析' });
      await expect(key).toBeVisible({ timeout: 10_000 });
      if (/回答错误|部分正确/.test((await key.textContent()) ?? '')) missed += 1;
    }
    await page.keyboard.press('ArrowRight');
  }
  expect(missed).toBe(MISSED);
  await expect(page.locator('.xt-answer__saved')).toHaveText('答案已全部保存', { timeout: 10_000 });
  await handIn(page);
  await expect(page).toHaveURL(/learn-center-analyze-record\/section\/\d+/);

  // 今日复习: the three are due today.
  await gotoApp(page, `/question-bank/home?subjectId=${subjectId}`);
  await expect(panel.getByTestId('review-due')).toHaveText(String(MISSED));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing scrolls sideways at 375 px').toBeLessThanOrEqual(0);
  await panel.getByRole('button', { name: '开始复习' }).click();
  await expect(page).toHaveURL(/learn-center-record\/review\?sourceId=\d+&recordId=\d+/);
  const reviewId = Number(new URL(page.url()).searchParams.get('recordId'));

  // The review: each question answered with its key (from the practice's record, where its key was shown), verdict at once.
  const practiceSheet = await api<RecordSheet>(page, QB.qbRecordQuestions, {
    id: (await api<{ records: { id: number; source: string }[] }>(page, QB.qbRecordPageList, { body: { current: 1, size: 10, tab: 2 } })).records.find(
      (r) => r.source === 'SECTION',
    )!.id,
  });
  const keyOf = new Map(practiceSheet.keys.map((k) => [k.questionId, k.answer]));
  const reviewSheet = await api<RecordSheet>(page, QB.qbRecordQuestions, { id: reviewId });
  expect(reviewSheet.record.name).toBe(`今日复习 · ${SUBJECT}`);
  expect(reviewSheet.questions).toHaveLength(MISSED);
  for (const [i, question] of reviewSheet.questions.entries()) {
    await expect(page.getByText(`第${i + 1}题`).first()).toBeVisible();
    await answerWith(page, keyOf.get(question.id)!);
    await expect(page.getByRole('region', { name: '答案解析' })).toContainText('回答正确', { timeout: 10_000 });
    if (i < MISSED - 1) await page.keyboard.press('ArrowRight');
  }
  await expect(page.locator('.xt-answer__saved')).toHaveText('答案已全部保存', { timeout: 10_000 });
  await handIn(page);
  await expect(page).toHaveURL(/learn-center-analyze-record\/review\/\d+/);

  // Out of today's queue, due on a later day.
  await gotoApp(page, `/question-bank/home?subjectId=${subjectId}`);
  await expect(panel.getByTestId('review-due')).toHaveText('0');
  await expect(panel.getByText('今日复习已完成')).toBeVisible();
  await expect(panel.getByText(/下次复习：\d{4}-\d{2}-\d{2}/)).toBeVisible();
  const after = (await dueOf(page, subjectId))!;
  expect(after).toMatchObject({ dueCount: 0, cardCount: MISSED });
  const serverNow = reviewSheet.serverNow;
  expect(after.nextDueAt! - serverNow).toBeGreaterThan(12 * 3_600_000);

  // 学习报告: today's answers and the chapters' mastery.
  await panel.getByRole('link', { name: '学习报告' }).click();
  await expect(page).toHaveURL(/\/question-bank\/report\?subjectId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '学习报告' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(String(MISSED));

  // A week later (the server's clock), the three are due again.
  const moved = await page.request.post('/dev/clock/advance', { data: { minutes: 7 * 24 * 60 } });
  expect(moved.ok()).toBe(true);
  await gotoApp(page, `/question-bank/home?subjectId=${subjectId}`);
  await expect(panel.getByTestId('review-due')).toHaveText(String(MISSED));
  await expect(panel.getByRole('button', { name: '开始复习' })).toBeEnabled();
});
