/**
 * The sandbox wallet: a local stand-in for WeChat Pay / Alipay that works offline, for development
 * and automated tests, never in production. Its QR code encodes the URL of a page on this server
 * (/dev/pay/sandbox, server/commerce/devPayment.ts) — the "phone" — whose 确认支付 and 取消 buttons
 * end the trade and deliver a signed notice to the notify URL, through the same route and checks a
 * real vendor's notice takes. It keeps its own books (payment_sandbox_trades) like a vendor does, so
 * queryTrade and closeTrade answer from them, and the QR stops working at the order's expiry as told.
 *
 * Notices are JSON signed with HMAC-SHA256 over `timestamp\nbody` under a key derived from the
 * server's own HMAC key (shared by every process on one database), with a 5-minute timestamp window.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxTrades } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { getSecrets } from '../../shared/secrets';
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

export const SANDBOX_PAY_PAGE_PATH = '/dev/pay/sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const NOTICE_WINDOW_MS = 5 * 60 * 1000;

export type SandboxTradeState = 'SUCCESS' | 'CLOSED';

export interface SandboxNoticeBody {
  outTradeNo: string;
  transactionId: string;
  amountCents: number;
  /** ISO time. */
  paidAt: string;
  tradeState: SandboxTradeState;
}

/** A notice ready to be POSTed to the trade's notify URL. */
export interface OutgoingNotice {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type SandboxTrade = typeof sandboxTrades.$inferSelect;

/** Why the "phone" could not pay or cancel. */
export type SandboxRefusal = 'UNKNOWN' | 'EXPIRED' | 'PAID' | 'CLOSED';

export type SandboxOutcome = { ok: true; trade: SandboxTrade; notice: OutgoingNotice } | { ok: false; refusal: SandboxRefusal; trade: SandboxTrade | null };

function isNoticeBody(value: unknown): value is SandboxNoticeBody {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.outTradeNo === 'string' &&
    typeof v.transactionId === 'string' &&
    typeof v.amountCents === 'number' &&
    Number.isInteger(v.amountCents) &&
    typeof v.paidAt === 'string' &&
    !Number.isNaN(Date.parse(v.paidAt)) &&
    (v.tradeState === 'SUCCESS' || v.tradeState === 'CLOSED')
  );
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly channel = 'SANDBOX' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async key(): Promise<Buffer> {
    const { hmacKey } = await getSecrets(this.db);
    return createHmac('sha256', hmacKey).update('payment-sandbox-notice').digest();
  }

