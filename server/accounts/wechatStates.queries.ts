/**
 * OAuth states (wxConfig → redirect → loginByWx / bindWeChat) and WeChat sessions (a WeChat
 * identity waiting for a mobile, between loginByWx and bindMobileByWxCode). Both are random,
 * short-lived and single use; sessions are stored by the SHA-256 of their key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { WECHAT_SESSION_KEY_TTL_SECONDS } from '../../src/domain/account/limits';
import type { Db } from '../db/client';
import { wechatSessions, wxStates } from '../db/schema';
import type { WechatIdentity, WxPurpose } from '../providers/wechat/provider';
import { WECHAT_STATE_TTL_SECONDS } from './limits';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export async function createState(db: Db, purpose: WxPurpose, userId: number | null, now: Date = new Date()): Promise<string> {
  const state = randomBytes(18).toString('base64url');
  await db.insert(wxStates).values({ state, purpose, userId, expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_SECONDS * 1000) });
  if (randomBytes(1)[0]! < 8) await db.delete(wxStates).where(lt(wxStates.expiresAt, new Date(now.getTime() - 86_400_000)));
  return state;
}

/** Uses up the state; true only for a live state of that purpose (and, for bind, that user). */
export async function consumeState(db: Db, state: string, purpose: WxPurpose, userId: number | null, now: Date = new Date()): Promise<boolean> {
  if (!state || state.length > 64) return false;
  const [row] = await db
    .update(wxStates)
    .set({ usedAt: now })
    .where(and(eq(wxStates.state, state), isNull(wxStates.usedAt), gt(wxStates.expiresAt, now)))
    .returning({ purpose: wxStates.purpose, userId: wxStates.userId });
  if (!row || row.purpose !== purpose) return false;
  return purpose === 'login' || row.userId === userId;
}

export async function createWechatSession(db: Db, identity: WechatIdentity, now: Date = new Date()): Promise<string> {
  const sessionKey = randomBytes(32).toString('base64url');
  await db.insert(wechatSessions).values({
    keyHash: sha256(sessionKey),
    openId: identity.openId,
    unionId: identity.unionId ?? null,
    nickname: identity.nickname.slice(0, 60),
    avatar: identity.avatar,
    expiresAt: new Date(now.getTime() + WECHAT_SESSION_KEY_TTL_SECONDS * 1000),
  });
  if (randomBytes(1)[0]! < 8) await db.delete(wechatSessions).where(lt(wechatSessions.expiresAt, new Date(now.getTime() - 86_400_000)));
  return sessionKey;
}

function toIdentity(row: typeof wechatSessions.$inferSelect): WechatIdentity {
  return { openId: row.openId, ...(row.unionId ? { unionId: row.unionId } : {}), nickname: row.nickname, avatar: row.avatar };
}

/** The identity of a live, unused session key, without using it up (a wrong SMS code must not cost the scan). */
export async function peekWechatSession(db: Db, sessionKey: string, now: Date = new Date()): Promise<WechatIdentity | null> {
  const [row] = await db
    .select()
    .from(wechatSessions)
    .where(and(eq(wechatSessions.keyHash, sha256(sessionKey)), isNull(wechatSessions.usedAt), gt(wechatSessions.expiresAt, now)))
    .limit(1);
  return row ? toIdentity(row) : null;
}

export async function consumeWechatSession(db: Db, sessionKey: string, now: Date = new Date()): Promise<WechatIdentity | null> {
  const [row] = await db
    .update(wechatSessions)
    .set({ usedAt: now })
    .where(and(eq(wechatSessions.keyHash, sha256(sessionKey)), isNull(wechatSessions.usedAt), gt(wechatSessions.expiresAt, now)))
    .returning();
  return row ? toIdentity(row) : null;
}
