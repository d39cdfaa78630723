/**
 * The real payment adapters end to end without the network: notices built with the vendors'
 * published test keys (genuine, forged, tampered), and every HTTP call against a local fake of the
 * vendor (tests/server/payment-fakes.ts) — the exact request and its signature, how answers map to
 * paid / unpaid / errors, unsigned answers, and timeouts.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlipayProvider } from '../../server/providers/payment/alipay';
import { signContent } from '../../server/providers/payment/alipaySignature';
import { loadPrivateKey, loadPublicKey, signSha256Rsa, verifySha256Rsa } from '../../server/providers/payment/keys';
import { PaymentSignatureError, PaymentUpstreamError, type CreateQrRequest } from '../../server/providers/payment/provider';
import { WechatPayProvider } from '../../server/providers/payment/wechatPay';
import { requestMessage } from '../../server/providers/payment/wechatPaySignature';
import { fixture, WECHAT_JAVA_AEAD } from './fixtures/payment/vectors';
import { encryptResource, heldAnswer, parseWechatAuthorization, startFakeVendor, wechatSignedHeaders, type FakeVendor } from './payment-fakes';

const NOW = new Date('2025-03-01T04:00:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;
const MCH_ID = '1234567891';
const APP_ID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5F1C72E2A8931B72A2E13AF8DEE92471EB397115';
const PLATFORM_SERIAL = '440024045C4A427599D09BB4E3DE0279F2E813FD';

const merchantKey = loadPrivateKey(fixture('merchant_private_key.pem'), 'merchant key');
const merchantPublic = loadPublicKey(fixture('merchant_certificate.pem'), 'merchant certificate').key;
/** Plays WeChat: the published "wechat_pay" test key pair signs answers and notices. */
const platformPrivate = loadPrivateKey(fixture('wechat_pay_private_key.pem'), 'platform key');
const platformPublic = loadPublicKey(fixture('wechat_pay_public_key.pem'), 'platform public key').key;

function otherKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

const qrRequest: CreateQrRequest = {
  outTradeNo: 'XT20250301120000A1',
  amountCents: 19_900,
  subject: '高等数学（上）精讲班 — 含全部习题讲解与配套资料，共四十八课时，适合考研一轮复习使用的完整课程，学完可获得结业证书',
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  notifyUrl: 'https://www.example.com/payment/notify/wechat',
};

