/**
 * The sandbox wallet's developer-only routes, never in production (moving the clock that orders
 * and payments read is server/plugins/devClock.ts, shared by every feature):
 * - GET  /dev/pay/sandbox?ticket=… → the sandbox wallet's "phone" page (what its QR code encodes);
 * - POST /dev/pay/sandbox/confirm | /cancel (form: ticket) → ends the trade, delivers the signed
 *   notice through the real notice route (/payment/front/api/notify/sandbox), shows the result;
 * - GET  /dev/pay/sandbox.css → the pages' style sheet (no inline CSS: the CSP refuses it).
 * The pages are HTML documents: they get the 'page' security headers (server/shared/securityPolicy.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isProduction, type ServerConfig } from '../config';
import { type OutgoingNotice, SANDBOX_PAY_PAGE_PATH, SandboxPaymentProvider, type SandboxOutcome } from '../providers/payment/sandbox';
import type { Services } from '../providers/services';
import { isCrossSite } from '../shared/crossSite';
import { AppError } from '../shared/envelope';
import { sendHtml } from '../shared/html';
import { SANDBOX_PAY_CSS, SANDBOX_PAY_CSS_PATH } from './devPaymentAssets';
import { type SandboxResult, sandboxPayPage, sandboxResultPage } from './devPaymentPages';

export interface DevPaymentOptions {
  config: ServerConfig;
  services: Services;
}

const ticketSchema = { type: 'object', required: ['ticket'], properties: { ticket: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

export async function devPaymentPlugin(app: FastifyInstance, { config, services }: DevPaymentOptions): Promise<void> {
  if (isProduction(config)) return;

  const clock = services.clock;
  const sandbox = services.payments.SANDBOX;
  if (!(sandbox instanceof SandboxPaymentProvider)) return;

  /** Through the same route, parser and checks as a vendor's notice; true when it was acknowledged. */
  async function deliver(notice: OutgoingNotice): Promise<boolean> {
    const res = await app.inject({ method: 'POST', url: new URL(notice.url).pathname, headers: notice.headers, payload: notice.body });
    return res.statusCode >= 200 && res.statusCode < 300;
  }

  async function finish(reply: FastifyReply, outcome: SandboxOutcome, done: SandboxResult): Promise<FastifyReply> {
    if (!outcome.ok)
      return sendHtml(reply, sandboxResultPage(outcome.refusal === 'PAID' ? 'ALREADY_PAID' : outcome.refusal, outcome.trade?.amountCents ?? null), 400);
    const acknowledged = await deliver(outcome.notice);
    return sendHtml(reply, sandboxResultPage(acknowledged || done === 'CANCELLED' ? done : 'NOTICE_REFUSED', outcome.trade.amountCents));
  }

  app.get(SANDBOX_PAY_CSS_PATH, (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(SANDBOX_PAY_CSS));

  const page = { securityHeaders: 'page' } as const;

  app.get<{ Querystring: { ticket: string } }>(SANDBOX_PAY_PAGE_PATH, { schema: { querystring: ticketSchema }, config: page }, async (request, reply) => {
    const trade = await sandbox.tradeByTicket(request.query.ticket);
    if (!trade) return sendHtml(reply, sandboxPayPage({ ticket: request.query.ticket, state: 'UNKNOWN', subject: '', amountCents: 0 }), 404);
    const expired = trade.status === 'WAITING' && trade.expiresAt.getTime() <= clock.now().getTime();
    const state = expired ? 'EXPIRED' : (trade.status as 'WAITING' | 'PAID' | 'CLOSED');
    return sendHtml(reply, sandboxPayPage({ ticket: request.query.ticket, state, subject: trade.subject, amountCents: trade.amountCents }));
  });

  app.post<{ Body: { ticket: string } }>(`${SANDBOX_PAY_PAGE_PATH}/confirm`, { schema: { body: ticketSchema }, config: page }, async (request, reply) => {
    if (isCrossSite(request)) throw new AppError(403);
    return finish(reply, await sandbox.pay(request.body.ticket), 'PAID');
  });

  app.post<{ Body: { ticket: string } }>(`${SANDBOX_PAY_PAGE_PATH}/cancel`, { schema: { body: ticketSchema }, config: page }, async (request, reply) => {
    if (isCrossSite(request)) throw new AppError(403);
    return finish(reply, await sandbox.cancel(request.body.ticket), 'CANCELLED');
  });
}
