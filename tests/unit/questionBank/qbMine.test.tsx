/**
 * /question-bank/record (issue 10, point 6): the records with their links and the confirmed
 * delete, and the wrong book's clear per subject.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { RecordSummary, UserQuestionSubject } from '../../../src/domain/questionBank/contract';
import MyQuestionBankView from '../../../src/views/questionBank/home/MyQuestionBankView';
import { answer, ok } from '../../support/msw';

const record = (over: Partial<RecordSummary>): RecordSummary => ({
  id: 1,
  source: 'PAPER',
  sourceId: 11,
  name: '经济真题',
  mode: 'EXAM',
  state: 'DONE',
  startedAt: Date.UTC(2026, 10, 1, 2),
  handedInAt: Date.UTC(2026, 10, 1, 3),
  scoreTenths: 725,
  totalScoreTenths: 1000,
  questionCount: 100,
  answeredCount: 100,
  ...over,
});

let records: RecordSummary[] = [];
let wrong: UserQuestionSubject[] = [];
const deleted: number[][] = [];
const cleared: string[] = [];
const server = setupServer(
  answer(QB.qbRecordPageList, () => ok({ records, total: records.length, size: 10, current: 1 })),
  answer(QB.qbRecordDelete, async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    deleted.push(ids);
    records = records.filter((r) => !ids.includes(r.id));
    return ok({ deleted: ids.length });
  }),
  answer(QB.qbUserQuestions, () => ok(wrong)),
  answer(QB.qbUserQuestionsDelete, ({ params }) => {
    cleared.push(`${String(params.type)}/${String(params.subjectId)}`);
    wrong = wrong.filter((s) => String(s.subjectId) !== params.subjectId);
    return ok({ deleted: 3 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  deleted.length = 0;
  cleared.length = 0;
});
afterAll(() => server.close());

function renderMine(path = '/question-bank/record') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <FluentProvider theme={webLightTheme}>
          <MyQuestionBankView />
        </FluentProvider>
      </AppProvider>
    </Router>,
  );
  return location;
}

describe('MyQuestionBankView', () => {
  it('lists records with the link each state leads to, and deletes the selected after the confirmation', async () => {
    records = [
      record({ id: 1 }),
      record({ id: 2, name: '经济模拟卷', state: 'DOING', scoreTenths: null, answeredCount: 40 }),
      record({ id: 3, name: '实务真题', state: 'MARKING' }),
    ];
    renderMine();
    const rows = await screen.findAllByTestId('qb-record');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '成绩单' })
        .getAttribute('href'),
    ).toBe('/question-bank/transcript/1/11');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '解析' })
        .getAttribute('href'),
    ).toBe('/question-bank/learn-center-analyze/11/1');
    expect(within(rows[0] as HTMLElement).getByText('72.5 / 100 分')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: '继续作答' })
        .getAttribute('href'),
    ).toBe('/question-bank/learn-center/11/2');
    expect(within(rows[1] as HTMLElement).getByText('已答 40 / 100 题')).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: '去批阅' })
        .getAttribute('href'),
    ).toBe('/question-bank/learn-center-mark/3');

    expect((screen.getByRole('button', { name: '删除所选（0）' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 经济模拟卷' }));
    fireEvent.click(screen.getByRole('button', { name: '删除所选（1）' }));
    // Cancelling deletes nothing.
    fireEvent.click(within(screen.getByRole('dialog', { name: '删除做题记录' })).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除所选（1）' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: '删除做题记录' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getAllByTestId('qb-record')).toHaveLength(2));
    expect(deleted).toEqual([[2]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps back to the last page when the last record of the last page is deleted', async () => {
    records = Array.from({ length: 11 }, (_, i) => record({ id: i + 1, name: `试卷${i + 1}` }));
    server.use(
      answer(QB.qbRecordPageList, async ({ request }) => {
        const { current, size } = (await request.json()) as { current: number; size: number };
        return ok({ records: records.slice((current - 1) * size, current * size), total: records.length, size, current });
      }),
    );
    const location = renderMine('/question-bank/record?tab=1&page=2');
    await screen.findByRole('checkbox', { name: '选择 试卷11' });
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 试卷11' }));
    fireEvent.click(screen.getByRole('button', { name: '删除所选（1）' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: '删除做题记录' })).getByRole('button', { name: '确定' }));
    await screen.findByRole('checkbox', { name: '选择 试卷10' });
    expect(screen.getAllByRole('checkbox', { name: /^选择 试卷/ })).toHaveLength(10);
    expect(screen.queryByText('暂无做题记录')).toBeNull();
    expect(location.history!.at(-1)).toMatch(/page=1/);
    expect(deleted).toEqual([[11]]);
  });

  it('错题本: each subject with its count, practice and view links, and clear after the confirmation', async () => {
    wrong = [
      { subjectId: 4, subjectName: '建设工程经济', count: 3 },
      { subjectId: 7, subjectName: '综合素质', count: 1 },
    ];
    renderMine('/question-bank/record?tab=2');
    const rows = await screen.findAllByTestId('qb-subject');
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('3 题')).toBeTruthy();
    expect(first.getByRole('link', { name: '练习错题' }).getAttribute('href')).toBe('/question-bank/learn-center-record/wrong?sourceId=4');
    expect(first.getByRole('link', { name: '查看错题' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze-record/wrong?subjectId=4');
    fireEvent.click(first.getByRole('button', { name: '清空：建设工程经济' }));
    const dialog = within(screen.getByRole('dialog', { name: '清空错题本' }));
    expect(dialog.getByText('确定清空「建设工程经济」的错题本吗？')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getAllByTestId('qb-subject')).toHaveLength(1));
    expect(cleared).toEqual(['WRONG/4']);
    expect(screen.getByRole('link', { name: '错题本' }).getAttribute('aria-current')).toBe('page');
  });

  it('an empty favourites tab says so', async () => {
    server.use(answer(QB.qbUserQuestions, []));
    renderMine('/question-bank/record?tab=3');
    expect(await screen.findByText('还没有收藏题目')).toBeTruthy();
  });
});