  private async sign(timestamp: string, body: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`${timestamp}\n${body}`)
      .digest('hex');
  }

  async createQr(request: CreateQrRequest): Promise<PaymentQr> {
    const ticket = randomBytes(18).toString('base64url');
    const [row] = await this.db
      .insert(sandboxTrades)
      .values({
        outTradeNo: request.outTradeNo,
        ticket,
        amountCents: request.amountCents,
        subject: request.subject.slice(0, 128),
        notifyUrl: request.notifyUrl,
        expiresAt: request.expiresAt,
      })
      .onConflictDoNothing()
      .returning();
    // Like the vendors: the same trade number again is refused, never silently re-priced.
    if (!row) throw new PaymentUpstreamError(`sandbox: trade ${request.outTradeNo} exists`);
    return { codeUrl: `${new URL(request.notifyUrl).origin}${SANDBOX_PAY_PAGE_PATH}?ticket=${encodeURIComponent(ticket)}` };
  }

  async tradeByTicket(ticket: string): Promise<SandboxTrade | null> {
    const [row] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.ticket, ticket));
    return row ?? null;
  }

  private async refusalFor(ticket: string): Promise<SandboxOutcome> {
    const trade = await this.tradeByTicket(ticket);
    if (!trade) return { ok: false, refusal: 'UNKNOWN', trade: null };
    if (trade.status === 'PAID') return { ok: false, refusal: 'PAID', trade };
    if (trade.status === 'CLOSED') return { ok: false, refusal: 'CLOSED', trade };
    return { ok: false, refusal: 'EXPIRED', trade };
  }

  /** The "phone" pays: WAITING → PAID while the QR is valid; answers the notice to deliver. */
  async pay(ticket: string): Promise<SandboxOutcome> {
    const now = this.clock.now();
    const [trade] = await this.db
      .update(sandboxTrades)
      .set({ status: 'PAID', paidAt: now, transactionId: `SBX${randomBytes(12).toString('hex').toUpperCase()}` })
      .where(and(eq(sandboxTrades.ticket, ticket), eq(sandboxTrades.status, 'WAITING'), gt(sandboxTrades.expiresAt, now)))
      .returning();
    if (!trade) return this.refusalFor(ticket);
    return { ok: true, trade, notice: await this.noticeFor(trade) };
  }

  /** The "phone" gives up: WAITING → CLOSED; the notice says so (a genuine notice that is not a payment). */
  async cancel(ticket: string): Promise<SandboxOutcome> {
    const [trade] = await this.db
      .update(sandboxTrades)
      .set({ status: 'CLOSED' })
      .where(and(eq(sandboxTrades.ticket, ticket), eq(sandboxTrades.status, 'WAITING')))
      .returning();
    if (!trade) return this.refusalFor(ticket);
    return { ok: true, trade, notice: await this.noticeFor(trade) };
  }

  /** The signed notice of a trade's present state, as a vendor sends (and resends) it. */
  async noticeFor(trade: SandboxTrade): Promise<OutgoingNotice> {
    return this.signedNotice(trade.notifyUrl, {
      outTradeNo: trade.outTradeNo,
      transactionId: trade.transactionId ?? '',
      amountCents: trade.amountCents,
      paidAt: (trade.paidAt ?? trade.createdAt).toISOString(),
      tradeState: trade.status === 'PAID' ? 'SUCCESS' : 'CLOSED',
    });
  }

  /** Signs any body: the sandbox's books are the only source of notices outside tests. */
  async signedNotice(url: string, notice: SandboxNoticeBody): Promise<OutgoingNotice> {
    const body = JSON.stringify(notice);
    const timestamp = String(this.clock.now().getTime());
    return {
      url,
      headers: { 'content-type': 'application/json', [SANDBOX_TIMESTAMP_HEADER]: timestamp, [SANDBOX_SIGNATURE_HEADER]: await this.sign(timestamp, body) },
      body,
    };
  }

  async parseNotice(notice: IncomingNotice): Promise<PaidTrade | null> {
    const timestamp = notice.headers[SANDBOX_TIMESTAMP_HEADER] ?? '';
    const signature = notice.headers[SANDBOX_SIGNATURE_HEADER] ?? '';
    if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw new PaymentSignatureError('sandbox: missing or malformed signature headers');
    if (Math.abs(this.clock.now().getTime() - Number(timestamp)) > NOTICE_WINDOW_MS) throw new PaymentSignatureError('sandbox: timestamp outside the window');
    const expected = Buffer.from(await this.sign(timestamp, notice.rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new PaymentSignatureError('sandbox: signature does not verify');
    let body: unknown;
    try {
      body = JSON.parse(notice.rawBody);
    } catch {
      throw new PaymentSignatureError('sandbox: signed body is not JSON');
    }
    if (!isNoticeBody(body)) throw new PaymentSignatureError('sandbox: signed body has the wrong shape');
    if (body.tradeState !== 'SUCCESS') return null;
    return { outTradeNo: body.outTradeNo, transactionId: body.transactionId, amountCents: body.amountCents, paidAt: new Date(body.paidAt) };
  }

  ack(accepted: boolean): NoticeAck {
    return accepted
      ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async queryTrade(outTradeNo: string): Promise<PaidTrade | null> {
    const [trade] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    if (!trade || trade.status !== 'PAID' || !trade.paidAt || !trade.transactionId) return null;
    return { outTradeNo, transactionId: trade.transactionId, amountCents: trade.amountCents, paidAt: trade.paidAt };
  }

  async closeTrade(outTradeNo: string): Promise<void> {
    const [closed] = await this.db
      .update(sandboxTrades)
      .set({ status: 'CLOSED' })
      .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'WAITING')))
      .returning({ outTradeNo: sandboxTrades.outTradeNo });
    if (closed) return;
    const [trade] = await this.db.select({ status: sandboxTrades.status }).from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    // Like WeChat's ORDERPAID: a paid trade cannot be closed (the caller settles it instead).
    if (trade?.status === 'PAID') throw new PaymentUpstreamError(`sandbox: trade ${outTradeNo} is paid`);
  }
}
