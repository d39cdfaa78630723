/**
 * The exam answering flow (design card) model-based in Chromium against the real server (issue 21):
 * the paths come from the real `exam` statechart (tests/e2e/model/chromiumModel.ts), as the jsdom
 * suite (tests/model/exam.model.test.tsx) takes them, each one a new student opening a free timed
 * paper on learn-center/{paperId}. The sheet, every batch save and the hand-in are held until their
 * step lets them through to the real server or the network drops them; a refusal is the real
 * server's (the record handed in, or the paper's practice sealed by an exam, through the API as
 * another tab would). The page's clock stands still once the paper is open, so the debounce, the
 * back-off and the countdown move only when a step moves them, as the jsdom suite's fake timers do.
 *
 * The model's questions are three single choices; the real paper is one whose first three
 * questions are single choices, question i of the model being question i of the paper.
 */
import type { Page, Request } from '@playwright/test';
import { refusedLines, sheetItems, unansweredLabels, type SheetItem } from '../../src/domain/questionBank/answerSheet';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { AnswerEntry, PaperListItem, QuestionView, RecordSheet } from '../../src/domain/questionBank/contract';
import { EXAM_SEAL_STATUS } from '../../src/domain/questionBank/examSeal';
import { EXAM_TEXTS } from '../../src/domain/questionBank/examTexts';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import type { Page as ListPage } from '../../src/domain/shared/envelope';
import { retryDelayMs } from '../../src/domain/shared/retry';
import type { ApiError as ApiErrorClass } from '../../src/services/shared/http/ApiError';
import type { OpenedExam } from '../../src/services/questionBank/exam.data';
import { registerByApi } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { heldRoutes, pathTitle, runPath } from './model/chromiumModel';
import { api } from './questionBankReportHelpers';
import { BACKOFF, ctx, DEBOUNCE, inFlight, kindOf, leaves, MODEL_QUESTIONS, paths, SAVE_DEBOUNCE_MS, TICK } from './model/examModel';

test.describe.configure({ timeout: 90_000 });

