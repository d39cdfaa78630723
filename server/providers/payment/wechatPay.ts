/**
 * WeChat Pay API v3, Native payment (扫码支付): the server asks for a code_url, the page shows it
 * as a QR code, the student pays in WeChat, and WeChat posts an encrypted, signed notice. Query
 * and close work by our out_trade_no. Every request is signed with the merchant key; every answer
 * we act on and every notice is verified with the platform key. `fetch` is injectable so tests
 * talk to a local fake of the vendor.
 */
import type { KeyObject } from 'node:crypto';
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
import { cutUtf8, rfc3339China } from './keys';
import { DEFAULT_VENDOR_TIMEOUT_MS, parseJsonObject, stringField, vendorRequest, type VendorAnswer } from './vendorHttp';
import { authorizationHeader, decryptResource, newNonce, type PlatformVerifier, ResourceDecryptError, wechatSignatureProblem } from './wechatPaySignature';

export const WECHATPAY_API_ORIGIN = 'https://api.mch.weixin.qq.com';
/** WeChat's limit on description is 127; the brief for this site counts it in UTF-8 bytes to be safe. */
const DESCRIPTION_MAX_BYTES = 127;

export interface WechatPaySettings {
  mchId: string;
  /** The app id bound to the merchant (公众号/开放平台 appid): Native orders need one. */
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  /** The APIv3 key (32 bytes) that decrypts notices. */
  apiV3Key: Buffer;
  platform: PlatformVerifier;
}

export interface WechatPayOptions extends WechatPaySettings {
  apiOrigin?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** For tests: fixed clock and nonce. */
  now?: () => Date;
  nonce?: () => string;
}

interface TransactionAmount {
  total?: unknown;
}

/** The transaction as query answers and decrypted notices describe it. */
interface Transaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: TransactionAmount;
}

export class WechatPayProvider implements PaymentProvider {
  readonly channel = 'WECHAT' as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: WechatPayOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  private now(): Date {
    return this.options.now ? this.options.now() : new Date();
  }

