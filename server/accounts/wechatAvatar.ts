/**
 * An account that takes a WeChat identity (signing up by WeChat, binding WeChat) and has no
 * avatar of its own gets the WeChat profile picture, copied into our storage and recorded as its
 * upload like any avatar. Best effort: without it the account keeps the default by gender.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { uploads, users } from '../db/schema';
import { CONTENT_TYPES, imageSize, sniffImage } from '../providers/storage/fileTypes';
import type { Storage } from '../providers/storage/storage';
import type { WechatIdentity, WechatProvider } from '../providers/wechat/provider';
import type { UserRow } from './userInfo';

export interface AvatarCopyDeps {
  db: Db;
  storage: Storage;
  wechat: WechatProvider;
  log: FastifyBaseLogger;
}

export async function adoptWechatAvatar(deps: AvatarCopyDeps, user: UserRow, identity: WechatIdentity): Promise<UserRow> {
  if (user.avatar) return user;
  const { db, storage, wechat, log } = deps;
  try {
    const bytes = await wechat.fetchAvatar(identity);
    const ext = bytes ? sniffImage(bytes) : null;
    const size = bytes && ext ? imageSize(bytes, ext) : null;
    if (!bytes || !ext || !size) return user;
    const contentType = CONTENT_TYPES[ext]!;
    const url = await storage.put(bytes, ext, contentType);
    return await db.transaction(async (tx) => {
      await tx.insert(uploads).values({ userId: user.id, url, kind: 'image', contentType, sizeBytes: bytes.length, width: size.width, height: size.height });
      // Only if still without one: an upload of the user's own in the meantime wins.
      const [row] = await tx
        .update(users)
        .set({ avatar: url, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.avatar)))
        .returning();
      return row ?? user;
    });
  } catch (err) {
    log.warn({ err, userId: user.id }, 'WeChat avatar not copied');
    return user;
  }
}