let fake: FakeVendor;
beforeAll(async () => {
  fake = await startFakeVendor();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('WeChat Pay notices', () => {
  const provider = () =>
    new WechatPayProvider({
      mchId: MCH_ID,
      appId: APP_ID,
      merchantSerialNo: MERCHANT_SERIAL,
      merchantPrivateKey: merchantKey,
      apiV3Key: Buffer.from(WECHAT_JAVA_AEAD.apiV3Key),
      platform: { serial: PLATFORM_SERIAL, publicKey: platformPublic },
      now: () => NOW,
    });

  const transaction = (changes: Record<string, unknown> = {}) => ({
    mchid: MCH_ID,
    appid: APP_ID,
    out_trade_no: qrRequest.outTradeNo,
    transaction_id: '4200001234202503011234567890',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2025-03-01T12:05:30+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 19_900, payer_total: 19_900, currency: 'CNY', payer_currency: 'CNY' },
    ...changes,
  });

  function notice(plain: object, options: { signer?: KeyObject; serial?: string; timestamp?: number; eventType?: string } = {}) {
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2025-03-01T12:05:31+08:00',
      resource_type: 'encrypt-resource',
      event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encryptResource(WECHAT_JAVA_AEAD.apiV3Key, JSON.stringify(plain)),
    });
    const headers = wechatSignedHeaders(body, options.signer ?? platformPrivate, options.serial ?? PLATFORM_SERIAL, options.timestamp ?? NOW_SECONDS);
    return { headers, rawBody: body };
  }

  it('turns a genuine TRANSACTION.SUCCESS notice into the paid trade', async () => {
    await expect(provider().parseNotice(notice(transaction()))).resolves.toEqual({
      outTradeNo: qrRequest.outTradeNo,
      transactionId: '4200001234202503011234567890',
      amountCents: 19_900,
      paidAt: new Date('2025-03-01T04:05:30Z'),
    });
  });

  it('refuses a notice forged with another key, even under the right serial', async () => {
    await expect(provider().parseNotice(notice(transaction(), { signer: otherKeyPair().privateKey }))).rejects.toThrow(PaymentSignatureError);
  });

  it('refuses a notice whose amount was changed after WeChat signed it', async () => {
    const genuine = notice(transaction());
    const cheaper = encryptResource(WECHAT_JAVA_AEAD.apiV3Key, JSON.stringify(transaction({ amount: { total: 1, payer_total: 1, currency: 'CNY' } })));
    const envelope = JSON.parse(genuine.rawBody) as Record<string, unknown>;
    const tampered = JSON.stringify({ ...envelope, resource: cheaper });
    await expect(provider().parseNotice({ headers: genuine.headers, rawBody: tampered })).rejects.toThrow(/does not verify/);
    // Flipping one byte of the ciphertext while keeping the signature is caught the same way.
    const flipped = genuine.rawBody.replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`);
    await expect(provider().parseNotice({ headers: genuine.headers, rawBody: flipped })).rejects.toThrow(PaymentSignatureError);
  });

  it('refuses a replayed notice older than 5 minutes and one with an unknown serial', async () => {
    await expect(provider().parseNotice(notice(transaction(), { timestamp: NOW_SECONDS - 301 }))).rejects.toThrow(/5-minute/);
    await expect(provider().parseNotice(notice(transaction(), { serial: 'PUB_KEY_ID_0000' }))).rejects.toThrow(/not the configured/);
    await expect(provider().parseNotice({ headers: {}, rawBody: '{}' })).rejects.toThrow(/missing/);
  });

  it('refuses a genuine notice of another merchant or app, and answers null for what is not a payment', async () => {
    await expect(provider().parseNotice(notice(transaction({ mchid: '1900000109' })))).rejects.toThrow(/another merchant/);
    await expect(provider().parseNotice(notice(transaction({ appid: 'wx0000000000000000' })))).rejects.toThrow(/another merchant/);
    await expect(provider().parseNotice(notice(transaction({ trade_state: 'CLOSED' })))).resolves.toBeNull();
    await expect(provider().parseNotice(notice(transaction(), { eventType: 'REFUND.SUCCESS' }))).resolves.toBeNull();
  });

  it('acks as WeChat documents: 204 without a body, or FAIL', () => {
    expect(provider().ack(true)).toEqual({ status: 204, contentType: 'application/json', body: '' });
    const refused = provider().ack(false);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay API calls (local fake of api.mch.weixin.qq.com)', () => {
  const provider = (timeoutMs?: number, apiOrigin = fake.origin) =>
    new WechatPayProvider({
      mchId: MCH_ID,
      appId: APP_ID,
      merchantSerialNo: MERCHANT_SERIAL,
      merchantPrivateKey: merchantKey,
      apiV3Key: Buffer.from(WECHAT_JAVA_AEAD.apiV3Key),
      platform: { serial: PLATFORM_SERIAL, publicKey: platformPublic },
      apiOrigin,
      now: () => NOW,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  const signedJson = (status: number, value: object) => {
    const body = JSON.stringify(value);
    return { status, body, headers: wechatSignedHeaders(body, platformPrivate, PLATFORM_SERIAL, NOW_SECONDS) };
  };

  it('creates a Native order with a correctly signed request and returns the code_url', async () => {
    fake.answer = () => signedJson(200, { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    await expect(provider().createQr(qrRequest)).resolves.toEqual({ codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/native' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json');
    const auth = parseWechatAuthorization(request!.headers.authorization as string)!;
    expect(auth).toMatchObject({ mchid: MCH_ID, serial_no: MERCHANT_SERIAL, timestamp: String(NOW_SECONDS) });
    expect(auth.nonce_str).toMatch(/^[0-9A-Z]{32}$/);
    // What WeChat does with the header: verify it over the exact bytes it received.
    const message = requestMessage('POST', request!.url, Number(auth.timestamp), auth.nonce_str!, request!.body);
    expect(verifySha256Rsa(message, auth.signature!, merchantPublic)).toBe(true);
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: qrRequest.outTradeNo,
      time_expire: '2025-03-01T12:30:00+08:00',
      notify_url: qrRequest.notifyUrl,
      amount: { total: 19_900, currency: 'CNY' },
    });
    expect(Buffer.byteLength(body.description as string)).toBeLessThanOrEqual(127);
    expect(qrRequest.subject.startsWith(body.description as string)).toBe(true);
  });

  it('refuses an answer that WeChat did not sign, or signed with another key', async () => {
    fake.answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code_url: 'weixin://evil' }) });
    await expect(provider().createQr(qrRequest)).rejects.toThrow(PaymentUpstreamError);
    fake.answer = () => {
      const body = JSON.stringify({ code_url: 'weixin://evil' });
      return { status: 200, body, headers: wechatSignedHeaders(body, otherKeyPair().privateKey, PLATFORM_SERIAL, NOW_SECONDS) };
    };
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/signature refused/);
  });

  it('maps a refused order to PaymentUpstreamError with WeChat code, for the log', async () => {
    fake.answer = () => ({ status: 400, body: JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }) });
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/HTTP 400 PARAM_ERROR 参数错误/);
  });

  it('queries by out_trade_no: SUCCESS is paid, NOTPAY and an unknown trade are unpaid', async () => {
    const paid = {
      mchid: MCH_ID,
      appid: APP_ID,
      out_trade_no: qrRequest.outTradeNo,
      transaction_id: '4200001234202503011234567890',
      trade_state: 'SUCCESS',
      success_time: '2025-03-01T12:05:30+08:00',
      amount: { total: 19_900, payer_total: 19_900, currency: 'CNY' },
    };
    fake.answer = () => signedJson(200, paid);
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toMatchObject({ amountCents: 19_900, transactionId: paid.transaction_id });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', url: `/v3/pay/transactions/out-trade-no/${qrRequest.outTradeNo}?mchid=${MCH_ID}`, body: '' });
    const auth = parseWechatAuthorization(request!.headers.authorization as string)!;
    expect(verifySha256Rsa(requestMessage('GET', request!.url, Number(auth.timestamp), auth.nonce_str!, ''), auth.signature!, merchantPublic)).toBe(true);

    fake.answer = () => signedJson(200, { ...paid, trade_state: 'NOTPAY', transaction_id: undefined });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toBeNull();
    fake.answer = () => ({ status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toBeNull();
    fake.answer = () => signedJson(200, { ...paid, out_trade_no: 'SOMEONE_ELSES_TRADE' });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).rejects.toThrow(/another trade/);
    fake.answer = () => ({ status: 500, body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }) });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).rejects.toThrow(PaymentUpstreamError);
  });

  it('closes by out_trade_no (204), and a trade WeChat never saw counts as closed', async () => {
    fake.answer = () => ({ status: 204 });
    await expect(provider().closeTrade(qrRequest.outTradeNo)).resolves.toBeUndefined();
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: `/v3/pay/transactions/out-trade-no/${qrRequest.outTradeNo}/close` });
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({ mchid: MCH_ID });
    fake.answer = () => ({ status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) });
    await expect(provider().closeTrade(qrRequest.outTradeNo)).resolves.toBeUndefined();
    fake.answer = () => ({ status: 400, body: JSON.stringify({ code: 'ORDERPAID', message: '订单已支付' }) });
    await expect(provider().closeTrade(qrRequest.outTradeNo)).rejects.toThrow(/ORDERPAID/);
  });

  it('gives up after its timeout with PaymentUpstreamError', async () => {
    // WeChat answers only after the adapter gave up: without its own timeout the call would never end.
    const { held, release } = heldAnswer();
    fake.answer = () => ({ ...signedJson(200, { code_url: 'weixin://late' }), heldUntil: held });
    try {
      await expect(provider(100).createQr(qrRequest)).rejects.toThrow(/no answer within 100 ms/);
    } finally {
      release();
    }
  });

  it('reports an unreachable vendor as PaymentUpstreamError', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    await expect(provider(undefined, 'http://127.0.0.1:1').queryTrade(qrRequest.outTradeNo)).rejects.toThrow(/unreachable/);
  });
});

describe('Alipay API calls (local fake of the gateway)', () => {
  const appPrivate = loadPrivateKey(fixture('alipay_app_private_key_pkcs1.pem'), 'app key');
  const appPublic = loadPublicKey(fixture('alipay_app_public_key.pem'), 'app public key').key;
  /** Plays Alipay: no Alipay private key is published, so the fake gateway signs with one made here. */
  const gatewayKeys = otherKeyPair();
  const provider = (timeoutMs?: number) =>
    new AlipayProvider({
      appId: '2021000122671080',
      appPrivateKey: appPrivate,
      alipayPublicKey: gatewayKeys.publicKey,
      gateway: `${fake.origin}/gateway.do`,
      now: () => NOW,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  const signedAnswer = (method: string, response: object, signer: KeyObject = gatewayKeys.privateKey) => {
    const member = JSON.stringify(response);
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      body: `{"${method.replace(/\./g, '_')}_response":${member},"sign":"${signSha256Rsa(member, signer)}"}`,
    };
  };
  const form = (index = 0) => Object.fromEntries(new URLSearchParams(fake.requests[index]!.body));

  it('precreates with a correctly signed form and returns the qr_code', async () => {
    fake.answer = () =>
      signedAnswer('alipay.trade.precreate', {
        code: '10000',
        msg: 'Success',
        out_trade_no: qrRequest.outTradeNo,
        qr_code: 'https://qr.alipay.com/bax08431yxtkcbvl',
      });
    await expect(provider().createQr(qrRequest)).resolves.toEqual({ codeUrl: 'https://qr.alipay.com/bax08431yxtkcbvl' });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: '/gateway.do?charset=utf-8' });
    const params = form();
    expect(params).toMatchObject({
      app_id: '2021000122671080',
      method: 'alipay.trade.precreate',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2025-03-01 12:00:00',
      version: '1.0',
      notify_url: qrRequest.notifyUrl,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: qrRequest.outTradeNo,
      total_amount: '199.00',
      subject: qrRequest.subject,
      timeout_express: '30m',
    });
    // What Alipay does with it: verify the sign over the sorted fields.
    expect(verifySha256Rsa(signContent(params, ['sign']), params.sign!, appPublic)).toBe(true);
  });

  it('refuses a success answer that is unsigned or signed by someone else', async () => {
    fake.answer = () => ({
      status: 200,
      body: JSON.stringify({ alipay_trade_precreate_response: { code: '10000', msg: 'Success', qr_code: 'https://evil' } }),
    });
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/signature refused/);
    fake.answer = () => signedAnswer('alipay.trade.precreate', { code: '10000', msg: 'Success', qr_code: 'https://evil' }, otherKeyPair().privateKey);
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/signature refused/);
  });

  it('maps a business error to PaymentUpstreamError with Alipay codes', async () => {
    fake.answer = () => ({
      status: 200,
      body: JSON.stringify({
        alipay_trade_precreate_response: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TOTAL_FEE_EXCEED', sub_msg: '订单金额超过限额' },
      }),
    });
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/40004 Business Failed ACQ.TOTAL_FEE_EXCEED/);
    fake.answer = () => ({ status: 502, body: 'Bad Gateway' });
    await expect(provider().createQr(qrRequest)).rejects.toThrow(/HTTP 502/);
  });

  it('queries: TRADE_SUCCESS is paid; WAIT_BUYER_PAY and a QR nobody scanned are unpaid', async () => {
    const paid = {
      code: '10000',
      msg: 'Success',
      out_trade_no: qrRequest.outTradeNo,
      trade_no: '2025030122001468450512505578',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '199.00',
      send_pay_date: '2025-03-01 12:05:30',
    };
    fake.answer = () => signedAnswer('alipay.trade.query', paid);
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toEqual({
      outTradeNo: qrRequest.outTradeNo,
      transactionId: paid.trade_no,
      amountCents: 19_900,
      paidAt: new Date('2025-03-01T04:05:30Z'),
    });
    expect(form()).toMatchObject({ method: 'alipay.trade.query', biz_content: JSON.stringify({ out_trade_no: qrRequest.outTradeNo }) });
    fake.answer = () => signedAnswer('alipay.trade.query', { ...paid, trade_status: 'WAIT_BUYER_PAY' });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toBeNull();
    fake.answer = () => signedAnswer('alipay.trade.query', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).resolves.toBeNull();
    fake.answer = () => signedAnswer('alipay.trade.query', { ...paid, total_amount: '1.9.9' });
    await expect(provider().queryTrade(qrRequest.outTradeNo)).rejects.toThrow(PaymentUpstreamError);
  });

  it('closes: success, an unknown trade, and TRADE_STATUS_ERROR told apart by a query', async () => {
    fake.answer = () => signedAnswer('alipay.trade.close', { code: '10000', msg: 'Success', out_trade_no: qrRequest.outTradeNo });
    await expect(provider().closeTrade(qrRequest.outTradeNo)).resolves.toBeUndefined();
    expect(form().method).toBe('alipay.trade.close');
    fake.answer = () => signedAnswer('alipay.trade.close', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    await expect(provider().closeTrade(qrRequest.outTradeNo)).resolves.toBeUndefined();

    const statusError = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' };
    const queried = (tradeStatus: string) => (request: { body: string }) =>
      new URLSearchParams(request.body).get('method') === 'alipay.trade.close'
        ? signedAnswer('alipay.trade.close', statusError)
        : signedAnswer('alipay.trade.query', {
            code: '10000',
            msg: 'Success',
            out_trade_no: qrRequest.outTradeNo,
            trade_no: '2025',
            trade_status: tradeStatus,
            total_amount: '199.00',
          });
    fake.answer = queried('TRADE_CLOSED');
    await expect(provider().closeTrade(qrRequest.outTradeNo)).resolves.toBeUndefined();
    fake.answer = queried('TRADE_SUCCESS');
    await expect(provider().closeTrade(qrRequest.outTradeNo)).rejects.toThrow(/already paid/);
  });

  it('gives up after its timeout with PaymentUpstreamError', async () => {
    const { held, release } = heldAnswer();
    fake.answer = () => ({ ...signedAnswer('alipay.trade.query', { code: '10000' }), heldUntil: held });
    try {
      await expect(provider(100).queryTrade(qrRequest.outTradeNo)).rejects.toThrow(/no answer within 100 ms/);
    } finally {
      release();
    }
  });

  it('acks with the exact words Alipay reads', () => {
    expect(provider().ack(true)).toMatchObject({ status: 200, body: 'success' });
    expect(provider().ack(false)).toMatchObject({ status: 200, body: 'fail' });
  });

  it('verifies a notice signed by the gateway key and refuses one whose amount was raised or lowered', async () => {
    const fields: Record<string, string> = {
      notify_time: '2025-03-01 12:05:31',
      notify_type: 'trade_status_sync',
      notify_id: '2025030100222120531012345678',
      app_id: '2021000122671080',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2025030122001468450512505578',
      out_trade_no: qrRequest.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '199.00',
      gmt_payment: '2025-03-01 12:05:30',
      subject: '高等数学 & 线性代数 = 100%',
    };
    fields.sign = signSha256Rsa(signContent(fields, ['sign', 'sign_type']), gatewayKeys.privateKey);
    await expect(provider().parseNotice({ headers: {}, rawBody: new URLSearchParams(fields).toString() })).resolves.toMatchObject({ amountCents: 19_900 });
    const tampered = new URLSearchParams({ ...fields, total_amount: '0.01' }).toString();
    await expect(provider().parseNotice({ headers: {}, rawBody: tampered })).rejects.toThrow(PaymentSignatureError);
    const forged = { ...fields, sign: signSha256Rsa(signContent(fields, ['sign', 'sign_type']), otherKeyPair().privateKey) };
    await expect(provider().parseNotice({ headers: {}, rawBody: new URLSearchParams(forged).toString() })).rejects.toThrow(PaymentSignatureError);
    const waiting: Record<string, string> = { ...fields, trade_status: 'WAIT_BUYER_PAY' };
    waiting.sign = signSha256Rsa(signContent(waiting, ['sign', 'sign_type']), gatewayKeys.privateKey);
    await expect(provider().parseNotice({ headers: {}, rawBody: new URLSearchParams(waiting).toString() })).resolves.toBeNull();
  });
});
