/**
 * The paper page (issue 10, point 2): the introduction, start links for a logged-in student
 * (continue when a record is open, buy when locked) and the login modal for a visitor.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { browserDeps, createAuthSession } from '../../../src/app/authSession';
import type { UserInfo } from '../../../src/domain/account/contract';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { PaperDetail, RecordSummary } from '../../../src/domain/questionBank/contract';
import { PATTERNS } from '../../../src/paths';
import { closeLoginModal, isLoginModalOpen } from '../../../src/services/shared/loginModal';
import PaperDetailView from '../../../src/views/questionBank/home/PaperDetailView';
import { answer, ok } from '../../support/msw';

const PAPER: PaperDetail = {
  id: 11,
  name: '2025年建设工程经济真题',
  paperType: 'REAL',
  year: 2025,
  subjectId: 4,
  durationMinutes: 120,
  totalScoreTenths: 1000,
  passScoreTenths: 600,
  questionCount: 100,
  free: true,
  locked: false,
  attempts: 1,
  bestScoreTenths: 725,
  doingRecordId: null,
  subjectName: '建设工程经济',
  projectId: 2,
  projectName: '一级建造师',
  countsByType: [
    { type: 'SINGLE', count: 60, scoreTenths: 600 },
    { type: 'MULTIPLE', count: 20, scoreTenths: 400 },
  ],
  courseId: null,
};
const RECORD: RecordSummary = {
  id: 50,
  source: 'PAPER',
  sourceId: 11,
  name: PAPER.name,
  mode: 'EXAM',
  state: 'DONE',
  startedAt: Date.UTC(2026, 10, 1),
  handedInAt: Date.UTC(2026, 10, 1, 2),
  scoreTenths: 725,
  totalScoreTenths: 1000,
  questionCount: 100,
  answeredCount: 100,
};

let paper: PaperDetail = PAPER;
const server = setupServer(
  answer(QB.qbPaperDetail, () => ok(paper)),
  answer(QB.qbRecordPageList, { records: [RECORD, { ...RECORD, id: 51, sourceId: 99 }], total: 2, size: 50, current: 1 }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  paper = PAPER;
  closeLoginModal();
});
afterAll(() => server.close());

const USER = { id: 1, account: '13800138000', nickname: '学途同学', avatar: '', headImg: '', mobile: '13800138000', bindMobile: true } as unknown as UserInfo;

function renderPaper(loggedIn: boolean) {
  const location = memoryLocation({ path: '/question-bank/learn-center-paper/11', record: true });
  const deps = { ...browserDeps(), checkStatus: () => Promise.resolve(loggedIn), fetchUserInfo: () => Promise.resolve(USER) };
  const session = createAuthSession(deps, loggedIn ? { token: 't', user: USER, userInfoFresh: true } : { token: null, user: null, userInfoFresh: false });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={session}>
        <FluentProvider theme={webLightTheme}>
          <Route path={PATTERNS.paperDetail} component={PaperDetailView} />
        </FluentProvider>
      </AppProvider>
    </Router>,
  );
  return location;
}

describe('PaperDetailView', () => {
  it('shows the introduction and, logged in, the start links and this paper’s records', async () => {
    renderPaper(true);
    expect(await screen.findByRole('heading', { level: 1, name: PAPER.name })).toBeTruthy();
    expect(screen.getByText('120 分钟')).toBeTruthy();
    expect(screen.getByText('60 题，共 60 分')).toBeTruthy();
    expect(screen.getByText('已做 1 次，最高 72.5 分')).toBeTruthy();
    expect(screen.getByRole('link', { name: '开始考试' }).getAttribute('href')).toBe('/question-bank/learn-center/11');
    expect(screen.getByRole('link', { name: '练习模式' }).getAttribute('href')).toBe('/question-bank/learn-center/11?mode=practice');
    const records = await screen.findAllByTestId('qb-paper-record');
    expect(records).toHaveLength(1);
    expect(
      within(records[0] as HTMLElement)
        .getByRole('link', { name: '成绩单' })
        .getAttribute('href'),
    ).toBe('/question-bank/transcript/50/11');
  });

  it('offers 继续作答 for the open record', async () => {
    paper = { ...PAPER, doingRecordId: 77 };
    renderPaper(true);
    expect((await screen.findByRole('link', { name: '继续作答' })).getAttribute('href')).toBe('/question-bank/learn-center/11/77');
  });

  it('a locked paper: 购买课程后作答 to the selling course', async () => {
    paper = { ...PAPER, free: false, locked: true, courseId: 8 };
    renderPaper(true);
    expect((await screen.findByRole('link', { name: '购买课程后作答' })).getAttribute('href')).toBe('/course/detail/8');
    expect(screen.queryByRole('link', { name: '开始考试' })).toBeNull();
  });

  it('a visitor is asked to log in by the start buttons, and by 登录后作答 on a locked paper', async () => {
    renderPaper(false);
    fireEvent.click(await screen.findByRole('button', { name: '练习模式' }));
    expect(isLoginModalOpen()).toBe(true);
    closeLoginModal();
    expect(screen.queryByTestId('qb-paper-record')).toBeNull();
  });

  it('a visitor on a locked paper: 登录后作答 opens the login modal', async () => {
    paper = { ...PAPER, free: false, locked: true };
    renderPaper(false);
    fireEvent.click(await screen.findByRole('button', { name: '登录后作答' }));
    expect(isLoginModalOpen()).toBe(true);
  });
});
