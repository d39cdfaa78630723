/** The commerce calls (src/domain/commerce/calls.ts, and the three of other areas' lists commerce answers): method, path, payload and the data they answer, through the real HTTP client. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS as EXTRA } from '../../../src/domain/commerce/calls';
import { COMMERCE_TEXTS } from '../../../src/domain/commerce/texts';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import { pollPayStatus } from '../../../src/services/commerce/checkout.data';
import { call } from '../../../src/services/shared/http/client';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => dismissAllToasts());

interface Seen {
  method: string;
  path: string;
  body: unknown;
  terminal: string | null;
}

/** Answers `data` on any commerce path and records what was asked. */
function record(data: unknown = { ok: true }): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(/\/(products|usercenter|payment)\/front\/api\/.*/, async ({ request }) => {
      const text = request.method === 'GET' ? '' : await request.text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
        terminal: request.headers.get('terminal-type'),
      });
      return HttpResponse.json({ code: 200, msg: 'success', data });
    }),
  );
  return seen;
}

describe('commerce calls', () => {
  it('go to the documented paths with their payloads', async () => {
    const seen = record();
    await call(CATALOG_CALLS.courseSkuList, { params: { id: 3 }, body: {} });
    await call(LEARNING_CALLS.userProductStatus, { params: { id: 3 } });
    await call(LEARNING_CALLS.activeFreeCourse, { params: { id: 4 } });
    await call(COMMERCE_CALLS.userProductPageList, { body: { type: ['SYS'], state: 'VALID' } });
    await call(EXTRA.orderPreview, { body: { courseId: 3, skuId: 9, addOnSkuIds: [11], couponId: null } });
    await call(EXTRA.orderCreate, { body: { courseId: 3, skuId: 9, address: { name: '张三', mobile: '13812345678', region: '北京市', detail: '1号' } } });
    await call(EXTRA.orderDetail, { params: { id: 21 } });
    await call(EXTRA.orderPageList, { body: { status: 'PAID' } });
    await call(EXTRA.orderCancel, { params: { id: 21 }, body: {} });
    await call(COMMERCE_CALLS.payChannels);
    await call(COMMERCE_CALLS.unifiedPay, { body: { orderId: 21, channel: 'SANDBOX' } });
    await pollPayStatus(21);
    await call(EXTRA.myCouponList, { body: { state: 'USED' } });
    await call(EXTRA.claimableCoupons);
    await call(EXTRA.claimCoupon, { params: { id: 5 }, body: {} });
    await call(EXTRA.couponActivity, { params: {} });
    await call(EXTRA.couponActivity, { params: { id: 2 } });
    await call(EXTRA.redeemCode, { body: { code: 'XT27-JJ01-DEMO' } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /products/front/api/course/getSkuList/3',
      'GET /usercenter/front/api/userproduct/getStatus/3',
      'GET /usercenter/front/api/userproduct/activeFreeCourse/4',
      'POST /usercenter/front/api/userproduct/getPageList',
      'POST /products/front/api/order/preview',
      'POST /products/front/api/order/create',
      'GET /products/front/api/order/getDetail/21',
      'POST /products/front/api/order/getPageList',
      'PUT /products/front/api/order/cancel/21',
      'GET /payment/front/api/payChannelWay/getListByTerminal',
      'POST /products/front/api/unifiedPay/pay',
      'GET /products/front/api/order/getPayStatus/21',
      'POST /products/front/api/coupon/getMyPageList',
      'GET /products/front/api/coupon/getClaimableList',
      'POST /products/front/api/coupon/claim/5',
      'GET /products/front/api/activity/getDetail',
      'GET /products/front/api/activity/getDetail/2',
      'POST /products/front/api/redeemCode/exchange',
    ]);
    expect(seen[4]!.body).toEqual({ courseId: 3, skuId: 9, addOnSkuIds: [11], couponId: null });
    expect(seen[10]!.body).toEqual({ orderId: 21, channel: 'SANDBOX' });
    expect(seen[17]!.body).toEqual({ code: 'XT27-JJ01-DEMO' });
    // The pay channels depend on the terminal: the client always says PC.
    expect(seen[9]!.terminal).toBe('PC');
  });

  it('answer the data, and a refusal is toasted with the server’s words', async () => {
    record({ orderId: 21, status: 'PAID', paidAt: 1, expiresAt: 2 });
    await expect(pollPayStatus(21)).resolves.toEqual({ orderId: 21, status: 'PAID', paidAt: 1, expiresAt: 2 });
    server.use(
      http.post('/products/front/api/redeemCode/exchange', () =>
        HttpResponse.json({ code: 400, msg: COMMERCE_TEXTS.redeemCodeUsed, data: null }, { status: 400 }),
      ),
    );
    await expect(call(EXTRA.redeemCode, { body: { code: 'XT27-USED-DEMO' } })).rejects.toThrow();
    expect(getToasts().map((t) => t.message)).toEqual([COMMERCE_TEXTS.redeemCodeUsed]);
  });

  it('poll silently', async () => {
    server.use(
      http.get('/products/front/api/order/getPayStatus/21', () => HttpResponse.json({ code: 500, msg: '服务器错误(500)', data: null }, { status: 500 })),
    );
    await expect(pollPayStatus(21)).rejects.toThrow();
    expect(getToasts()).toEqual([]);
  });
});
