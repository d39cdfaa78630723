/**
 * Where a student's money goes: the offline sandbox (development, tests, e2e), WeChat Pay (API v3,
 * Native QR) or Alipay (precreate, 当面付 QR). Commerce code talks to this interface only; the
 * provider of each channel is chosen from the config once at start-up.
 *
 * Money is integer fen everywhere. A provider never decides what an order costs: it is told the
 * amount the server computed, and a notice whose amount differs from the order is refused by the
 * commerce code, not here.
 */

/** The pay channels a terminal can offer (payChannelWay/getListByTerminal lists the configured ones). */
export const PAY_CHANNELS = ['SANDBOX', 'WECHAT', 'ALIPAY'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

export interface CreateQrRequest {
  /** Our trade number: unique per payment attempt, 6–32 characters of [A-Za-z0-9_-] (both vendors accept it). */
  outTradeNo: string;
  amountCents: number;
  /** Shown by the wallet: the course title, at most 127 bytes for WeChat (cut it). */
  subject: string;
  /** After this the vendor must refuse to take the money (the order expires 30 minutes after creation). */
  expiresAt: Date;
  /** Absolute URL the vendor posts its notice to. */
  notifyUrl: string;
}

export interface PaymentQr {
  /** What the QR code encodes: weixin://wxpay/bizpayurl?pr=…, https://qr.alipay.com/…, or our sandbox page's URL. */
  codeUrl: string;
}

/** A vendor's word that a trade is paid, after its signature (or our query) was verified. */
export interface PaidTrade {
  outTradeNo: string;
  /** The vendor's own id of the transaction (for refunds and support). */
  transactionId: string;
  amountCents: number;
  paidAt: Date;
}

/** The raw notice as it reached us: verification needs the exact bytes and the vendor's headers. */
export interface IncomingNotice {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

/** How to answer the vendor, so it stops (or keeps) resending the notice. */
export interface NoticeAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly channel: PayChannel;
  createQr(request: CreateQrRequest): Promise<PaymentQr>;
  /**
   * Verifies the notice (signature, certificate serial, timestamp window; decrypts WeChat's
   * resource) and answers the paid trade, or null for a notice that is genuine but not a payment
   * success (closed, refunded…). A forged or altered notice throws PaymentSignatureError.
   */
  parseNotice(notice: IncomingNotice): Promise<PaidTrade | null>;
  ack(accepted: boolean): NoticeAck;
  /** Asks the vendor (the polling fallback when a notice is late): the paid trade, or null while unpaid. */
  queryTrade(outTradeNo: string): Promise<PaidTrade | null>;
  /** Closes an unpaid trade (an order cancelled or expired), so it can no longer be paid. */
  closeTrade(outTradeNo: string): Promise<void>;
}

/** A notice whose signature does not verify. Answered 400 (or the vendor's FAIL), never acted upon. */
export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** The vendor refused a request or could not be reached. The message is for the log, never for the user. */
export class PaymentUpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentUpstreamError';
  }
}
