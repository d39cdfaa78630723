/**
 * Alipay open API, 当面付 precreate: the server asks alipay.trade.precreate for a qr_code, the page
 * shows it, the student pays in Alipay, and Alipay posts a signed form notice. alipay.trade.query
 * and alipay.trade.close work by our out_trade_no. Requests are RSA2-signed with the app private
 * key; answers we act on and notices are verified with the Alipay public key. `fetch` is
 * injectable so tests talk to a local fake of the gateway.
 */
import type { KeyObject } from 'node:crypto';
import { signRequest, verifyNoticeSignature, verifyResponseSignature } from './alipaySignature';
import { alipayDateTime, fenToYuan, parseAlipayDateTime, yuanToFen } from './keys';
import {
  type CreateQrRequest,
  type IncomingNotice,
  type NoticeAck,
  type PaidTrade,
  type PaymentProvider,
  type PaymentQr,
  PaymentSignatureError,
  PaymentUpstreamError,
} from './provider';
import { DEFAULT_VENDOR_TIMEOUT_MS, parseJsonObject, stringField, vendorRequest } from './vendorHttp';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const SUBJECT_MAX_CHARS = 256;
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Alipay's answer for a trade it does not know: a precreated QR nobody scanned yet is one. */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

export interface AlipaySettings {
  appId: string;
  appPrivateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway?: string;
}

export interface AlipayOptions extends AlipaySettings {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** For tests: a fixed clock. */
  now?: () => Date;
}

type ApiAnswer = Record<string, unknown>;

export class AlipayProvider implements PaymentProvider {
  readonly channel = 'ALIPAY' as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: AlipayOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  private now(): Date {
    return this.options.now ? this.options.now() : new Date();
  }

  /** The signed form of one call (exported through the class for tests). */
  signedParams(method: string, bizContent: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayDateTime(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    return { ...params, sign: signRequest(params, this.options.appPrivateKey) };
  }

  /** One gateway call: the `<method>_response` object, its signature checked when it reports success. */
  private async call(method: string, bizContent: object, extra: Record<string, string> = {}): Promise<ApiAnswer> {
    const o = this.options;
    const label = `Alipay ${method}`;
    const answer = await vendorRequest(
      this.fetchImpl,
      label,
      `${o.gateway ?? ALIPAY_GATEWAY}?charset=utf-8`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: new URLSearchParams(this.signedParams(method, bizContent, extra)).toString(),
      },
      o.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS,
    );
    if (answer.status !== 200) throw new PaymentUpstreamError(`${label}: HTTP ${answer.status}`);
    const body = parseJsonObject(answer.text);
    const responseKey = `${method.replace(/\./g, '_')}_response`;
    const response = body?.[responseKey];
    if (!body || !response || typeof response !== 'object') throw new PaymentUpstreamError(`${label}: answer without ${responseKey}`);
    const result = response as ApiAnswer;
    // Alipay signs its business answers; an unsigned one is only believed when it is an error.
    if (result.code === '10000' && !verifyResponseSignature(answer.text, responseKey, stringField(body, 'sign'), o.alipayPublicKey)) {
      throw new PaymentUpstreamError(`${label}: answer signature refused`);
    }
    return result;
  }

  private failure(method: string, result: ApiAnswer): PaymentUpstreamError {
    const words = ['code', 'msg', 'sub_code', 'sub_msg'].map((key) => stringField(result, key) ?? '').filter(Boolean);
    return new PaymentUpstreamError(`Alipay ${method}: ${words.join(' ')}`);
  }

  async createQr(request: CreateQrRequest): Promise<PaymentQr> {
    // Whole minutes, rounded down: the wallet stops taking money no later than the order expires.
    const minutes = Math.max(1, Math.floor((request.expiresAt.getTime() - this.now().getTime()) / 60_000));
    const result = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: request.outTradeNo,
        total_amount: fenToYuan(request.amountCents),
        subject: [...request.subject].slice(0, SUBJECT_MAX_CHARS).join(''),
        timeout_express: `${minutes}m`,
      },
      { notify_url: request.notifyUrl },
    );
    if (result.code !== '10000') throw this.failure('alipay.trade.precreate', result);
    const qrCode = stringField(result, 'qr_code');
    if (!qrCode) throw new PaymentUpstreamError('Alipay alipay.trade.precreate: answer without qr_code');
    return { codeUrl: qrCode };
  }

  async queryTrade(outTradeNo: string): Promise<PaidTrade | null> {
    const result = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (result.code !== '10000') {
      if (result.sub_code === TRADE_NOT_EXIST) return null;
      throw this.failure('alipay.trade.query', result);
    }
    if (result.out_trade_no !== outTradeNo) throw new PaymentUpstreamError('Alipay alipay.trade.query: answer names another trade');
    if (!PAID_STATES.has(stringField(result, 'trade_status') ?? '')) return null;
    const amountCents = yuanToFen(stringField(result, 'total_amount'));
    const transactionId = stringField(result, 'trade_no');
    if (amountCents === null || !transactionId) throw new PaymentUpstreamError('Alipay alipay.trade.query: paid trade without trade_no or total_amount');
    return { outTradeNo, transactionId, amountCents, paidAt: parseAlipayDateTime(stringField(result, 'send_pay_date')) ?? this.now() };
  }

  async closeTrade(outTradeNo: string): Promise<void> {
    const result = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    if (result.code === '10000' || result.sub_code === TRADE_NOT_EXIST) return;
    if (result.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      // Said of a trade already closed (fine) and of one already paid (not fine): ask which.
      if ((await this.queryTrade(outTradeNo)) === null) return;
      throw new PaymentUpstreamError('Alipay alipay.trade.close: the trade is already paid');
    }
    throw this.failure('alipay.trade.close', result);
  }

  async parseNotice(notice: IncomingNotice): Promise<PaidTrade | null> {
    const form = new URLSearchParams(notice.rawBody);
    const params: Record<string, string> = {};
    for (const [key, value] of form) {
      // A repeated field would let the signed value and the value we read differ.
      if (Object.hasOwn(params, key)) throw new PaymentSignatureError(`Alipay notice: field ${key.slice(0, 40)} repeated`);
      params[key] = value;
    }
    if (!verifyNoticeSignature(params, this.options.alipayPublicKey)) throw new PaymentSignatureError('Alipay notice: sign does not verify');
    if (params.app_id !== this.options.appId) throw new PaymentSignatureError('Alipay notice: app_id is not ours');
    if (!PAID_STATES.has(params.trade_status ?? '')) return null;
    const amountCents = yuanToFen(params.total_amount);
    if (!params.out_trade_no || !params.trade_no || amountCents === null) {
      throw new PaymentSignatureError('Alipay notice: paid trade without out_trade_no, trade_no or total_amount');
    }
    return {
      outTradeNo: params.out_trade_no,
      transactionId: params.trade_no,
      amountCents,
      paidAt: parseAlipayDateTime(params.gmt_payment) ?? parseAlipayDateTime(params.notify_time) ?? this.now(),
    };
  }

  ack(accepted: boolean): NoticeAck {
    // Alipay stops resending only on the exact text 'success'.
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
}