test('the exam machine gives Chromium a path into every state a student can reach, each way into it run once', () => {
  const reached = new Set(paths.flatMap((p) => p.steps.flatMap((step) => leaves(step.state.value))));
  // answering.clock.checking is left at once (an `always`): no screen ever shows it.
  expect([...reached].sort()).toEqual(
    [
      'handInFailed',
      'handedIn',
      'handingIn',
      'answering.clock.off',
      'answering.clock.running',
      'answering.sheet.browsing',
      'answering.sheet.confirming',
      'answering.sync.idle',
      'answering.sync.retrying',
      'answering.sync.saving',
      'answering.sync.waiting',
      'loadFailed',
      'loading',
    ].sort(),
  );
  const taken = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${leaves(p.steps[i]!.state.value).join('+')} ${step.event.type}`)));
  // Each way into a state: the refusals of the real server, back online, the countdown at zero.
  for (const way of [
    'answering.sync.saving+answering.clock.running+answering.sheet.browsing xstate.error.actor.save',
    'answering.sync.saving+answering.clock.off+answering.sheet.browsing xstate.error.actor.save',
    'answering.sync.retrying+answering.clock.running+answering.sheet.browsing ONLINE',
    `answering.sync.retrying+answering.clock.running+answering.sheet.browsing ${BACKOFF}`,
    `answering.sync.idle+answering.clock.running+answering.sheet.browsing ${TICK}`,
    'answering.sync.idle+answering.clock.running+answering.sheet.confirming CANCEL_HAND_IN',
    'answering.sync.idle+answering.clock.running+answering.sheet.confirming CONFIRM_HAND_IN',
    'handInFailed RETRY',
    'handInFailed ONLINE',
    'loadFailed RETRY',
    'loading xstate.done.actor.open',
    'handingIn xstate.done.actor.handIn',
  ])
    expect(taken, way).toContain(way);
  expect(paths.length).toBeLessThanOrEqual(16);
});

/** The answering screen's parts. */
const status = (page: Page) => page.locator('.xt-answer__saved');
const keyRegion = (page: Page) => page.getByRole('region', { name: '答案解析' });

/** A new student, registered through the API (the test-mode captcha passes), the session cookie in the browser. */
async function newStudent(page: Page, origin: string): Promise<void> {
  const { login } = await registerByApi(page.request);
  await page.context().addCookies([{ name: STORAGE_KEYS.tokenCookie, value: login.token, url: origin }]);
}

interface Paper {
  paper: PaperListItem;
  items: SheetItem[];
}
let found: Paper | null = null;
/** A free timed paper whose first questions are single choices (the model's), found once per worker. */
async function paperFor(page: Page): Promise<Paper> {
  if (found) return found;
  const list = await api<ListPage<PaperListItem>>(page, QB.qbPaperPageList, { body: { current: 1, size: 50 } });
  for (const paper of list.records.filter((p) => p.free && p.durationMinutes > 0)) {
    const items = sheetItems(await api<QuestionView[]>(page, QB.qbPaperQuestions, { id: paper.id }));
    const first = items.slice(0, MODEL_QUESTIONS.length);
    if (first.length === MODEL_QUESTIONS.length && first.every((item) => item.question.type === 'SINGLE' && item.question.options[0]?.key === 'A')) {
      found = { paper, items };
      return found;
    }
  }
  throw new Error('no free timed paper begins with single choices');
}

function secondsOf(text: string): number {
  return text
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);
}

for (const path of paths) {
  test(`exam in Chromium: ${pathTitle(path)}`, async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await newStudent(page, origin);
    const { paper, items } = await paperFor(page);
    const opened = path.steps.find((step) => step.event.type === 'xstate.done.actor.open')?.event as { output: OpenedExam } | undefined;
    const practice = opened !== undefined && kindOf(opened.output) === 'practice';

    /** The real question of a model question (the same place on the sheet), and the model's answers as the server holds them. */
    const realId = (modelId: number) => items[MODEL_QUESTIONS.findIndex((q) => q.id === modelId)]!.question.id;
    const real = (entries: readonly AnswerEntry[]) =>
      entries.map(({ questionId, answer, flagged }) => ({ questionId: realId(questionId), answer, flagged })).sort((a, b) => a.questionId - b.questionId);
    /** Answers the page sent (real questions already), without their versions. */
    const plain = (entries: readonly AnswerEntry[]) =>
      entries.map(({ questionId, answer, flagged }) => ({ questionId, answer, flagged })).sort((a, b) => a.questionId - b.questionId);
    /** A record of the model's questions (answers, refusals) as one of the paper's. */
    const realRecord = <T>(byModelId: Record<number, T>): Record<number, T> =>
      Object.fromEntries(Object.entries(byModelId).map(([id, value]) => [realId(Number(id)), value]));

    // The requests the page makes: the record it opened, the batch and the hand-in it sends.
    let recordId = 0;
    /** The answers the server holds for the record. */
    const stored = async () => plain((await api<RecordSheet>(page, QB.qbRecordQuestions, { id: recordId })).answers);
    let lastSave: { answers: AnswerEntry[] } | null = null;
    let lastHandIn: { recordId: number; answers: AnswerEntry[] } | null = null;
    page.on('request', (request: Request) => {
      const sheet = /\/userRecord\/getQuestionsList\/(\d+)/.exec(request.url());
      if (sheet) recordId = Number(sheet[1]);
      if (request.url().endsWith('/userRecord/save') && (request.postDataJSON() as { recordId?: number }).recordId) lastSave = request.postDataJSON() as never;
      if (request.url().endsWith('/userRecord/handScore')) lastHandIn = request.postDataJSON() as never;
    });
    const held = heldRoutes(page, {
      sheet: '**/userRecord/getQuestionsList/*',
      save: '**/userRecord/save',
      handIn: '**/userRecord/handScore',
    });
    await held.ready();
    // Starting the record (a save without a record) is part of opening, not a batch: it goes through.
    await page.route('**/userRecord/save', (route) =>
      (route.request().postDataJSON() as { recordId?: number }).recordId ? route.fallback() : route.continue(),
    );
    let failures = 0;
    // The page's own clock, running until the paper is open.
    await page.clock.install();
    // A practice opens with ?mode=practice: the model's input names an exam, but only the `open`
    // actor reads it; the machine takes the mode from the record it opened.
    await gotoApp(page, practice ? `/question-bank/learn-center/${paper.id}?mode=practice` : `/question-bank/learn-center/${paper.id}`);

    await runPath(
      path,
      {
        loading: async () => {
          await expect(page.locator('.xt-answer--loading').getByRole('status')).toHaveText('试卷加载中…', { timeout: 15_000 });
          await expect.poll(() => held.isHeld('sheet'), { timeout: 15_000 }).toBe(true);
          expect(recordId).toBeGreaterThan(0);
        },
        loadFailed: async (s) => {
          await expect(page.locator('.xt-answer').getByRole('alert')).toHaveText(ctx(s).loadError!);
          await expect(page.getByRole('button', { name: '重新加载' })).toBeEnabled();
        },
        answering: async (s) => {
          const c = ctx(s);
          const item = items[c.current]!;
          const question = page.locator('.xt-answer__question');
          await expect(question.locator('.xt-answer__no')).toHaveText(`第${item.label}题`);
          await expect(page.getByRole('navigation', { name: '切换题目' })).toContainText(`${c.current + 1} / ${items.length}`);
          const answered = Object.values(c.answers).filter((entry) => entry.answer.length > 0).length;
          const sheet = page.getByRole('navigation', { name: '答题卡' });
          await expect(sheet.locator('.xt-answer__sheet-head')).toHaveText(`答题卡 ${answered}/${items.length}`);
          // The model's questions on the sheet: answered or not, flagged, the current one.
          const cells = sheet.locator('.xt-answer__cell');
          for (const [i, q] of MODEL_QUESTIONS.entries()) {
            const entry = c.answers[q.id];
            const label = `第${items[i]!.label}题，${[entry?.answer.length ? '已作答' : '未作答', entry?.flagged ? '已标记' : ''].filter(Boolean).join('，')}`;
            await expect(cells.nth(i)).toHaveAttribute('aria-label', label);
            if (i === c.current) await expect(cells.nth(i)).toHaveAttribute('aria-current', 'step');
            else await expect(cells.nth(i)).not.toHaveAttribute('aria-current');
          }
          const answer = c.answers[c.items[c.current]!.question.id]?.answer ?? [];
          const options = question.getByRole('radio');
          await expect(options).toHaveCount(item.question.options.length);
          for (const [i, option] of item.question.options.entries())
            await expect(options.nth(i)).toHaveAttribute('aria-checked', String(answer.includes(option.key)));
        },
        'answering.clock.running': async () => {
          await expect(page.locator('.xt-answer__mode')).toHaveText('考试模式');
          // The time left on the server's clock: the paper's time, less the little the path took.
          const left = secondsOf((await page.getByRole('timer').textContent())!);
          expect(left).toBeLessThanOrEqual(paper.durationMinutes * 60);
          expect(left).toBeGreaterThan(paper.durationMinutes * 60 - 60);
          // No reference answer before the hand-in.
          await expect(keyRegion(page)).toHaveCount(0);
        },
        'answering.clock.off': async (s) => {
          const c = ctx(s);
          await expect(page.locator('.xt-answer__mode')).toHaveText('练习模式');
          await expect(page.getByRole('timer')).toHaveCount(0);
          const q = c.items[c.current]!.question;
          // The real key of the answer the server judged.
          if (c.keys[q.id] && c.answers[q.id]?.answer.length) await expect(keyRegion(page)).toContainText('参考答案：');
          else await expect(keyRegion(page)).toHaveCount(0);
        },
        'answering.sync.idle': async (s) => {
          const c = ctx(s);
          const refused = Object.keys(c.refused).length;
          await expect(status(page)).toHaveText(refused === 0 ? EXAM_TEXTS.allSaved : EXAM_TEXTS.notAccepted(refused));
          expect(held.isHeld('save')).toBe(false);
          await expect(page.locator('.xt-answer').getByRole('alert')).toHaveText(refusedLines(items, realRecord(c.refused)));
          // Every answer is the server's (a sealed practice is not readable until the exam is handed in).
          if (refused === 0) expect(await stored()).toEqual(real(Object.values(c.answers)));
        },
        'answering.sync.waiting': async (s) => {
          await expect(status(page)).toHaveText(EXAM_TEXTS.unsaved(Object.keys(ctx(s).unsent).length));
          expect(held.isHeld('save')).toBe(false);
        },
        'answering.sync.saving': async (s) => {
          const c = ctx(s);
          await expect.poll(() => held.isHeld('save')).toBe(true);
          expect(plain(lastSave!.answers)).toEqual(real(inFlight(s)));
          await expect(status(page)).toHaveText(c.failures === 0 ? EXAM_TEXTS.saving : EXAM_TEXTS.unsaved(Object.keys(c.unsent).length));
        },
        'answering.sync.retrying': async (s) => {
          await expect(status(page)).toHaveText(EXAM_TEXTS.unsaved(Object.keys(ctx(s).unsent).length));
          expect(held.isHeld('save')).toBe(false);
        },
        'answering.sheet.browsing': async () => {
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await expect(page.getByRole('button', { name: '交卷', exact: true })).toBeEnabled();
        },
        'answering.sheet.confirming': async (s) => {
          const labels = unansweredLabels(items, realRecord(ctx(s).answers));
          await expect(page.getByRole('dialog', { name: EXAM_TEXTS.confirmTitle })).toContainText(
            labels.length === 0 ? EXAM_TEXTS.confirmAllAnswered : EXAM_TEXTS.confirmUnanswered(labels),
          );
        },
        handingIn: async (s) => {
          const c = ctx(s);
          await expect.poll(() => held.isHeld('handIn')).toBe(true);
          await expect(page.getByText('正在交卷…')).toBeVisible();
          // The answers not yet stored go with the hand-in.
          expect(lastHandIn!.recordId).toBe(recordId);
          expect(plain(lastHandIn!.answers)).toEqual(real(Object.values(c.unsent)));
          // Why the paper goes in by itself: the countdown, or the server's reason (handed in elsewhere).
          if (c.closedReason) await expect(page.getByText(c.closedReason)).toBeVisible();
          else await expect(page.getByText(EXAM_TEXTS.timeUp)).toHaveCount(0);
          await expect(page.getByRole('dialog')).toHaveCount(0);
        },
        handInFailed: async (s) => {
          const dialog = page.getByRole('alertdialog');
          await expect(dialog).toContainText(ctx(s).handInError!);
          await expect(dialog.getByRole('button', { name: '重新交卷' })).toBeEnabled();
        },
        handedIn: async (s) => {
          const c = ctx(s);
          // The transcript of the record, handed in with every answer.
          await expect(page).toHaveURL(new RegExp(`/new/question-bank/transcript/${recordId}/${paper.id}$`));
          await expect(page.getByRole('heading', { level: 1, name: '成绩单' })).toBeVisible();
          const answered = Object.values(c.answers).filter((entry) => entry.answer.length > 0).length;
          await expect(page.getByRole('region', { name: '成绩' })).toContainText(`未答${items.length - answered}题`);
          const sheet = await api<RecordSheet>(page, QB.qbRecordQuestions, { id: recordId });
          expect(sheet.record.state).toBe(c.result!.state);
          expect(plain(sheet.answers)).toEqual(real(Object.values(c.answers)));
        },
      },
      {
        'xstate.done.actor.open': async (e) => {
          const output = (e as unknown as { output: OpenedExam }).output;
          // Handed in elsewhere (another tab) while this one opens it.
          if (kindOf(output) === 'handedIn') await api(page, QB.qbHandScore, { body: { recordId } });
          else {
            // From here on the page's time moves only when a step moves it: a few seconds ahead, then still.
            const now = await page.evaluate(() => Date.now());
            await page.clock.pauseAt(now + 10_000);
          }
          await held.pass('sheet');
        },
        'xstate.error.actor.open': async () => held.drop('sheet'),
        RETRY: async () => page.getByRole('button', { name: /^(重新加载|重新交卷)$/ }).click(),
        ANSWER: async (e) => {
          const { answer } = e as unknown as { answer: string[] };
          await page.keyboard.press(String('ABCD'.indexOf(answer[0]!) + 1));
        },
        REQUEST_HAND_IN: async () => page.getByRole('button', { name: '交卷', exact: true }).click(),
        CANCEL_HAND_IN: async () => page.getByRole('button', { name: '继续作答' }).click(),
        CONFIRM_HAND_IN: async () => page.getByRole('dialog', { name: EXAM_TEXTS.confirmTitle }).getByRole('button', { name: '确认交卷' }).click(),
        [DEBOUNCE]: async () => {
          await page.clock.runFor(SAVE_DEBOUNCE_MS);
          await expect.poll(() => held.isHeld('save')).toBe(true);
        },
        'xstate.done.actor.save': async () => {
          failures = 0;
          await held.pass('save');
        },
        'xstate.error.actor.save': async (e) => {
          const { error } = e as unknown as { error: ApiErrorClass };
          if (error.status === 409) {
            // Handed in from another tab before the batch arrives: the server refuses it.
            await api(page, QB.qbHandScore, { body: { recordId } });
            return held.pass('save');
          }
          if (error.status === EXAM_SEAL_STATUS) {
            // An exam of the same paper begun in another tab seals this practice: the server refuses the batch.
            await api(page, QB.qbRecordSave, { body: { source: 'PAPER', sourceId: paper.id, mode: 'EXAM', answers: [] } });
            return held.pass('save');
          }
          failures += 1;
          return held.drop('save');
        },
        [BACKOFF]: async () => {
          await page.clock.runFor(retryDelayMs(failures));
          await expect.poll(() => held.isHeld('save')).toBe(true);
        },
        // The browser loses the network and has it back: the page hears `online`.
        ONLINE: async () => {
          await context.setOffline(true);
          await context.setOffline(false);
        },
        // The countdown's last tick: the page's clock jumps past the deadline.
        [TICK]: async () => {
          const left = secondsOf((await page.getByRole('timer').textContent())!);
          await page.clock.fastForward((left + 1) * 1000);
        },
        'xstate.done.actor.handIn': async () => {
          // The report page that follows runs on time again.
          await page.clock.resume();
          await held.pass('handIn');
        },
        'xstate.error.actor.handIn': async () => held.drop('handIn'),
      },
    );
  });
}
