/**
 * 我的题库, model-based: paths from the real myQuestionBank machine drive the real view at
 * /question-bank/record. Each tab's list and each removal wait on msw gates that path steps answer:
 * records (or none), the wrong book's subjects (or none), a failure and its 重新加载; 删除所选 / 清空
 * opens the confirmation, 取消 closes it, 确定 removes (done: the list loads again; refused: the
 * dialog says why). Another tab (its link changes the URL) loads in place, whatever the page shows.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { RecordSummary, UserQuestionSubject } from '../../src/domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../src/domain/questionBank/home.texts';
import { httpErrorText } from '../../src/domain/shared/errors';
import { myQuestionBankMachine, type MyQbListing, type MyQbParams, type MyQbRemoval } from '../../src/machines/questionBank/myQuestionBank.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import MyQuestionBankView from '../../src/views/questionBank/home/MyQuestionBankView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { summary } from '../unit/questionBank/qbReport.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const RECORDS: RecordSummary[] = [
  summary({ id: 1, name: '经济真题' }),
  summary({ id: 2, name: '经济模拟卷', state: 'DOING', scoreTenths: null, answeredCount: 40 }),
];
const WRONG: UserQuestionSubject[] = [{ subjectId: 4, subjectName: '建设工程经济', count: 3 }];
const REFUSED = '记录已被删除';
const SERVER_ERROR = httpErrorText(500)!;

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'list' | 'remove';
const calls = heldCalls<Call>();
/** What each removal asked the server to remove. */
const removed: string[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbRecordPageList, calls.held('list')),
  answer(QB.qbUserQuestions, calls.held('list')),
  answer(QB.qbRecordDelete, async ({ request }) => {
    removed.push(`records ${JSON.stringify(((await request.json()) as { ids: number[] }).ids)}`);
    return calls.held('remove')();
  }),
  answer(QB.qbUserQuestionsDelete, ({ params }) => {
    removed.push(`clear ${params.type}/${params.subjectId}`);
    return calls.held('remove')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof myQuestionBankMachine.getInitialSnapshot>;
const START: MyQbParams = { tab: 1, page: 1 };
const WRONG_TAB: MyQbParams = { tab: 2, page: 1 };

const listing = (params: MyQbParams, empty: boolean): MyQbListing =>
  params.tab === 1
    ? { tab: 1, page: { records: empty ? [] : RECORDS, total: empty ? 0 : RECORDS.length, size: 10, current: 1 } }
    : { tab: 2, kind: 'WRONG', subjects: empty ? [] : WRONG };
const removalOf = (params: MyQbParams): MyQbRemoval =>
  params.tab === 1 ? { type: 'records', ids: [2] } : { type: 'clear', kind: 'WRONG', subjectId: 4, subjectName: '建设工程经济' };
const isEmpty = (l: MyQbListing | null) => (l === null ? null : l.tab === 1 ? l.page.records.length === 0 : l.subjects.length === 0);

function events(s: Snap) {
  const { params } = s.context;
  return [
    { type: 'xstate.done.actor.loadListing', output: listing(params, false) },
    { type: 'xstate.done.actor.loadListing', output: listing(params, true) },
    { type: 'xstate.error.actor.loadListing', error: new Error(SERVER_ERROR) },
    { type: 'RETRY' },
    { type: 'PARAMS_CHANGED', params: WRONG_TAB },
    // Only a list with something in it offers a removal.
    ...(isEmpty(s.context.listing) === false ? [{ type: 'ASK_REMOVE', removal: removalOf(params) }] : []),
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'xstate.done.actor.remove', output: undefined },
    { type: 'xstate.error.actor.remove', error: new Error(REFUSED) },
  ];
}

const dialog = () => screen.queryByRole('dialog');
const titleOf = (params: MyQbParams) => (params.tab === 1 ? T.deleteTitle : T.clearTitle(T.wrongBook));
let location: ReturnType<typeof renderView>['location'];

describeModel('myQuestionBank on /question-bank/record', {
  machine: myQuestionBankMachine,
  input: { params: START },
  start: '登录后打开 /question-bank/record（“做题记录”标签）',
  events: events as never,
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.params.tab, isEmpty(s.context.listing), s.context.removeError !== null]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('list')).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(dialog()).toBeNull();
      expect(screen.queryAllByTestId('qb-record')).toHaveLength(0);
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(SERVER_ERROR));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
    shown: async (s: Snap) => {
      const { params } = s.context;
      const tabs = within(screen.getByRole('navigation', { name: T.mineNav }));
      await eventually(() => expect(tabs.getByRole('link', { name: T.mineTabs[params.tab - 1] }).getAttribute('aria-current')).toBe('page'));
      if (isEmpty(s.context.listing)) {
        await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(params.tab === 1 ? T.noRecords : T.noWrong));
      } else if (params.tab === 1) {
        await eventually(() => expect(screen.getAllByTestId('qb-record')).toHaveLength(2));
        expect(within(screen.getAllByTestId('qb-record')[0]!).getByRole('link', { name: T.transcript }).getAttribute('href')).toBe(
          '/question-bank/transcript/1/7',
        );
      } else {
        await eventually(() => expect(screen.getAllByTestId('qb-subject')).toHaveLength(1));
        expect(screen.getByRole('link', { name: T.practiceWrong }).getAttribute('href')).toBe('/question-bank/learn-center-record/wrong?sourceId=4');
      }
      expect(screen.queryByRole('status')).toBeNull();
    },
    'shown.idle': async () => {
      await eventually(() => expect(dialog()).toBeNull());
      expect(calls.pending('remove')).toBeUndefined();
    },
    'shown.confirming': async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('dialog', { name: titleOf(s.context.params) })).toBeTruthy());
      const box = within(dialog()!);
      expect(dialog()!.textContent).toContain(s.context.params.tab === 1 ? T.deleteBody(1) : T.clearBody('建设工程经济', T.wrongBook));
      expect((box.getByRole('button', { name: '确定' }) as HTMLButtonElement).disabled).toBe(false);
      expect((box.getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled).toBe(false);
      if (s.context.removeError) expect(box.getByRole('alert').textContent).toBe(REFUSED);
      else expect(box.queryByRole('alert')).toBeNull();
    },
    'shown.removing': async (s: Snap) => {
      await eventually(() => expect(calls.pending('remove')).toBeDefined());
      expect(removed.at(-1)).toBe(s.context.params.tab === 1 ? 'records [2]' : 'clear WRONG/4');
      const box = within(screen.getByRole('dialog', { name: titleOf(s.context.params) }));
      expect((box.getByRole('button', { name: '处理中…' }) as HTMLButtonElement).disabled).toBe(true);
      expect((box.getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
  exec: {
    'xstate.done.actor.loadListing': async (e: { output: MyQbListing }) =>
      calls.respond('list', () => (e.output.tab === 1 ? ok(e.output.page) : ok(e.output.subjects))),
    'xstate.error.actor.loadListing': async () => calls.respond('list', () => fail('boom', 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    // The 错题本 tab's link: the calls left behind are answered and ignored.
    PARAMS_CHANGED: async (e: { params: MyQbParams }) => {
      calls.release();
      await act(async () => location.navigate(`/question-bank/record?tab=${e.params.tab}`));
    },
    ASK_REMOVE: async (e: { removal: MyQbRemoval }) => {
      if (e.removal.type === 'clear')
        return act(
          async () => void fireEvent.click(screen.getByRole('button', { name: `${T.clear}：${e.removal.type === 'clear' ? e.removal.subjectName : ''}` })),
        );
      const box = screen.getByRole('checkbox', { name: T.select('经济模拟卷') }) as HTMLInputElement;
      // A cancelled removal leaves the record selected.
      if (!box.checked) await act(async () => void fireEvent.click(box));
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: T.deleteSelected(1) })));
    },
    CONFIRM: async () => act(async () => void fireEvent.click(within(dialog()!).getByRole('button', { name: '确定' }))),
    CANCEL: async () => act(async () => void fireEvent.click(within(dialog()!).getByRole('button', { name: '取消' }))),
    'xstate.done.actor.remove': async () => calls.respond('remove', () => ok({ deleted: 1 })),
    'xstate.error.actor.remove': async () => calls.respond('remove', () => fail(REFUSED, 400)),
  } as never,
  setup: async () => {
    calls.reset();
    removed.length = 0;
    ({ location } = renderView(MyQuestionBankView, '/question-bank/record'));
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
