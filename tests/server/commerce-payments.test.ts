/**
 * Payments through the sandbox wallet: its "phone" pages, notices delivered through the real
 * notice route, a duplicate and a forged notice, a signed notice with the wrong amount (refused and
 * logged), the notice racing the pay page's polling (granted once), switching channels, cancelling
 * a just-paid order, and the developer clock.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderPayStatus, PayChannelOption, UserProductStatus } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import { courses, orders, payments, sandboxTrades, userProducts } from '../../server/db/schema';
import type { CreateQrRequest, PaidTrade, PaymentProvider } from '../../server/providers/payment/provider';
import { PaymentUpstreamError } from '../../server/providers/payment/provider';
import { SANDBOX_SIGNATURE_HEADER, SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createOrder, createShop, data, deliver, payOnPhone, payQr, type Shop, ticketOf, yuan } from './commerce-fixtures';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A second wallet that records what it is asked; `paid` makes closing fail like WeChat's ORDERPAID. */
class RecordingWallet implements PaymentProvider {
  readonly channel = 'ALIPAY' as const;
  created: CreateQrRequest[] = [];
  closed: string[] = [];
  paid: PaidTrade | null = null;
  async createQr(request: CreateQrRequest) {
    this.created.push(request);
    return { codeUrl: `https://qr.alipay.example/${request.outTradeNo}` };
  }
  async parseNotice() {
    return null;
  }
  ack(accepted: boolean) {
    return { status: accepted ? 200 : 400, contentType: 'text/plain', body: accepted ? 'success' : 'fail' };
  }
  async queryTrade() {
    return this.paid;
  }
  async closeTrade(outTradeNo: string) {
    if (this.paid) throw new PaymentUpstreamError('paid');
    this.closed.push(outTradeNo);
  }
}

const lines: LogLine[] = [];
const clock = new ShiftableClock();
const alipay = new RecordingWallet();
let t: TestApp;
let shop: Shop;
let sandbox: SandboxPaymentProvider;

async function student(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

async function salesOf(courseId: number): Promise<number> {
  const [row] = await t.db.select({ n: courses.salesCount }).from(courses).where(eq(courses.id, courseId));
  return row!.n;
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'warn', stream }, services: { clock } });
  sandbox = new SandboxPaymentProvider(t.db, clock);
  // A second provider over the app's database and key: the same books the app's own sandbox keeps.
  shop = await createShop(t, clock.now());
});
afterAll(() => t.close());

/** An app with a second channel; its own database, so its own shop and sandbox. */
async function appWithAlipay(): Promise<{ app: TestApp; shop: Shop; phone: SandboxPaymentProvider }> {
  let phone: SandboxPaymentProvider | undefined;
  const app = await createTestApp({
    services: (db) => {
      phone = new SandboxPaymentProvider(db, clock);
      return { clock, payments: { SANDBOX: phone, ALIPAY: alipay } };
    },
  });
  return { app, shop: await createShop(app, clock.now()), phone: phone! };
}

describe('pay channels', () => {
  it('lists the configured channels for the PC terminal', async () => {
    expect(data<PayChannelOption[]>(await call(t, 'payChannels', { headers: { 'terminal-type': 'PC' } }))).toEqual([
      { channel: 'SANDBOX', name: '模拟支付', hint: expect.stringContaining('沙箱') },
    ]);
    expect(data<PayChannelOption[]>(await call(t, 'payChannels'))).toHaveLength(1);
    expect(data<PayChannelOption[]>(await call(t, 'payChannels', { headers: { 'terminal-type': 'H5' } }))).toEqual([]);
  });

  it('refuses a channel that is not configured', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const res = await call(t, 'unifiedPay', { token: s.token, body: { orderId: order.orderId, channel: 'WECHAT' } });
    expect(res.json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.channelUnavailable });
    const notice = await t.app.inject({
      method: 'POST',
      url: '/payment/front/api/notify/wechat',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(notice.statusCode).toBe(404);
  });
});

