/**
 * The WeChat sandbox: a local stand-in for WeChat's QR login, for development and e2e tests.
 * The framed qrconnect page opens a ticket; the "phone" page (/dev/wechat/authorize) confirms it
 * under a nickname, which mints a one-time code (5 min) the qrconnect page hands to redirect_uri
 * exactly as WeChat would. The openid is derived from the nickname, so one nickname is one
 * WeChat account across logins.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { WxConfig } from '../../../src/domain/account/contract';
import type { Db } from '../../db/client';
import { wechatSandboxTickets } from '../../db/schema';
import { WechatCodeError, type WechatIdentity, type WechatProvider, type WxPurpose } from './provider';
import { drawSandboxAvatar } from './sandboxAvatar';

export const SANDBOX_APP_ID = 'wx_sandbox_xuetu';
export const SANDBOX_QRCONNECT_PATH = '/dev/wechat/qrconnect';
export const SANDBOX_TICKET_TTL_SECONDS = 10 * 60;
export const SANDBOX_CODE_TTL_SECONDS = 5 * 60;
export const SANDBOX_NICKNAME_MAX = 20;
export const SANDBOX_AVATAR_PATH = '/dev/wechat/avatar';

/** Where the sandbox "CDN" serves an account's picture (like WeChat's headimgurl). */
export function sandboxAvatarUrl(openId: string, nickname: string): string {
  return `${SANDBOX_AVATAR_PATH}?${new URLSearchParams({ openid: openId, nickname }).toString()}`;
}

export type TicketStatus = 'WAITING' | 'CONFIRMED' | 'EXPIRED';

export function sandboxOpenId(nickname: string): string {
  return `sbx_${createHash('sha256').update(`xuetu-wechat-sandbox\n${nickname}`).digest('base64url').slice(0, 28)}`;
}

export function randomSandboxNickname(): string {
  return `微信用户${String(randomBytes(2).readUInt16BE(0) % 10000).padStart(4, '0')}`;
}

export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  config(_purpose: WxPurpose, redirectUrl: string): Omit<WxConfig, 'state'> {
    // Same origin as the redirect, which the caller built from PUBLIC_ORIGIN or the request.
    const qrconnectUrl = `${new URL(redirectUrl).origin}${SANDBOX_QRCONNECT_PATH}`;
    return { appId: SANDBOX_APP_ID, redirectUrl, scope: 'snsapi_login', style: 'black', qrconnectUrl };
  }

  async exchangeCode(code: string): Promise<WechatIdentity> {
    const now = new Date();
    const [row] = await this.db
      .update(wechatSandboxTickets)
      .set({ codeUsedAt: now })
      .where(and(eq(wechatSandboxTickets.code, code), isNull(wechatSandboxTickets.codeUsedAt)))
      .returning();
    if (!row || !row.openId || !row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
      throw new WechatCodeError('sandbox code invalid, used or expired');
    }
    const nickname = row.nickname ?? '微信用户';
    return { openId: row.openId, nickname, avatar: row.avatar ?? sandboxAvatarUrl(row.openId, nickname) };
  }

  async fetchAvatar(identity: WechatIdentity): Promise<Buffer | null> {
    return drawSandboxAvatar(identity.openId, identity.nickname);
  }

  async createTicket(now: Date = new Date()): Promise<string> {
    const ticket = randomBytes(18).toString('base64url');
    await this.db.insert(wechatSandboxTickets).values({ ticket, expiresAt: new Date(now.getTime() + SANDBOX_TICKET_TTL_SECONDS * 1000) });
    if (randomBytes(1)[0]! < 8) {
      await this.db.delete(wechatSandboxTickets).where(lt(wechatSandboxTickets.expiresAt, new Date(now.getTime() - 86_400_000)));
    }
    return ticket;
  }

  /** The one-time code for a waiting ticket; null when the ticket is unknown, expired or already confirmed. */
  async confirmTicket(ticket: string, nickname: string, now: Date = new Date()): Promise<string | null> {
    const code = randomBytes(24).toString('base64url');
    const [row] = await this.db
      .update(wechatSandboxTickets)
      .set({
        code,
        codeExpiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_SECONDS * 1000),
        openId: sandboxOpenId(nickname),
        nickname,
        avatar: sandboxAvatarUrl(sandboxOpenId(nickname), nickname),
      })
      .where(and(eq(wechatSandboxTickets.ticket, ticket), isNull(wechatSandboxTickets.code)))
      .returning({ expiresAt: wechatSandboxTickets.expiresAt });
    if (!row) return null;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await this.db.update(wechatSandboxTickets).set({ codeUsedAt: now }).where(eq(wechatSandboxTickets.ticket, ticket));
      return null;
    }
    return code;
  }

  async ticketStatus(ticket: string, now: Date = new Date()): Promise<{ status: TicketStatus; code: string | null }> {
    const [row] = await this.db.select().from(wechatSandboxTickets).where(eq(wechatSandboxTickets.ticket, ticket)).limit(1);
    if (!row) return { status: 'EXPIRED', code: null };
    if (row.code && !row.codeUsedAt && row.codeExpiresAt && row.codeExpiresAt.getTime() > now.getTime()) return { status: 'CONFIRMED', code: row.code };
    if (!row.code && row.expiresAt.getTime() > now.getTime()) return { status: 'WAITING', code: null };
    return { status: 'EXPIRED', code: null };
  }
}
