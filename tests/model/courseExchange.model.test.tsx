/**
 * 兑换课程 (/course-exchange), model-based: paths from the real courseExchange machine drive the real
 * view of a logged-in student. Typing (nothing, a malformed code, a good one typed with dashes and
 * spaces), 立即兑换 (refused by the format rule, or sent), the server's answer held on msw until a
 * step gives it (the course granted, or each refusal kind), and 继续兑换.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { RedeemResult } from '../../src/domain/commerce/contract';
import { COUPON_TEXTS } from '../../src/domain/commerce/coupons.texts';
import { courseExchangeMachine, redeemCodeError } from '../../src/machines/commerce/courseExchange.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CourseExchangeView from '../../src/views/commerce/coupons/CourseExchangeView';
import { click, eventually, setInput } from '../support/loginKit';
import { NOW, renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { heldCalls } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'redeem'>();
/** The codes the server was sent (as the server reads them). */
let sent: string[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(COMMERCE_EXTRA_CALLS.redeemCode, async (info) => {
    sent.push(((await info.request.clone().json()) as { code: string }).code);
    return calls.held('redeem')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof courseExchangeMachine.getInitialSnapshot>;
const RESULT: RedeemResult = { courseId: 11, courseType: 'SYS', title: '《建设工程经济》精讲班', validUntil: NOW + 180 * 86_400_000 };
const GOOD = ' xt27-jj01 demo ';
const input = () => screen.getByTestId('redeem-code') as HTMLInputElement;
const codeKind = (code: string) => (code.trim() === '' ? 'empty' : redeemCodeError(code) === null ? 'good' : 'bad');

describeModel('courseExchange on /course-exchange', {
  machine: courseExchangeMachine,
  start: '登录后打开 /course-exchange（兑换课程）',
  events: [
    { type: 'EDIT', value: '' },
    { type: 'EDIT', value: 'xt27-?' },
    { type: 'EDIT', value: GOOD },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.redeem', output: RESULT },
    { type: 'xstate.error.actor.redeem', error: new ApiError('该兑换码已被使用', 400, 400) },
    { type: 'xstate.error.actor.redeem', error: new ApiError('兑换尝试次数过多，请1小时后再试', 429, 429) },
    { type: 'AGAIN' },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, codeKind(s.context.code), s.context.error]),
  states: {
    editing: async (s: Snap) => {
      await eventually(() => expect(input().value).toBe(s.context.code));
      expect(input().disabled).toBe(false);
      expect((screen.getByRole('button', { name: COUPON_TEXTS.exchange }) as HTMLButtonElement).disabled).toBe(false);
      if (s.context.error) {
        expect(screen.getByTestId('redeem-error').textContent).toBe(s.context.error);
        expect(input().getAttribute('aria-invalid')).toBe('true');
      } else {
        expect(screen.queryByTestId('redeem-error')).toBeNull();
        expect(screen.getByText(COUPON_TEXTS.codeHint)).toBeTruthy();
      }
      expect(calls.pending('redeem')).toBe(false);
    },
    redeeming: async () => {
      await eventually(() => expect(calls.pending('redeem')).toBe(true));
      expect(sent.at(-1)).toBe('XT27JJ01DEMO');
      expect((screen.getByRole('button', { name: COUPON_TEXTS.exchanging }) as HTMLButtonElement).disabled).toBe(true);
      expect(input().disabled).toBe(true);
    },
    redeemed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('redeem-success')).toBeTruthy());
      const success = within(screen.getByTestId('redeem-success'));
      expect(success.getByText(COUPON_TEXTS.exchangedCourse(s.context.result!.title))).toBeTruthy();
      expect(success.getByRole('link', { name: COUPON_TEXTS.goStudy }).getAttribute('href')).toBe('/course/detail/11');
      expect(screen.queryByTestId('redeem-code')).toBeNull();
    },
  },
  exec: {
    EDIT: async (e: { value: string }) => setInput('redeem-code', e.value),
    SUBMIT: async () => click(screen.getByRole('button', { name: COUPON_TEXTS.exchange })),
    'xstate.done.actor.redeem': async (e: { output: RedeemResult }) => calls.respond('redeem', () => ok(e.output)),
    'xstate.error.actor.redeem': async (e: { error: ApiError }) => calls.respond('redeem', () => fail(e.error.message, e.error.status)),
    AGAIN: async () => click(screen.getByRole('button', { name: COUPON_TEXTS.exchangeAnother })),
  } as never,
  setup: async () => {
    sent = [];
    renderView(CourseExchangeView, '/course-exchange');
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