describe('the sandbox phone', () => {
  it('pays through plain HTML forms, and the notice grants the course once', async () => {
    const s = await student();
    const salesBefore = await salesOf(shop.course.sysA);
    const order = await createOrder(t, s.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null });
    const qr = await payQr(t, s.token, order.orderId);
    expect(qr).toMatchObject({ orderId: order.orderId, channel: 'SANDBOX', amountCents: yuan(680), expiresAt: order.expiresAt });
    expect(qr.codeUrl).toMatch(/^http:\/\/localhost(:\d+)?\/dev\/pay\/sandbox\?ticket=/);

    const page = await t.app.inject({ method: 'GET', url: new URL(qr.codeUrl).pathname + new URL(qr.codeUrl).search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥680.00');
    expect(page.body).toContain('id="sbx-confirm"');
    expect(page.body).not.toContain('<script');

    const done = await t.app.inject({
      method: 'POST',
      url: '/dev/pay/sandbox/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: `ticket=${encodeURIComponent(ticketOf(qr))}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('支付成功');

    const status = data<OrderPayStatus>(await call(t, 'orderPayStatus', { token: s.token, params: { id: order.orderId } }));
    expect(status.status).toBe('PAID');
    const owned = data<UserProductStatus>(await call(t, 'userProductStatus', { token: s.token, params: { id: shop.course.sysA } }));
    expect(owned).toMatchObject({ status: true, source: 'ORDER' });
    expect(await salesOf(shop.course.sysA)).toBe(salesBefore + 1);
    const detail = data<OrderDetail>(await call(t, 'orderDetail', { token: s.token, params: { id: order.orderId } }));
    expect(detail).toMatchObject({ status: 'PAID', payChannel: 'SANDBOX' });

    // The phone again: already paid.
    const again = await t.app.inject({ method: 'GET', url: new URL(qr.codeUrl).pathname + new URL(qr.codeUrl).search });
    expect(again.body).toContain('已支付');
    const paid = await call(t, 'unifiedPay', { token: s.token, body: { orderId: order.orderId, channel: 'SANDBOX' } });
    expect(paid.json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.orderPaid });
  });

  it('cancels on the phone: the order stays payable with a fresh QR code', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const first = await payQr(t, s.token, order.orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/pay/sandbox/cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ticket=${ticketOf(first)}`,
    });
    expect(res.body).toContain('已取消支付');
    expect(data<OrderPayStatus>(await call(t, 'orderPayStatus', { token: s.token, params: { id: order.orderId } })).status).toBe('PENDING');
    const second = await payQr(t, s.token, order.orderId);
    expect(second.outTradeNo).not.toBe(first.outTradeNo);
    expect(await sandbox.pay(ticketOf(first))).toMatchObject({ ok: false, refusal: 'CLOSED' });
    const notice = await payOnPhone(sandbox, second);
    expect((await deliver(t, notice)).statusCode).toBe(200);
    expect(data<OrderPayStatus>(await call(t, 'orderPayStatus', { token: s.token, params: { id: order.orderId } })).status).toBe('PAID');
  });

  it('refuses a form posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/pay/sandbox/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'ticket=x',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('notices', () => {
  it('a duplicate notice is acknowledged and grants nothing more', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const notice = await payOnPhone(sandbox, await payQr(t, s.token, order.orderId));
    expect((await deliver(t, notice)).statusCode).toBe(200);
    const [once] = await t.db.select().from(userProducts).where(eq(userProducts.userId, s.id));
    const sales = await salesOf(shop.course.sysB);
    const second = await deliver(t, notice);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    const [twice] = await t.db.select().from(userProducts).where(eq(userProducts.userId, s.id));
    expect(twice!.validUntil).toEqual(once!.validUntil);
    expect(await salesOf(shop.course.sysB)).toBe(sales);
  });

  it('a forged or altered notice is refused and changes nothing', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const qr = await payQr(t, s.token, order.orderId);
    // The vendor's own word, altered on the way: the signature no longer covers the body.
    const [trade] = await t.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, qr.outTradeNo));
    const genuine = await sandbox.noticeFor({ ...trade!, status: 'PAID', paidAt: clock.now(), transactionId: 'SBXFAKE' });
    const altered = { ...genuine, body: genuine.body.replace(`"amountCents":${yuan(680)}`, '"amountCents":1') };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    const wrongKey = { ...genuine, headers: { ...genuine.headers, [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) } };
    for (const forged of [altered, unsigned, wrongKey]) {
      const res = await deliver(t, forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/payment/front/api/notify/sandbox',
      payload: 'not json at all',
      headers: { 'content-type': 'text/plain' },
    });
    expect(garbage.statusCode).toBe(400);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('PENDING');
    expect(await t.db.select().from(userProducts).where(eq(userProducts.userId, s.id))).toHaveLength(0);
    expect(lines.some((l) => l.msg === 'payment notice refused: signature')).toBe(true);
  });

  it('a signed notice whose amount is not the order’s is refused and logged', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const qr = await payQr(t, s.token, order.orderId);
    const [trade] = await t.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, qr.outTradeNo));
    const cheap = await sandbox.signedNotice(trade!.notifyUrl, {
      outTradeNo: qr.outTradeNo,
      transactionId: 'SBXCHEAP',
      amountCents: 1,
      paidAt: clock.now().toISOString(),
      tradeState: 'SUCCESS',
    });
    const res = await deliver(t, cheap);
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('PENDING');
    const logged = lines.find((l) => l.msg === 'payment notice amount differs from the order: refused');
    expect(logged).toMatchObject({ level: 50, orderId: order.orderId, expectedCents: yuan(680), paidCents: 1 });
  });

  it('racing the polling, on two servers, grants the course exactly once', async () => {
    const other = await secondServer(t);
    try {
      const s = await student();
      const sales = await salesOf(shop.course.pack);
      const order = await createOrder(t, s.token, { courseId: shop.course.pack, skuId: shop.sku.packStd });
      const notice = await payOnPhone(sandbox, await payQr(t, s.token, order.orderId));
      const answers = await Promise.all([
        deliver(t, notice),
        deliver(other, notice),
        call(t, 'orderPayStatus', { token: s.token, params: { id: order.orderId } }),
        call(other, 'orderPayStatus', { token: s.token, params: { id: order.orderId } }),
        deliver(t, notice),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row!.status).toBe('PAID');
      const owned = await t.db.select().from(userProducts).where(eq(userProducts.userId, s.id));
      // The pack and its two courses, each 365 days from the one settlement.
      expect(owned).toHaveLength(3);
      for (const p of owned) expect(p.validUntil.getTime() - p.validFrom.getTime()).toBe(365 * 86_400_000);
      expect(await salesOf(shop.course.pack)).toBe(sales + 1);
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
      expect(payment).toMatchObject({ status: 'PAID', amountCents: yuan(2000) });
    } finally {
      await other.close();
    }
  });

  it('the polling settles a payment whose notice never came', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    await payOnPhone(sandbox, await payQr(t, s.token, order.orderId));
    const status = data<OrderPayStatus>(await call(t, 'orderPayStatus', { token: s.token, params: { id: order.orderId } }));
    expect(status.status).toBe('PAID');
    expect(data<UserProductStatus>(await call(t, 'userProductStatus', { token: s.token, params: { id: shop.course.sysB } })).status).toBe(true);
  });
});

describe('closing QR codes', () => {
  it('switching channel closes the other QR code first', async () => {
    const { app, shop: own, phone } = await appWithAlipay();
    try {
      const user = await createUser(app.db);
      const token = await loginAs(app.db, user.id);
      const order = await createOrder(app, token, { courseId: own.course.sysB, skuId: own.sku.bStd });
      const first = await payQr(app, token, order.orderId, 'SANDBOX');
      const second = await payQr(app, token, order.orderId, 'ALIPAY');
      expect(second.codeUrl).toBe(`https://qr.alipay.example/${second.outTradeNo}`);
      expect(alipay.created.at(-1)).toMatchObject({ amountCents: yuan(680), notifyUrl: expect.stringMatching(/\/payment\/front\/api\/notify\/alipay$/) });
      expect(await phone.pay(ticketOf(first))).toMatchObject({ ok: false, refusal: 'CLOSED' });
      const open = await app.db.select().from(payments).where(eq(payments.orderId, order.orderId));
      expect(open.map((p) => [p.channel, p.status]).sort()).toEqual([
        ['ALIPAY', 'PENDING'],
        ['SANDBOX', 'CLOSED'],
      ]);
      expect(data<PayChannelOption[]>(await call(app, 'payChannels')).map((c) => c.channel)).toEqual(['ALIPAY', 'SANDBOX']);

      // The student paid the Alipay code a moment ago; its notice is late. Switching back finds out.
      alipay.paid = { outTradeNo: second.outTradeNo, transactionId: 'ALI1', amountCents: yuan(680), paidAt: clock.now() };
      const back = await call(app, 'unifiedPay', { token, body: { orderId: order.orderId, channel: 'SANDBOX' } });
      expect(back.json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.orderPaid });
      const detail = data<OrderDetail>(await call(app, 'orderDetail', { token, params: { id: order.orderId } }));
      expect(detail).toMatchObject({ status: 'PAID', payChannel: 'ALIPAY' });
    } finally {
      alipay.paid = null;
      await app.close();
    }
  });

  it('cancelling an order paid a moment ago answers it paid', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    await payOnPhone(sandbox, await payQr(t, s.token, order.orderId));
    const res = data<OrderDetail>(await call(t, 'orderCancel', { token: s.token, params: { id: order.orderId }, body: {} }));
    expect(res.status).toBe('PAID');
    const again = await call(t, 'orderCancel', { token: s.token, params: { id: order.orderId }, body: {} });
    expect(again.json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.orderNotCancellable });
  });

  it('cancelling closes the QR code at the wallet', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const qr = await payQr(t, s.token, order.orderId);
    expect(data<OrderDetail>(await call(t, 'orderCancel', { token: s.token, params: { id: order.orderId }, body: {} })).status).toBe('CANCELLED');
    expect(await sandbox.pay(ticketOf(qr))).toMatchObject({ ok: false, refusal: 'CLOSED' });
  });
});

describe('the developer clock', () => {
  it('moves forward for Playwright, never from another site, never in production', async () => {
    const local = new ShiftableClock();
    const app = await createTestApp({ services: { clock: local } });
    const prod = await createTestApp({ config: { nodeEnv: 'production' } });
    try {
      const before = (await app.app.inject({ method: 'GET', url: '/dev/clock' })).json().data;
      expect(before.offsetMs).toBe(0);
      const moved = await app.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { minutes: 31 } });
      expect(moved.json().data.offsetMs).toBe(31 * 60_000);
      expect(local.offset).toBe(31 * 60_000);
      const cross = await app.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { minutes: 1 }, headers: { origin: 'https://evil.example' } });
      expect(cross.statusCode).toBe(403);
      expect((await app.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { minutes: -5 } })).statusCode).toBe(400);
      expect((await prod.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { minutes: 1 } })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/pay/sandbox?ticket=x' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await prod.close();
    }
  });
});
