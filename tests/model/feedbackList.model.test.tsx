/**
 * 我的反馈 on /uc/feedback, model-based: paths from the real feedbackList machine (a pageData load
 * whose page number changes in place) drive the real page. Each load waits on msw until a step
 * answers it: a first page of two, no feedback yet, a failure and its 重新加载, 下一页 / 上一页
 * (PARAMS_CHANGED), and sending a feedback from the form above, which loads page 1 again (RELOAD).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from '../../src/domain/shared/envelope';
import { SITE_CALLS, SITE_EXTRA_CALLS } from '../../src/domain/site/calls';
import { FEEDBACK_TEXTS as T, type FeedbackItem } from '../../src/domain/site/feedback';
import { feedbackListMachine } from '../../src/machines/site/feedbackList.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import FeedbackView from '../../src/views/site/feedback/FeedbackView';
import { click, eventually } from '../support/loginKit';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { heldCalls } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'list'>();
/** The pages the list asked for. */
let asked: number[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(SITE_EXTRA_CALLS.feedbackList, async ({ request }) => {
    asked.push(Number(new URLSearchParams(await request.clone().text()).get('page')));
    return calls.held('list')();
  }),
  answer(SITE_CALLS.feedbackSave, { id: 13 }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof feedbackListMachine.getInitialSnapshot>;
const TEXT = '第三章的视频播放到一半就卡住了，换了浏览器也一样。';
const item = (id: number): FeedbackItem => ({
  id,
  type: 1,
  content: `建议第${id}条：希望增加夜间模式。`,
  images: [],
  status: id === 12 ? 'REPLIED' : 'PENDING',
  reply: id === 12 ? '您好，夜间模式已在计划中。' : null,
  createdAt: '2026-11-20T02:00:00.000Z',
  repliedAt: id === 12 ? '2026-11-20T03:00:00.000Z' : null,
});
const PAGE_1: Page<FeedbackItem> = { records: Array.from({ length: 10 }, (_, i) => item(12 - i)), total: 12, current: 1, size: 10 };
const PAGE_2: Page<FeedbackItem> = { records: [item(2), item(1)], total: 12, current: 2, size: 10 };
const NONE: Page<FeedbackItem> = { records: [], total: 0, current: 1, size: 10 };
const FAILURE = new ApiError('服务器错误(500)', 500, 500);

const mine = () => within(screen.getByRole('region', { name: T.listTitle }));

describeModel('feedbackList on /uc/feedback', {
  machine: feedbackListMachine,
  input: 1,
  start: '登录后打开 /uc/feedback（意见反馈），看下方“我的反馈”',
  events: (s) => {
    const page = s.context.params;
    if (s.matches('loading'))
      return (
        page === 1
          ? [
              { type: 'xstate.done.actor.load', output: PAGE_1 },
              { type: 'xstate.done.actor.load', output: NONE },
              { type: 'xstate.error.actor.load', error: FAILURE },
            ]
          : [{ type: 'xstate.done.actor.load', output: PAGE_2 }]
      ) as never[];
    if (s.matches('failed')) return [{ type: 'RETRY' }] as never[];
    // The form's 提交 loads page 1 again: RELOAD on page 1, PARAMS_CHANGED back to it from another.
    if (s.matches('empty')) return [{ type: 'RELOAD' }] as never[];
    return (page === 1 ? [{ type: 'PARAMS_CHANGED', params: 2 }, { type: 'RELOAD' }] : [{ type: 'PARAMS_CHANGED', params: 1 }]) as never[];
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.params]),
  states: {
    loading: async (s: Snap) => {
      await eventually(() => expect(calls.pending('list')).toBe(true));
      expect(asked.at(-1)).toBe(s.context.params);
      expect(mine().getByRole('status').textContent).toBe('加载中…');
      expect(mine().queryAllByTestId('feedback-item')).toHaveLength(0);
    },
    loaded: async (s: Snap) => {
      const page = s.context.data!;
      await eventually(() =>
        expect(
          mine()
            .getAllByTestId('feedback-item')
            .map((li) => li.querySelector('p')?.textContent),
        ).toEqual(page.records.map((r) => r.content)),
      );
      expect(mine().getByText(`${page.current} / 2`)).toBeTruthy();
      expect((mine().getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(page.current === 1);
      expect((mine().getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(page.current === 2);
      if (page.current === 1) expect(mine().getByTestId('feedback-reply').textContent).toContain('您好，夜间模式已在计划中。');
    },
    empty: async () => {
      await eventually(() => expect(mine().getByTestId('empty-state').textContent).toBe(T.listEmpty));
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(mine().getByTestId('error-state').textContent).toContain(s.context.error!));
      expect(mine().getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: Page<FeedbackItem> }) => calls.respond('list', () => ok(e.output)),
    'xstate.error.actor.load': async (e: { error: ApiError }) => calls.respond('list', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(mine().getByRole('button', { name: '重新加载' })),
    PARAMS_CHANGED: async (e: { params: number }) => click(mine().getByRole('button', { name: e.params === 2 ? '下一页' : '上一页' })),
    RELOAD: async () => {
      // A feedback sent from the form above.
      await click(screen.getByRole('radio', { name: '播放问题' }));
      await act(async () => {
        fireEvent.change(screen.getByRole('textbox', { name: /反馈内容/ }), { target: { value: TEXT } });
      });
      await click(screen.getByRole('button', { name: T.submit }));
      await eventually(() => expect(screen.getByTestId('feedback-sent')).toBeTruthy());
    },
  } as never,
  setup: async () => {
    asked = [];
    renderView(FeedbackView, '/uc/feedback');
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
