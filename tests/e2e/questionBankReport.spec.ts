/**
 * The question bank's transcript, self-marking and analysis on the real server (issue 10, point 5):
 * the demo student hands in a free paper with written answers, marks them (a refused mark first),
 * reads the transcript and the analysis (只看错题 in the URL, a favourite kept across a reload,
 * 纠错 thanked), then the wrong book; and the same pages at 375 px without sideways scrolling.
 */
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { expect, gotoApp, test } from './fixtures';
import { handInWrittenPaper, horizontalOverflow, logIn } from './questionBankReportHelpers';

test('hand in, self-mark, transcript, analysis with filter, favourite and feedback, then the wrong book', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page);
  const { paper, record } = await handInWrittenPaper(page);
  expect(record.state).toBe('MARKING');

  // The transcript of a record waiting for marks sends the student to mark it.
  await gotoApp(page, `/question-bank/transcript/${record.id}/${paper.id}`);
  await page.getByRole('link', { name: '去批阅' }).click();
  await expect(page).toHaveURL(new RegExp(`/new/question-bank/learn-center-mark/${record.id}$`));

  const marks = page.getByRole('textbox', { name: /^得分/ });
  await expect(marks.first()).toBeVisible();
  const count = await marks.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByText('未作答，计0分')).toBeVisible();

  // Nothing marked: every answered one says so; a mark off the half-point grid is refused.
  await page.getByRole('button', { name: '提交批阅' }).click();
  await expect(page.getByText(QB_TEXTS.marksMissing)).toHaveCount(count);
  await marks.first().fill('3.3');
  for (let i = 1; i < count; i++) await page.getByRole('group', { name: '快速评分' }).nth(i).getByRole('button', { name: /^满分/ }).click();
  await page.getByRole('button', { name: '提交批阅' }).click();
  await expect(page.getByText(QB_TEXTS.markInvalid)).toBeVisible();
  await page.getByRole('group', { name: '快速评分' }).first().getByRole('button', { name: /^半分/ }).click();
  await page.getByRole('button', { name: '提交批阅' }).click();

  // The transcript: score, pass mark, time, counts, lines and the paper's statistics.
  await expect(page).toHaveURL(new RegExp(`/new/question-bank/transcript/${record.id}/${paper.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '成绩单' })).toBeVisible();
  const summary = page.getByRole('region', { name: '成绩' });
  await expect(summary).toContainText(`/ ${paper.totalScoreTenths / 10}分`);
  await expect(summary).toContainText(/恭喜通过|未通过/);
  await expect(summary).toContainText(/用时\d{2}:\d{2}/);
  await expect(page.getByRole('table', { name: '按题型' })).toContainText('简答题');
  await expect(page.getByRole('table', { name: '按章节' })).toBeVisible();
  const stats = page.getByRole('region', { name: '本卷统计' });
  await expect(stats).toContainText('参加人数');
  await expect(stats.locator('.xt-report__dist-band')).toHaveCount(10);
  await expect(page.getByRole('link', { name: '再做一次' })).toHaveAttribute('href', `/new/question-bank/learn-center/${paper.id}`);
  await expect(page.getByRole('link', { name: '返回试卷' })).toHaveAttribute('href', `/new/question-bank/learn-center-paper/${paper.id}`);

  // The analysis: every answer; 只看错题 keeps fewer, in the URL.
  await page.getByRole('link', { name: '查看解析' }).click();
  await expect(page).toHaveURL(new RegExp(`/new/question-bank/learn-center-analyze/${paper.id}/${record.id}$`));
  const cards = page.locator('article.xt-report__question');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  await expect(cards.first()).toContainText('参考答案');
  await expect(cards.first()).toContainText('解析');
  await expect(cards.first()).toContainText('全站正确率');
  await page.getByRole('link', { name: '只看错题' }).click();
  await expect(page).toHaveURL(/\?filter=wrong$/);
  await expect(page.getByRole('link', { name: '只看错题' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await expect(cards.first()).toBeVisible();
  await expect(cards.locator('.xt-report__badge--correct')).toHaveCount(0);

  // A favourite is saved: it is still there after a reload.
  const first = cards.first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent())!;
  const star = first.getByRole('button', { name: /收藏/ });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.url().endsWith('/userQuestions/collect'));
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await saved;
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(cards.first().getByRole('button', { name: /收藏/ })).toHaveAttribute('aria-pressed', 'true');

  // 纠错: empty is refused, then the server's thanks.
  await cards.first().getByRole('button', { name: '纠错' }).click();
  const dialog = page.getByRole('dialog', { name: '题目纠错' });
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText(QB_TEXTS.feedbackEmpty)).toBeVisible();
  await dialog.getByRole('radio', { name: '解析有误' }).check();
  await dialog.getByRole('textbox', { name: '问题描述' }).fill('解析第二句的法条序号好像写错了。');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText(QB_TEXTS.feedbackThanks)).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // The wrong book of the paper's subject holds the wrong answers, with a link to practise them.
  await gotoApp(page, `/question-bank/learn-center-analyze-record/wrong?subjectId=${paper.subjectId}`);
  await expect(page.getByRole('heading', { level: 1, name: '错题本' })).toBeVisible();
  await expect(cards.first()).toContainText('参考答案');
  await expect(cards.first()).toContainText(/答错\d+次/);
  await expect(page.getByRole('link', { name: '练习这些题' })).toHaveAttribute(
    'href',
    `/new/question-bank/learn-center-record/wrong?sourceId=${paper.subjectId}`,
  );
});

test('the marking page, the transcript and the analysis at 375 px: nothing scrolls sideways', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page);
  const { paper, record } = await handInWrittenPaper(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoApp(page, `/question-bank/learn-center-mark/${record.id}`);
  await expect(page.getByRole('textbox', { name: /^得分/ }).first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const groups = page.getByRole('group', { name: '快速评分' });
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).getByRole('button', { name: /^0分/ }).click();
  await page.getByRole('button', { name: '提交批阅' }).click();
  await expect(page.getByRole('region', { name: '成绩' })).toBeVisible();
  await expect(page.getByRole('region', { name: '本卷统计' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await gotoApp(page, `/question-bank/learn-center-analyze/${paper.id}/${record.id}`);
  await expect(page.locator('article.xt-report__question').first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // A marked record has nothing to mark: its marking page opens the transcript.
  await gotoApp(page, `/question-bank/learn-center-mark/${record.id}`);
  await expect(page).toHaveURL(new RegExp(`/new/question-bank/transcript/${record.id}/${paper.id}$`));
});
