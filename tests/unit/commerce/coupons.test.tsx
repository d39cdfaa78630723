/**
 * 我的优惠券, 领取优惠券, 课程活动 and 兑换课程 (issue 9, point 6): coupons by state from the URL with
 * value, threshold, scope, validity and 占用; claiming (a visitor logs in through the modal first);
 * the activity and its empty state; redeeming a code with the format rule and the server's messages.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_EXTRA_CALLS } from '../../../src/domain/commerce/calls';
import type { ClaimableCoupon, CouponActivity, MyCouponQuery, UserCoupon } from '../../../src/domain/commerce/contract';
import { closeLoginModal, isLoginModalOpen } from '../../../src/services/shared/loginModal';
import CouponAcquireView from '../../../src/views/commerce/coupons/CouponAcquireView';
import CouponActiveView from '../../../src/views/commerce/coupons/CouponActiveView';
import CourseExchangeView from '../../../src/views/commerce/coupons/CourseExchangeView';
import MyCouponsView from '../../../src/views/commerce/coupons/MyCouponsView';
import { NOW, renderView, sessionHandlers } from './myOrders.fixtures';
import { answer, fail, ok, type Reply } from '../../support/msw';

const DAY = 24 * 60 * 60 * 1000;

function held(over: Partial<UserCoupon> = {}): UserCoupon {
  return {
    id: 1,
    templateId: 1,
    name: '满500减50',
    kind: 'FIXED',
    amountCents: 5000,
    percentOff: 0,
    maxDiscountCents: null,
    thresholdCents: 50000,
    courseIds: null,
    summary: '满500减50',
    validFrom: NOW - DAY,
    validUntil: NOW + 29 * DAY,
    state: 'UNUSED',
    locked: false,
    usedAt: null,
    usedOrderId: null,
    ...over,
  };
}

function claimable(over: Partial<ClaimableCoupon> = {}): ClaimableCoupon {
  return {
    templateId: 1,
    name: '新人专享券',
    kind: 'FIXED',
    amountCents: 2000,
    percentOff: 0,
    maxDiscountCents: null,
    thresholdCents: 0,
    courseIds: null,
    summary: '无门槛减20',
    validDays: 30,
    validFrom: null,
    validUntil: null,
    claimEndsAt: null,
    remaining: null,
    claimed: false,
    ...over,
  };
}

let couponQueries: MyCouponQuery[] = [];
let claims: number[] = [];
let redeemed: string[] = [];

const server = setupServer(...sessionHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  closeLoginModal();
  couponQueries = [];
  claims = [];
  redeemed = [];
});
afterAll(() => server.close());

const coupons = () => screen.queryAllByTestId('coupon');

describe('MyCouponsView', () => {
  const byState: Record<string, UserCoupon[]> = {
    UNUSED: [
      held(),
      held({
        id: 2,
        templateId: 4,
        name: '建造师课程8.5折券',
        kind: 'PERCENT',
        amountCents: 0,
        percentOff: 15,
        maxDiscountCents: 20000,
        thresholdCents: 30000,
        courseIds: [1, 2, 3],
        locked: true,
      }),
      held({ id: 3, templateId: 5, name: '课程服务补偿券', amountCents: 3000, thresholdCents: 0 }),
    ],
    USED: [held({ id: 4, state: 'USED', usedAt: NOW - 3 * DAY, usedOrderId: 9 })],
    EXPIRED: [],
  };
  const useCoupons = () =>
    server.use(
      answer(COMMERCE_EXTRA_CALLS.myCouponList, async ({ request }) => {
        const query = (await request.json()) as MyCouponQuery;
        couponQueries.push(query);
        const records = byState[query.state ?? 'UNUSED']!;
        return ok({ records, total: records.length, current: query.current ?? 1, size: query.size ?? 10 });
      }),
    );

  it('shows unused coupons: value, threshold, scope, validity and 被待支付订单占用', async () => {
    useCoupons();
    renderView(MyCouponsView, '/uc/my-coupon');
    await waitFor(() => expect(coupons()).toHaveLength(3));
    expect(couponQueries[0]).toEqual({ state: 'UNUSED', current: 1, size: 10 });
    const fixed = within(screen.getByRole('article', { name: '满500减50' }));
    expect(fixed.getByText('50')).toBeTruthy();
    expect(fixed.getByText('¥')).toBeTruthy();
    expect(fixed.getByText('满¥500可用')).toBeTruthy();
    expect(fixed.getByText('全部课程可用')).toBeTruthy();
    expect(fixed.getByText(/ 至 /)).toBeTruthy();
    const percent = within(screen.getByRole('article', { name: '建造师课程8.5折券' }));
    expect(percent.getByText('8.5折')).toBeTruthy();
    expect(percent.getByText('满¥300可用 · 最高减¥200')).toBeTruthy();
    expect(percent.getByText('限3门指定课程可用')).toBeTruthy();
    expect(percent.getByText('被待支付订单占用')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '课程服务补偿券' })).getByText('无门槛')).toBeTruthy();
  });

  it('keeps the state in the URL; an empty state links to the coupon centre', async () => {
    useCoupons();
    const { location } = renderView(MyCouponsView, '/uc/my-coupon');
    await waitFor(() => expect(coupons()).toHaveLength(3));
    const filters = within(screen.getByRole('navigation', { name: '按优惠券状态筛选' }));
    fireEvent.click(filters.getByRole('link', { name: '已使用' }));
    await waitFor(() => expect(coupons()).toHaveLength(1));
    expect(location.history?.at(-1)).toBe('/uc/my-coupon?state=USED');
    expect(screen.getByText(/^使用于 /)).toBeTruthy();
    fireEvent.click(filters.getByRole('link', { name: '已过期' }));
    expect(await screen.findByText('暂无已过期的优惠券')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去领券中心' }).getAttribute('href')).toBe('/coupon-acquire');
    expect(couponQueries.map((q) => q.state)).toEqual(['UNUSED', 'USED', 'EXPIRED']);
  });
});

describe('CouponAcquireView', () => {
  const list = [
    claimable(),
    claimable({
      templateId: 2,
      name: '满1000减150',
      amountCents: 15000,
      thresholdCents: 100000,
      validDays: null,
      validFrom: NOW - DAY,
      validUntil: NOW + 60 * DAY,
    }),
    claimable({ templateId: 3, name: '教资课程9折券', kind: 'PERCENT', amountCents: 0, percentOff: 10, claimed: true }),
    claimable({ templateId: 6, name: '限量秒杀 满300减100', amountCents: 10000, thresholdCents: 30000, remaining: 0 }),
  ];
  const useClaimable = (refuse?: string) =>
    server.use(
      answer(COMMERCE_EXTRA_CALLS.claimableCoupons, list),
      answer(COMMERCE_EXTRA_CALLS.claimCoupon, ({ params }) => {
        claims.push(Number(params.id));
        return refuse ? fail(refuse) : ok(held({ templateId: Number(params.id) }));
      }),
    );

  it('lists the coupons: 领取, 已领取, 已领完; a claim turns into 已领取', async () => {
    useClaimable();
    renderView(CouponAcquireView, '/coupon-acquire');
    await waitFor(() => expect(coupons()).toHaveLength(4));
    expect(within(screen.getByRole('article', { name: '新人专享券' })).getByText('领取后30天内有效')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '教资课程9折券' })).getByText('已领取')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '限量秒杀 满300减100' })).getByText('已领完')).toBeTruthy();
    const second = within(screen.getByRole('article', { name: '满1000减150' }));
    fireEvent.click(second.getByRole('button', { name: '领取' }));
    await waitFor(() => expect(second.getByText('已领取')).toBeTruthy());
    expect(claims).toEqual([2]);
  });

  it('a visitor logs in through the modal first, then the claim goes on', async () => {
    useClaimable();
    renderView(CouponAcquireView, '/coupon-acquire', { loggedIn: false });
    await waitFor(() => expect(coupons()).toHaveLength(4));
    const first = within(screen.getByRole('article', { name: '新人专享券' }));
    fireEvent.click(first.getByRole('button', { name: '领取' }));
    expect(isLoginModalOpen()).toBe(true);
    expect(claims).toEqual([]);
    act(() => closeLoginModal(true));
    await waitFor(() => expect(within(screen.getByRole('article', { name: '新人专享券' })).getByText('已领取')).toBeTruthy());
    expect(claims).toEqual([1]);
  });

  it('a visitor who turns out to hold the coupon already sees 已领取 after the login, and nothing is sent', async () => {
    let loads = 0;
    server.use(
      answer(COMMERCE_EXTRA_CALLS.claimableCoupons, () => {
        loads += 1;
        return ok(list.map((c) => (c.templateId === 1 ? { ...c, claimed: loads > 1 } : c)));
      }),
      answer(COMMERCE_EXTRA_CALLS.claimCoupon, ({ params }) => {
        claims.push(Number(params.id));
        return ok(held());
      }),
    );
    renderView(CouponAcquireView, '/coupon-acquire', { loggedIn: false });
    await waitFor(() => expect(coupons()).toHaveLength(4));
    fireEvent.click(within(screen.getByRole('article', { name: '新人专享券' })).getByRole('button', { name: '领取' }));
    act(() => closeLoginModal(true));
    await waitFor(() => expect(within(screen.getByRole('article', { name: '新人专享券' })).getByText('已领取')).toBeTruthy());
    expect(loads).toBe(2);
    expect(claims).toEqual([]);
  });

  it('a visitor who closes the modal claims nothing', async () => {
    useClaimable();
    renderView(CouponAcquireView, '/coupon-acquire', { loggedIn: false });
    await waitFor(() => expect(coupons()).toHaveLength(4));
    fireEvent.click(within(screen.getByRole('article', { name: '新人专享券' })).getByRole('button', { name: '领取' }));
    act(() => closeLoginModal(false));
    await act(async () => {});
    expect(claims).toEqual([]);
  });

  it("shows the server's reason when the claim is refused", async () => {
    useClaimable('您已领取过该优惠券');
    renderView(CouponAcquireView, '/coupon-acquire');
    await waitFor(() => expect(coupons()).toHaveLength(4));
    const first = within(screen.getByRole('article', { name: '新人专享券' }));
    fireEvent.click(first.getByRole('button', { name: '领取' }));
    expect((await first.findByRole('alert')).textContent).toBe('您已领取过该优惠券');
    expect(first.getByRole('button', { name: '领取' })).toBeTruthy();
  });
});

describe('CouponActiveView', () => {
  const activity: CouponActivity = {
    id: 1,
    title: '2027建造师开学季',
    subtitle: '全科通关包直降',
    rules: ['每位学员每种优惠券限领1张。'],
    startsAt: NOW - 3 * DAY,
    endsAt: NOW + 27 * DAY,
    state: 'ONGOING',
    courses: [{ courseId: 31, courseType: 'PACK', title: '一建全科通关包', cover: '/c.svg', priceCents: 299900, originalPriceCents: 329900, tag: '立省300' }],
    coupons: [claimable({ templateId: 8, name: '开学季 满2000减300', amountCents: 30000, thresholdCents: 200000, validDays: 20 })],
  };

  it('shows the title, window, state, coupons to claim and the courses', async () => {
    server.use(
      answer(COMMERCE_EXTRA_CALLS.couponActivity, activity),
      answer(COMMERCE_EXTRA_CALLS.claimCoupon, ({ params }) => {
        claims.push(Number(params.id));
        return ok(held({ templateId: 8 }));
      }),
    );
    renderView(CouponActiveView, '/coupon-active');
    expect(await screen.findByRole('heading', { level: 1, name: '2027建造师开学季' })).toBeTruthy();
    expect(screen.getByTestId('activity-state').textContent).toBe('进行中');
    expect(screen.getByText(/^活动时间：/)).toBeTruthy();
    const course = screen.getByRole('link', { name: /一建全科通关包/ });
    expect(course.getAttribute('href')).toBe('/course/detail/31');
    expect(within(course).getByText('¥2999.00')).toBeTruthy();
    expect(screen.getByText('每位学员每种优惠券限领1张。')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('article', { name: '开学季 满2000减300' })).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(screen.getByText('已领取')).toBeTruthy());
    expect(claims).toEqual([8]);
  });

  it('an ended activity reads 已结束 and its coupons cannot be claimed', async () => {
    server.use(answer(COMMERCE_EXTRA_CALLS.couponActivity, { ...activity, state: 'ENDED' }));
    renderView(CouponActiveView, '/coupon-active');
    expect(await screen.findByTestId('activity-state')).toHaveProperty('textContent', '已结束');
    expect(screen.getByRole('button', { name: '领取' })).toHaveProperty('disabled', true);
  });

  it('no activity: a clear empty state', async () => {
    server.use(answer(COMMERCE_EXTRA_CALLS.couponActivity, () => fail('活动不存在或已结束', 404)));
    renderView(CouponActiveView, '/coupon-active');
    expect(await screen.findByText('暂无进行中的课程活动')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看精品课程' }).getAttribute('href')).toBe('/course/pro-course');
  });
});

describe('CourseExchangeView', () => {
  const useRedeem = (reply: (code: string) => Reply<typeof COMMERCE_EXTRA_CALLS.redeemCode>) =>
    server.use(
      answer(COMMERCE_EXTRA_CALLS.redeemCode, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        redeemed.push(code);
        return reply(code);
      }),
    );
  const type = (value: string) => fireEvent.change(screen.getByLabelText('兑换码'), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));

  it('checks the format first, sends the code as the server reads it, and shows the course granted', async () => {
    useRedeem(() => ok({ courseId: 11, courseType: 'SYS', title: '《建设工程经济》精讲班', validUntil: NOW + 180 * DAY }));
    renderView(CourseExchangeView, '/course-exchange');
    submit();
    expect((await screen.findByTestId('redeem-error')).textContent).toBe('请输入兑换码');
    type('xt27-?');
    submit();
    expect((await screen.findByTestId('redeem-error')).textContent).toBe('兑换码格式不正确，请核对后重新输入');
    expect(redeemed).toEqual([]);
    type(' xt27-jj01 demo ');
    submit();
    const success = await screen.findByTestId('redeem-success');
    expect(redeemed).toEqual(['XT27JJ01DEMO']);
    expect(within(success).getByText('已获得课程《《建设工程经济》精讲班》')).toBeTruthy();
    expect(within(success).getByRole('link', { name: '去学习' }).getAttribute('href')).toBe('/course/detail/11');
    fireEvent.click(within(success).getByRole('button', { name: '继续兑换' }));
    expect((screen.getByLabelText('兑换码') as HTMLInputElement).value).toBe('');
  });

  it.each(['兑换码不存在，请核对后重新输入', '该兑换码已被使用', '该兑换码已过期', '兑换尝试次数过多，请1小时后再试'])(
    "shows the server's message: %s",
    async (message) => {
      useRedeem(() => fail(message, message.includes('次数') ? 429 : 400));
      renderView(CourseExchangeView, '/course-exchange');
      type('XT27-USED-DEMO');
      submit();
      expect((await screen.findByTestId('redeem-error')).textContent).toBe(message);
      expect(screen.getByLabelText('兑换码').getAttribute('aria-invalid')).toBe('true');
    },
  );

  it('a visitor logs in through the modal first', async () => {
    useRedeem(() => ok({ courseId: 11, courseType: 'SYS', title: '经济', validUntil: NOW + DAY }));
    renderView(CourseExchangeView, '/course-exchange', { loggedIn: false });
    type('XT27JJ01DEMO');
    submit();
    expect(isLoginModalOpen()).toBe(true);
    expect(redeemed).toEqual([]);
    act(() => closeLoginModal(true));
    await screen.findByTestId('redeem-success');
    expect(redeemed).toEqual(['XT27JJ01DEMO']);
  });
});
