/**
 * The exam seal and refusals for good on the real server (issue 17): an exam in one tab seals a
 * practice of the same paper in another — its answer is refused with the reason, shows no verdict,
 * and is not retried — until the hand-in; and a case answered wrong is practised from the wrong
 * book as a whole, its sub-questions answered and handed in.
 */
import type { Page, Request } from '@playwright/test';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperListItem, QuestionView, RecordSaveResult } from '../../src/domain/questionBank/contract';
import { EXAM_TEXTS } from '../../src/domain/questionBank/examTexts';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Page as ListPage } from '../../src/domain/shared/envelope';
import { expect, gotoApp, test } from './fixtures';
import { api, handIn, newStudent } from './questionBankReportHelpers';

test.describe.configure({ timeout: 120_000 });

async function freePapers(page: Page): Promise<PaperListItem[]> {
  const list = await api<ListPage<PaperListItem>>(page, QB.qbPaperPageList, { body: { current: 1, size: 50 } });
  return list.records.filter((paper) => paper.free);
}

const isSave = (request: Request) => request.method() === 'POST' && request.url().includes('/userRecord/save');
const keyRegion = (page: Page) => page.getByRole('region', { name: '答案解析' });

test('an exam in one tab seals a practice of the same paper in another: no verdict, the reason shown, no retry, open again after the hand-in', async ({
  page,
  context,
}) => {
  await newStudent(page);
  const paper = (await freePapers(page)).find((p) => p.paperType === 'REAL')!;

  // The practice is opened first (the second tab), then the exam begins in the first.
  const practice = await context.newPage();
  await gotoApp(practice, `/question-bank/learn-center/${paper.id}?mode=practice`);
  await expect(practice.locator('.xt-answer__mode')).toHaveText('练习模式');
  await gotoApp(page, `/question-bank/learn-center/${paper.id}`);
  await expect(page.getByRole('timer')).toBeVisible();

  const saves: Request[] = [];
  practice.on('request', (request) => {
    if (isSave(request)) saves.push(request);
  });
  await practice.bringToFront();
  await practice.keyboard.press('1');
  await expect(practice.getByRole('alert').filter({ hasText: EXAM_TEXTS.refusedReason(['1'], QB_TEXTS.examSealed) })).toBeVisible({ timeout: 10_000 });
  await expect(practice.locator('.xt-answer__saved')).toHaveText(EXAM_TEXTS.notAccepted(1));
  await expect(keyRegion(practice)).toHaveCount(0);
  expect(saves).toHaveLength(1);
  // The first retry would come after 2 s, the next after 4 s more: none comes.
  await practice.waitForTimeout(7_000);
  expect(saves).toHaveLength(1);
  await expect(keyRegion(practice)).toHaveCount(0);

  // A practice opened now is refused at once, with the same words.
  const third = await context.newPage();
  await gotoApp(third, `/question-bank/learn-center/${paper.id}?mode=practice`);
  await expect(third.locator('.xt-answer').getByRole('alert')).toHaveText(QB_TEXTS.examSealed, { timeout: 10_000 });
  await expect(third.getByRole('button', { name: '重新加载' })).toBeVisible();
  await third.close();

  // After the hand-in the practice opens again, and the answer kept on the device is sent and judged.
  await page.bringToFront();
  await handIn(page);
  await expect(page).toHaveURL(/\/question-bank\/(transcript|learn-center-mark)\//);
  await practice.bringToFront();
  await practice.reload();
  await expect(practice.locator('.xt-answer__mode')).toHaveText('练习模式');
  await expect(keyRegion(practice)).toContainText('参考答案：', { timeout: 10_000 });
  await expect(practice.locator('.xt-answer__saved')).toHaveText(EXAM_TEXTS.allSaved, { timeout: 10_000 });
});

test('a case answered wrong is practised from the wrong book as a whole: its sub-questions answered and handed in', async ({ page }) => {
  await newStudent(page);
  // A free paper with a case whose sub-questions include a single choice.
  let found: { paper: PaperListItem; caseQuestion: QuestionView; choice: QuestionView } | null = null;
  for (const paper of await freePapers(page)) {
    const questions = await api<QuestionView[]>(page, QB.qbPaperQuestions, { id: paper.id });
    const caseQuestion = questions.find((q) => q.type === 'CASE' && q.subs.some((sub) => sub.type === 'SINGLE'));
    if (caseQuestion) {
      found = { paper, caseQuestion, choice: caseQuestion.subs.find((sub) => sub.type === 'SINGLE')! };
      break;
    }
  }
  expect(found, 'a free paper with a case').not.toBeNull();
  const { paper, caseQuestion, choice } = found!;

  // A practice of the paper gets the case's choice wrong (every option is tried on its own record
  // until one is wrong), and is handed in: the case enters the wrong book.
  for (const option of choice.options) {
    const started = await api<RecordSaveResult>(page, QB.qbRecordSave, {
      body: { source: 'PAPER', sourceId: paper.id, mode: 'PRACTICE', answers: [{ questionId: choice.id, answer: [option.key], flagged: false, version: 1 }] },
    });
    await api(page, QB.qbHandScore, { body: { recordId: started.recordId } });
    const book = await api<{ subjectId: number; count: number }[]>(page, QB.qbUserQuestions, { body: { kind: 'WRONG' } });
    if (book.some((subject) => subject.subjectId === paper.subjectId)) break;
  }

  await gotoApp(page, `/question-bank/learn-center-record/wrong?sourceId=${paper.subjectId}`);
  await expect(page.locator('.xt-answer__mode')).toHaveText('练习模式');
  const sheet = page.getByRole('navigation', { name: '答题卡' });
  // The whole case: one cell per sub-question, its material above each.
  await expect(sheet.getByRole('button', { name: /^第1-\d+题/ })).toHaveCount(caseQuestion.subs.length);
  const position = caseQuestion.subs.findIndex((sub) => sub.id === choice.id) + 1;
  await sheet.getByRole('button', { name: new RegExp(`^第1-${position}题`) }).click();
  await expect(page.getByText(choice.stem)).toBeVisible();
  await page.keyboard.press('1');
  await expect(keyRegion(page)).toContainText('参考答案：', { timeout: 10_000 });
  await expect(page.locator('.xt-answer__saved')).toHaveText(EXAM_TEXTS.allSaved, { timeout: 10_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await handIn(page);
  await expect(page).toHaveURL(/learn-center-analyze-record\/wrong\/\d+/);
  await expect(page.getByText(choice.stem)).toBeVisible();
});
