/**
 * Developer-only routes of accounts, never in production: the SMS outbox and the captcha answers
 * (while the outbox provider is active) and the WeChat sandbox pages (while the sandbox provider is active).
 *
 * - GET  /dev/sms-outbox?mobile=… → {code:200,msg:'success',data:[{mobile,code,requestType,sentAt}]} newest first
 * - GET  /dev/captcha-answer?challengeId=… → {code:200,msg:'success',data:{x}} (x null when unknown or used):
 *   the e2e tests drag the real slider to it. It weakens nothing the outbox has not already given
 *   away: with the outbox no SMS leaves the machine, and every code is readable above.
 * - GET  /dev/wechat/qrconnect?appid&redirect_uri&state&scope&style → HTML (framed by the login page)
 * - GET  /dev/wechat/authorize?ticket=… → HTML, the "phone"
 * - GET  /dev/wechat/{qrconnect,authorize}.{js,css} → the two pages' script and style sheet (no inline code: CSP)
 * - POST /dev/wechat/confirm {ticket, nickname} → {code:200,msg:'success',data:{status:'CONFIRMED'}}
 * - GET  /dev/wechat/ticket/:ticket → {code:200,msg:'success',data:{status:'WAITING'|'CONFIRMED'|'EXPIRED', code}}
 * - GET  /dev/wechat/avatar?openid&nickname → PNG, a sandbox account's profile picture (its headimgurl)
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { isProduction } from '../config';
import type { Db } from '../db/client';
import type { Services } from '../providers/services';
import { OutboxSmsProvider } from '../providers/sms/outbox';
import { randomSandboxNickname, SANDBOX_AVATAR_PATH, SANDBOX_NICKNAME_MAX, SandboxWechatProvider } from '../providers/wechat/sandbox';
import { drawSandboxAvatar } from '../providers/wechat/sandboxAvatar';
import { badRequest, ok } from '../shared/envelope';
import { sendHtml } from '../shared/html';
import { requestOrigin } from '../shared/request';
import { challengeAnswer } from './captcha.queries';
import { authorizePage, qrconnectPage } from './devWechatPages';
import { sandboxAsset, sandboxAssetPath } from './devWechatAssets';

export interface DevAccountsOptions {
  config: ServerConfig;
  services: Services;
  db: Db;
}

export const SANDBOX_TICKET_INVALID_TEXT = '二维码已失效，请在电脑上刷新后重新扫码';

const ticketProp = { type: 'string', minLength: 1, maxLength: 64 } as const;

export function devRoutesEnabled(config: ServerConfig, services: Services): { smsOutbox: boolean; wechatSandbox: boolean } {
  const dev = !isProduction(config);
  return { smsOutbox: dev && services.sms instanceof OutboxSmsProvider, wechatSandbox: dev && services.wechat instanceof SandboxWechatProvider };
}

export async function devAccountsPlugin(app: FastifyInstance, { config, services, db }: DevAccountsOptions): Promise<void> {
  const enabled = devRoutesEnabled(config, services);

  if (enabled.smsOutbox) {
    const outbox = services.sms as OutboxSmsProvider;
    app.get<{ Querystring: { mobile: string } }>(
      '/dev/sms-outbox',
      { schema: { querystring: { type: 'object', required: ['mobile'], properties: { mobile: { type: 'string', minLength: 1, maxLength: 20 } } } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await outbox.list(request.query.mobile));
      },
    );
    app.get<{ Querystring: { challengeId: string } }>(
      '/dev/captcha-answer',
      { schema: { querystring: { type: 'object', required: ['challengeId'], properties: { challengeId: { type: 'string', minLength: 1, maxLength: 64 } } } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok({ x: await challengeAnswer(db, request.query.challengeId) });
      },
    );
  }

  if (!enabled.wechatSandbox) return;
  const sandbox = services.wechat as SandboxWechatProvider;

  app.get<{ Querystring: { appid?: string; redirect_uri?: string; state?: string; scope?: string; style?: string } }>(
    '/dev/wechat/qrconnect',
    // The login page frames this page, like WeChat's own: 'self' may frame it, no one else.
    { config: { securityHeaders: 'framed' } },
    async (request, reply) => {
      const { redirect_uri: redirectUri = '', state = '' } = request.query;
      const origin = requestOrigin(config, request);
      let redirect: URL | null = null;
      try {
        redirect = new URL(redirectUri);
      } catch {
        redirect = null;
      }
      // Like WeChat's check of the registered domain: codes only ever go back to this site.
      if (!redirect || redirect.origin !== origin) {
        return sendHtml(reply, '<!doctype html><meta charset="utf-8"><p>redirect_uri 参数错误</p>', 400);
      }
      const ticket = await sandbox.createTicket();
      const authorizeUrl = `${origin}/dev/wechat/authorize?ticket=${encodeURIComponent(ticket)}`;
      return sendHtml(reply, qrconnectPage({ ticket, authorizeUrl, redirectUri, state }));
    },
  );

  for (const name of ['qrconnect', 'authorize'] as const) {
    for (const [ext, type] of [
      ['js', 'text/javascript; charset=utf-8'],
      ['css', 'text/css; charset=utf-8'],
    ] as const) {
      const body = sandboxAsset(name, ext);
      app.get(sandboxAssetPath(name, ext), (_request, reply) => reply.type(type).header('cache-control', 'no-store').send(body));
    }
  }

  app.get<{ Querystring: { ticket: string } }>(
    '/dev/wechat/authorize',
    { schema: { querystring: { type: 'object', required: ['ticket'], properties: { ticket: ticketProp } } }, config: { securityHeaders: 'page' } },
    async (request, reply) => {
      const { status } = await sandbox.ticketStatus(request.query.ticket);
      return sendHtml(reply, authorizePage({ ticket: request.query.ticket, defaultNickname: randomSandboxNickname(), valid: status === 'WAITING' }));
    },
  );

  app.post<{ Body: { ticket: string; nickname: string } }>(
    '/dev/wechat/confirm',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ticket', 'nickname'],
          properties: { ticket: ticketProp, nickname: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      },
    },
    async (request) => {
      const nickname = [...request.body.nickname.trim()].slice(0, SANDBOX_NICKNAME_MAX).join('');
      if (!nickname) throw badRequest('请输入微信昵称');
      const code = await sandbox.confirmTicket(request.body.ticket, nickname);
      if (!code) throw badRequest(SANDBOX_TICKET_INVALID_TEXT);
      return ok({ status: 'CONFIRMED' });
    },
  );

  app.get<{ Params: { ticket: string } }>(
    '/dev/wechat/ticket/:ticket',
    { schema: { params: { type: 'object', required: ['ticket'], properties: { ticket: ticketProp } } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await sandbox.ticketStatus(request.params.ticket));
    },
  );

  app.get<{ Querystring: { openid: string; nickname: string } }>(
    SANDBOX_AVATAR_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['openid', 'nickname'],
          properties: { openid: { type: 'string', minLength: 1, maxLength: 64 }, nickname: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      },
    },
    async (request, reply) =>
      reply.type('image/png').header('cache-control', 'public, max-age=86400').send(drawSandboxAvatar(request.query.openid, request.query.nickname)),
  );
}
