/**
 * POST /payment/front/api/notify/:channel — where a wallet (WeChat Pay, Alipay, the sandbox) tells
 * us a trade is paid. Vendor-facing, so not a call of the API registry: it answers the vendor's
 * own acknowledgement (provider.ack), never the JSON envelope, and reads the body as the exact
 * bytes sent (signatures cover them), whatever its content type. Server-to-server requests carry no
 * browser headers or credentials; what makes one trustworthy is the provider's signature check.
 *
 * Accepted (the vendor stops resending): a genuine notice that is not a payment, a payment settled
 * now or before. Refused (it resends, and we log): a bad signature, an unknown trade, an amount
 * that is not the order's, or our own failure.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { PAY_CHANNELS, type PayChannel, PaymentSignatureError } from '../providers/payment/provider';
import type { Services } from '../providers/services';
import { settlePaidTrade } from './settlement';

export const PAYMENT_NOTICE_PATH = '/payment/front/api/notify';
/** Vendors' notices are small; anything bigger is not one. */
const NOTICE_BODY_LIMIT = 64 * 1024;

export function noticeUrl(origin: string, channel: PayChannel): string {
  return `${origin}${PAYMENT_NOTICE_PATH}/${channel.toLowerCase()}`;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
}

export interface PaymentNoticesOptions {
  db: Db;
  services: Services;
}

export async function paymentNoticesPlugin(app: FastifyInstance, { db, services }: PaymentNoticesOptions): Promise<void> {
  // This plugin's own context only: every body arrives as the string that was sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post<{ Params: { channel: string } }>(`${PAYMENT_NOTICE_PATH}/:channel`, async (request, reply) => {
    const channel = request.params.channel.toUpperCase() as PayChannel;
    const provider = PAY_CHANNELS.includes(channel) ? services.payments[channel] : undefined;
    if (!provider) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    let accepted = false;
    try {
      const trade = await provider.parseNotice({ headers: flatHeaders(request.headers), rawBody: typeof request.body === 'string' ? request.body : '' });
      accepted = trade === null || (await settlePaidTrade(db, channel, trade, request.log, services.clock.now())) !== 'REFUSED';
    } catch (err) {
      if (err instanceof PaymentSignatureError) request.log.warn({ channel, reason: err.message }, 'payment notice refused: signature');
      else request.log.error({ err, channel }, 'payment notice failed');
    }
    const ack = provider.ack(accepted);
    return reply.code(ack.status).type(ack.contentType).header('cache-control', 'no-store').send(ack.body);
  });
}
