/**
 * The question-bank home (issue 10, point 1): subject and tab in the URL, the section tree with
 * its counts and practice links, a tab's papers with free/locked and the user's attempts.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../../src/domain/catalog/calls';
import { QB_CLASS_TREE } from '../../support/qbClassTree';
import type { PaperListItem, SectionNode } from '../../../src/domain/questionBank/contract';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import QuestionBankHomeView from '../../../src/views/questionBank/home/QuestionBankHomeView';
import { answer, fail, ok } from '../../support/msw';

const paper = (over: Partial<PaperListItem>): PaperListItem => ({
  id: 1,
  name: '模拟试卷一',
  paperType: 'MOCK',
  year: null,
  subjectId: 4,
  durationMinutes: 120,
  totalScoreTenths: 1000,
  passScoreTenths: 600,
  questionCount: 100,
  free: true,
  locked: false,
  attempts: 0,
  bestScoreTenths: null,
  doingRecordId: null,
  ...over,
});
const PAPERS = [
  paper({ id: 11, name: '经济模拟卷（免费）', attempts: 2, bestScoreTenths: 725, doingRecordId: 90 }),
  paper({ id: 12, name: '经济模拟卷（付费）', free: false, locked: true }),
  paper({ id: 13, name: '2023年真题', paperType: 'REAL' }),
];
const SECTIONS: SectionNode[] = [
  {
    id: 100,
    name: '第一章 资金时间价值',
    questionCount: 12,
    doneCount: 5,
    children: [{ id: 101, name: '1.1 利息计算', questionCount: 12, doneCount: 5, children: [] }],
  },
];

const asked: { sectionSubject: string[] } = { sectionSubject: [] };
const server = setupServer(
  answer(CATALOG_CALLS.classTreeList, QB_CLASS_TREE),
  answer(CATALOG_EXTRA_CALLS.teacherList, [
    { project: { id: 2, name: '一级建造师' }, teachers: [{ id: 1, name: '王建国', title: '高级工程师', avatar: '/a.svg', intro: '主讲经济。' }] },
  ]),
  answer(QB.qbPaperPageList, async ({ request }) => {
    const body = (await request.json()) as { subjectId?: number };
    const records = body.subjectId ? PAPERS.filter((p) => p.subjectId === body.subjectId) : PAPERS;
    return ok({ records, total: records.length, size: 50, current: 1 });
  }),
  answer(QB.qbSectionTree, ({ params }) => {
    asked.sectionSubject.push(String(params.id));
    return ok(params.id === '4' ? SECTIONS : []);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.sectionSubject = [];
});
afterAll(() => server.close());

function renderHome(path = '/question-bank/home') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <FluentProvider theme={webLightTheme}>
          <QuestionBankHomeView />
        </FluentProvider>
      </AppProvider>
    </Router>,
  );
  return location;
}

describe('QuestionBankHomeView', () => {
  it('opens on the first subject with a bank (listed first), tab 1: the section tree with counts and practice links', async () => {
    renderHome();
    const leaf = await screen.findByRole('link', { name: '开始练习：1.1 利息计算' });
    expect(leaf.getAttribute('href')).toBe('/question-bank/learn-center-record/section?sourceId=101');
    // The chapter has children: no practice link of its own; both show done / count.
    expect(screen.queryByRole('link', { name: '开始练习：第一章 资金时间价值' })).toBeNull();
    expect(screen.getAllByText('已做 5 / 12 题')).toHaveLength(2);
    const subjects = within(screen.getByRole('navigation', { name: '选择考试科目' }));
    expect(subjects.getAllByRole('link').map((a) => a.textContent)).toEqual(['建设工程经济', '建设工程项目管理']);
    expect(subjects.getByRole('link', { name: '建设工程经济' }).getAttribute('aria-current')).toBe('page');
    expect(asked.sectionSubject).toEqual(['4']);
    // A visitor is asked to log in; the project's teachers are listed.
    expect(screen.getByRole('button', { name: '登录 / 注册' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '王建国' })).toBeTruthy();
  });

  it('keeps subject and tab in the URL; tab 2 lists the mock papers with free, locked, attempts and continue', async () => {
    const location = renderHome('/question-bank/home?subjectId=4');
    fireEvent.click(await screen.findByRole('link', { name: '模拟试卷' }));
    expect(location.history?.at(-1)).toBe('/question-bank/home?subjectId=4&tab=2');
    const items = await screen.findAllByTestId('qb-paper');
    expect(items).toHaveLength(2);
    const free = within(items[0] as HTMLElement);
    expect(free.getByText('免费')).toBeTruthy();
    expect(free.getByText('已做 2 次')).toBeTruthy();
    expect(free.getByText('最高 72.5 分')).toBeTruthy();
    expect(free.getByRole('link', { name: '继续作答' }).getAttribute('href')).toBe('/question-bank/learn-center/11/90');
    const locked = within(items[1] as HTMLElement);
    expect(locked.getByText('付费')).toBeTruthy();
    expect(locked.getByRole('link', { name: '购买课程' }).getAttribute('href')).toBe('/course/pro-course?projectId=2');
    expect(screen.getByRole('link', { name: '模拟试卷' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: '历年真题' }));
    await waitFor(() => expect(screen.getAllByTestId('qb-paper').map((el) => within(el).getByRole('heading').textContent)).toEqual(['2023年真题']));
  });

  it('a subject without sections says so; a failed load offers 重新加载', async () => {
    renderHome('/question-bank/home?subjectId=3&tab=1');
    expect(await screen.findByText('该科目暂无章节练习')).toBeTruthy();
    server.use(answer(QB.qbPaperPageList, () => fail('服务繁忙', 500)));
    fireEvent.click(screen.getByRole('link', { name: '模拟试卷' }));
    expect(await screen.findByTestId('error-state')).toBeTruthy();
    server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('该科目暂无此类试卷')).toBeTruthy();
  });
});
