/**
 * The course player's screens with msw: an owner's video with the catalogue and its progress, a
 * visitor or non-owner told how to get the course, a paper opening the question bank, a handout
 * inline, a live courseware's state, and a failed load with its retry.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import type { CoursewareInfo } from '../../../src/domain/learning/contract';
import { forgetLearningOutbox, MemoryOutbox } from '../../../src/services/learning/learningOutbox';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import CoursePlayerView from '../../../src/views/learning/player/CoursePlayerView';
import { click, eventually } from '../../support/loginKit';
import { renderView, sessionHandlers } from '../commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE } from './player.fixtures';
import { answer, fail, ok } from '../../support/msw';

let current: CoursewareInfo = info();
const records: { learnedTime: number; coursewareId: number }[] = [];
let failInfo = false;
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, OUTLINE),
  answer(LEARNING_CALLS.coursewareInfo, () => (failInfo ? fail('服务器错误(500)', 500) : ok(current))),
  answer(LEARNING_CALLS.ccConfig, () => ok(current.type === 'EBOOK' ? { ...CONFIG, kind: 'pdf', url: '/media/73/document.pdf?uid=1&exp=1&sig=x' } : CONFIG)),
  answer(LEARNING_CALLS.lastLearnedRecord, null),
  answer(CATALOG_CALLS.firstAudition, null),
  answer(LEARNING_CALLS.addLearnedRecord, async ({ request }) => {
    const record = (await request.json()) as { learnedTime: number; coursewareId: number };
    records.push(record);
    return ok({ coursewareId: record.coursewareId, counted: true, studyPercentageInfo: { learnedTotalTime: 70, studyPercentage: 11, progressBar: 125 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  dismissAllToasts();
  current = info();
  failInfo = false;
});
afterAll(() => server.close());

const open = (search = '?coursewareId=70', loggedIn = true) => {
  forgetLearningOutbox(new MemoryOutbox());
  return renderView(CoursePlayerView, `/course-player/7${search}`, { pattern: '/course-player/:id', loggedIn });
};

describe('CoursePlayerView', () => {
  it("plays an owner's video beside the catalogue, the lesson marked and each lesson's progress shown", async () => {
    open();
    await eventually(() => expect(screen.getByTestId('course-video')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1, name: '第1讲 资金时间价值' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '课程目录' });
    expect(within(nav).getByRole('link', { current: true }).textContent).toContain('第1讲 资金时间价值');
    expect(within(nav).getByRole('progressbar', { name: '已学 10%' })).toBeTruthy();
    expect(
      within(nav)
        .getByRole('link', { name: /章节测验/ })
        .getAttribute('href'),
    ).toBe('/question-bank/learn-center-paper/9');
    expect(screen.getByTestId('record-state').textContent).toContain('学习进度已记录');
    expect((screen.getByRole('button', { name: '上一节' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '下一节' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('records what was watched when the student moves to another lesson in the page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    try {
      const { location } = open();
      await eventually(() => expect(screen.getByTestId('course-video')).toBeTruthy());
      fireEvent.playing(screen.getByTestId('course-video'));
      vi.setSystemTime(Date.now() + 7_000);
      location.navigate('/course-player/7?coursewareId=71');
      await eventually(() => expect(records).toEqual([expect.objectContaining({ coursewareId: 70, learnedTime: 7 })]));
    } finally {
      vi.useRealTimers();
      records.length = 0;
    }
  });

  it('tells a visitor how to get the course and records nothing', async () => {
    current = info({ owned: false, recordable: false, watchTicket: null });
    open('?coursewareId=70', false);
    await eventually(() => expect(screen.getByText('登录并购买课程后即可学习，试听课件可直接观看')).toBeTruthy());
    expect(screen.getByRole('button', { name: '登录后学习' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去购买' }).getAttribute('href')).toBe('/course/detail/7');
    expect(screen.queryByTestId('record-state')).toBeNull();
    expect(screen.queryByTestId('course-video')).toBeNull();
  });

  it('sends a paper to the question bank and shows a handout inline', async () => {
    current = info({ type: 'PAPER', coursewareName: '章节测验', paperId: 9, recordable: false, watchTicket: null, duration: 0 });
    open('?coursewareId=72');
    await eventually(() => expect(screen.getByRole('link', { name: '去做题' }).getAttribute('href')).toBe('/question-bank/learn-center-paper/9'));
    cleanup();
    current = info({ type: 'EBOOK', coursewareName: '公式速记手册', coursewareId: 73, recordable: false, watchTicket: null, duration: 0 });
    open('?coursewareId=73');
    await eventually(() => expect(screen.getByTitle('课程讲义：公式速记手册').getAttribute('src')).toContain('/media/73/document.pdf'));
  });

  it("shows a live courseware's state, and a failed load with its retry", async () => {
    current = info({ type: 'LIVE', live: { state: 'REPLAY', startsAt: 1, endsAt: 2 }, owned: false, freeAudition: true, recordable: false, watchTicket: null });
    open();
    await eventually(() => expect(screen.getByText('直播回放')).toBeTruthy());
    cleanup();
    failInfo = true;
    open();
    await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
    failInfo = false;
    await click(screen.getByRole('button', { name: '重新加载' }));
    await eventually(() => expect(screen.getByTestId('course-video')).toBeTruthy());
  });
});