  /** One signed request; the answer's signature is checked before its body is believed. */
  private async request(method: 'GET' | 'POST', canonicalUrl: string, body?: object): Promise<VendorAnswer> {
    const o = this.options;
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const authorization = authorizationHeader(
      { mchId: o.mchId, serialNo: o.merchantSerialNo, privateKey: o.merchantPrivateKey },
      method,
      canonicalUrl,
      text,
      timestamp,
      o.nonce ? o.nonce() : newNonce(),
    );
    const headers: Record<string, string> = { authorization, accept: 'application/json', 'user-agent': 'xuetu-server (WeChat Pay API v3)' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const label = `WeChat Pay ${method} ${canonicalUrl.split('?')[0]}`;
    const answer = await vendorRequest(
      this.fetchImpl,
      label,
      `${o.apiOrigin ?? WECHATPAY_API_ORIGIN}${canonicalUrl}`,
      { method, headers, body: body === undefined ? undefined : text },
      o.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS,
    );
    if (answer.status >= 200 && answer.status < 300 && answer.text !== '') {
      // A success we would act upon (a code_url, a paid state) must come from WeChat itself.
      const problem = wechatSignatureProblem(answer.headers, answer.text, o.platform, Math.floor(this.now().getTime() / 1000));
      if (problem) throw new PaymentUpstreamError(`${label}: answer signature refused (${problem})`);
    }
    return answer;
  }

  private failure(label: string, answer: VendorAnswer): PaymentUpstreamError {
    const error = parseJsonObject(answer.text);
    return new PaymentUpstreamError(
      `WeChat Pay ${label}: HTTP ${answer.status} ${stringField(error, 'code') ?? ''} ${stringField(error, 'message') ?? ''}`.trim(),
    );
  }

  async createQr(request: CreateQrRequest): Promise<PaymentQr> {
    const o = this.options;
    const answer = await this.request('POST', '/v3/pay/transactions/native', {
      appid: o.appId,
      mchid: o.mchId,
      description: cutUtf8(request.subject, DESCRIPTION_MAX_BYTES),
      out_trade_no: request.outTradeNo,
      time_expire: rfc3339China(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountCents, currency: 'CNY' },
    });
    if (answer.status !== 200) throw this.failure('native order', answer);
    const codeUrl = stringField(parseJsonObject(answer.text), 'code_url');
    if (!codeUrl) throw new PaymentUpstreamError('WeChat Pay native order: answer without code_url');
    return { codeUrl };
  }

  async queryTrade(outTradeNo: string): Promise<PaidTrade | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.options.mchId)}`;
    const answer = await this.request('GET', path);
    if (answer.status === 404) return null; // ORDER_NOT_EXIST: never created, so never paid.
    if (answer.status !== 200) throw this.failure('query', answer);
    const transaction = parseJsonObject(answer.text) as Transaction | null;
    if (!transaction) throw new PaymentUpstreamError('WeChat Pay query: answer is not JSON');
    if (transaction.out_trade_no !== outTradeNo) throw new PaymentUpstreamError('WeChat Pay query: answer names another trade');
    return this.paidTrade(transaction, PaymentUpstreamError);
  }

  async closeTrade(outTradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
    const answer = await this.request('POST', path, { mchid: this.options.mchId });
    if (answer.status === 204 || answer.status === 200) return;
    // A trade WeChat never saw cannot be paid: nothing to close.
    if (answer.status === 404) return;
    throw this.failure('close', answer);
  }

  async parseNotice(notice: IncomingNotice): Promise<PaidTrade | null> {
    const o = this.options;
    const problem = wechatSignatureProblem(notice.headers, notice.rawBody, o.platform, Math.floor(this.now().getTime() / 1000));
    if (problem) throw new PaymentSignatureError(`WeChat Pay notice refused: ${problem}`);
    const envelope = parseJsonObject(notice.rawBody);
    if (!envelope) throw new PaymentSignatureError('WeChat Pay notice: body is not JSON');
    // Refunds and other events arrive at the same URL; only a payment success pays an order.
    if (envelope.event_type !== 'TRANSACTION.SUCCESS') return null;
    const resource = envelope.resource;
    if (!resource || typeof resource !== 'object') throw new PaymentSignatureError('WeChat Pay notice: resource missing');
    let plaintext: string;
    try {
      plaintext = decryptResource(o.apiV3Key, resource);
    } catch (err) {
      if (err instanceof ResourceDecryptError) throw new PaymentSignatureError(`WeChat Pay notice: ${err.message}`);
      throw err;
    }
    const transaction = parseJsonObject(plaintext) as Transaction | null;
    if (!transaction) throw new PaymentSignatureError('WeChat Pay notice: resource is not JSON');
    return this.paidTrade(transaction, PaymentSignatureError);
  }

  /** The paid trade a transaction describes, or null while it is not paid; foreign or malformed ones throw `Failure`. */
  private paidTrade(transaction: Transaction, Failure: new (message: string) => Error): PaidTrade | null {
    const o = this.options;
    if (transaction.mchid !== o.mchId || transaction.appid !== o.appId) throw new Failure('WeChat Pay: transaction of another merchant or app');
    if (transaction.trade_state !== 'SUCCESS') return null;
    const total = transaction.amount?.total;
    const { out_trade_no: outTradeNo, transaction_id: transactionId, success_time: successTime } = transaction;
    if (typeof outTradeNo !== 'string' || typeof transactionId !== 'string' || !Number.isSafeInteger(total) || (total as number) < 0) {
      throw new Failure('WeChat Pay: paid transaction without trade number, id or amount');
    }
    const paidAt = typeof successTime === 'string' ? new Date(successTime) : this.now();
    return { outTradeNo, transactionId, amountCents: total as number, paidAt: Number.isNaN(paidAt.getTime()) ? this.now() : paidAt };
  }

  ack(accepted: boolean): NoticeAck {
    // WeChat: 200/204 without a body stops the resends; 4XX/5XX with {code:'FAIL'} makes it retry.
    return accepted
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
