/**
 * Self-marking (learn-center-mark) with msw: the written answers beside their keys, marks refused
 * until every answered one has a valid half-point mark, the quick buttons, the marks sent and the
 * transcript next; a refused submit is retried; a record with nothing to mark goes to its transcript.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { HandScoreRequest, RecordSheet } from '../../../src/domain/questionBank/contract';
import { QB_TEXTS } from '../../../src/domain/questionBank/texts';
import PaperMarkView from '../../../src/views/questionBank/report/PaperMarkView';
import { question, renderView, summary } from './qbReport.fixtures';
import { answer, fail, ok } from '../../support/msw';

const CASE = question(3, 'CASE', {
  stem: '某项目的案例材料……',
  scoreTenths: 80,
  subs: [question(31, 'SINGLE', { no: 1, scoreTenths: 40 }), question(32, 'SHORT_ANSWER', { no: 2, scoreTenths: 40, stem: '请计算该项目的净现值。' })],
});
const SHEET: RecordSheet = {
  record: summary({ state: 'MARKING', scoreTenths: null }),
  deadlineAt: null,
  serverNow: Date.now(),
  questions: [question(1, 'SINGLE'), question(2, 'SHORT_ANSWER', { scoreTenths: 50, stem: '简述资金时间价值的含义。' }), CASE, question(4, 'SHORT_ANSWER')],
  answers: [
    { questionId: 1, answer: ['A'], flagged: false, version: 1 },
    { questionId: 2, answer: ['资金随时间推移而增值。'], flagged: false, version: 2 },
    { questionId: 32, answer: ['NPV = 120万元'], flagged: false, version: 3 },
  ],
  keys: [
    { questionId: 2, answer: ['资金在扩大再生产及循环周转中随时间变化而产生的增值。'], analysis: '要点：增值、时间、周转。' },
    { questionId: 32, answer: ['NPV = 118.6万元'], analysis: '按8%折现。' },
  ],
};

let sheet: RecordSheet = SHEET;
let refuseHandIn = 0;
const handIns: HandScoreRequest[] = [];
const server = setupServer(
  answer(QB.qbRecordQuestions, () => ok(sheet)),
  answer(QB.qbHandScore, async ({ request }) => {
    handIns.push((await request.json()) as HandScoreRequest);
    return refuseHandIn-- > 0 ? fail('网络开小差了', 500) : ok(summary({ state: 'DONE' }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sheet = SHEET;
  refuseHandIn = 0;
  handIns.length = 0;
});
afterAll(() => server.close());

const open = () => renderView(PaperMarkView, '/question-bank/learn-center-mark/55', { recordId: '55' });
const markOf = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const card = (title: RegExp) => screen.getByRole('article', { name: title });

describe('PaperMarkView', () => {
  it('shows each written answer beside the reference answer and its explanation, with the case material', async () => {
    open();
    const short = await screen.findByRole('article', { name: /第2题 · 简答题 · 满分5分/ });
    expect(within(short).getByRole('region', { name: '你的答案' }).textContent).toContain('资金随时间推移而增值。');
    expect(within(short).getByRole('region', { name: '参考答案' }).textContent).toMatch(/随时间变化而产生的增值.*要点：增值、时间、周转。/);
    const sub = card(/第3-2题 · 案例分析题 · 满分4分/);
    expect(within(sub).getByRole('region', { name: '案例材料' }).textContent).toContain('某项目的案例材料');
    // The unanswered one counts 0 and takes no mark; objective ones are not listed.
    expect(within(card(/第4题/)).getByText('未作答，计0分')).toBeTruthy();
    expect(screen.queryByRole('article', { name: /第1题/ })).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });

  it('refuses missing and off-grid marks in Chinese, then sends half-point marks and opens the transcript', async () => {
    const { current } = open();
    await screen.findByRole('article', { name: /第2题/ });
    fireEvent.click(screen.getByRole('button', { name: '提交批阅' }));
    expect(await screen.findAllByText(QB_TEXTS.marksMissing)).toHaveLength(2);
    expect(markOf(/得分（0–5分）/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(markOf(/得分（0–5分）/));

    fireEvent.change(markOf(/得分（0–5分）/), { target: { value: '5.5' } });
    fireEvent.click(within(card(/第3-2题/)).getByRole('button', { name: '半分（2分）' }));
    expect(markOf(/得分（0–4分）/).value).toBe('2');
    expect(
      within(card(/第3-2题/))
        .getByRole('button', { name: '半分（2分）' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '提交批阅' }));
    expect(await screen.findByText(QB_TEXTS.markInvalid)).toBeTruthy();
    expect(handIns).toHaveLength(0);

    fireEvent.change(markOf(/得分（0–5分）/), { target: { value: '３.5' } });
    expect(screen.queryByText(QB_TEXTS.markInvalid)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交批阅' }));
    await waitFor(() => expect(current()).toBe('/question-bank/transcript/55/7'));
    expect(handIns).toEqual([
      {
        recordId: 55,
        marks: [
          { questionId: 2, scoreTenths: 35 },
          { questionId: 32, scoreTenths: 20 },
        ],
      },
    ]);
  });

  it('keeps the marks after a failed submit and sends them again on 重新提交', async () => {
    refuseHandIn = 1;
    const { current } = open();
    await screen.findByRole('article', { name: /第2题/ });
    fireEvent.click(within(card(/第2题/)).getByRole('button', { name: '满分（5分）' }));
    fireEvent.click(within(card(/第3-2题/)).getByRole('button', { name: '0分' }));
    fireEvent.click(screen.getByRole('button', { name: '提交批阅' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/服务器错误/);
    expect(markOf(/得分（0–5分）/).value).toBe('5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    });
    await waitFor(() => expect(current()).toBe('/question-bank/transcript/55/7'));
    expect(handIns).toHaveLength(2);
    expect(handIns[1]!.marks).toEqual([
      { questionId: 2, scoreTenths: 50 },
      { questionId: 32, scoreTenths: 0 },
    ]);
  });

  it('sends a record that is not waiting for marks to its transcript', async () => {
    sheet = { ...SHEET, record: summary({ state: 'DONE' }) };
    const { current } = open();
    await waitFor(() => expect(current()).toBe('/question-bank/transcript/55/7'));
    expect(handIns).toHaveLength(0);
  });
});
