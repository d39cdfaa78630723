/**
 * The answering screen in Chromium (issue 10): a demo student opens the 200-question paper; the
 * bench times the open (navigation → question 1 and the 200-cell answer sheet on screen) and, for
 * a series of answers, the time from the click on an option to the frame that shows it chosen
 * (target ≤ 50 ms). Reported, never failing: the machine is shared.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './lighthouse';
import { HOST } from './server';

export const ANSWER_PAINT_TARGET_MS = 50;

/**
 * Clicks an option not yet chosen and resolves with the ms until the frame after it shows chosen
 * (-1 when every option is chosen). A string: the bench runs through tsx, whose helpers the page
 * does not have.
 */
const CLICK_TO_PAINT = `new Promise((resolve) => {
  const target = document.querySelector('.xt-answer__option:not(.xt-answer__option--chosen)');
  if (!target) return resolve(-1);
  const t0 = performance.now();
  target.click();
  const check = () => {
    if (target.classList.contains('xt-answer__option--chosen')) requestAnimationFrame(() => resolve(performance.now() - t0));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

export interface ExamBenchResult {
  paperName: string;
  questions: number;
  openMs: number;
  answers: number;
  answerMedianMs: number;
  answerP95Ms: number;
  answerMaxMs: number;
}

interface PaperRow {
  id: number;
  name: string;
  free: boolean;
  questionCount: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export async function measureExam(port: number, answers = 30): Promise<ExamBenchResult> {
  const origin = `http://${HOST}:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: `${origin}/new/`, locale: 'zh-CN' });
    const page = await context.newPage();
    // Log in the way the site does (password, RSA in the page), so the session is the browser's own.
    await page.goto('uc/login');
    await page.getByTestId('tab-password').click();
    await page.getByTestId('mobile-input').fill('13800138000');
    await page.getByTestId('password-input').fill('xuetu123');
    await page.getByTestId('agreement').check();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.includes('/uc/login'));
    const list = await page.request.post(`${origin}/questionbank/front/api/paper/getPageList`, { data: { current: 1, size: 50 } });
    const papers = ((await list.json()) as { data: { records: PaperRow[] } }).data.records;
    const paper = papers.filter((p) => p.free).sort((a, b) => b.questionCount - a.questionCount)[0];
    if (!paper) throw new Error('no free paper in the demo data');

    const started = Date.now();
    await page.goto(`question-bank/learn-center/${paper.id}?mode=practice`);
    await page.locator('.xt-answer__question').waitFor();
    await page
      .locator('.xt-answer__cell')
      .nth(paper.questionCount - 1)
      .waitFor();
    const openMs = Date.now() - started;

    const times: number[] = [];
    for (let i = 0; i < answers; i++) {
      const option = page.locator('.xt-answer__option');
      if ((await option.count()) === 0) {
        await page.keyboard.press('ArrowRight');
        continue;
      }
      const ms = await page.evaluate<number>(CLICK_TO_PAINT);
      if (ms >= 0) times.push(ms);
      await page.keyboard.press('ArrowRight');
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      paperName: paper.name,
      questions: paper.questionCount,
      openMs,
      answers: times.length,
      answerMedianMs: Math.round(percentile(sorted, 50) * 10) / 10,
      answerP95Ms: Math.round(percentile(sorted, 95) * 10) / 10,
      answerMaxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
