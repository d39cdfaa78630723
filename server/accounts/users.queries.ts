/** Reads and writes of the users table for the accounts calls. */
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PASSWORD_MAX_FAILURES } from '../../src/domain/account/limits';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { currentUser } from '../shared/auth';
import { badRequest, unauthorized } from '../shared/envelope';
import { defaultNickname, type UserRow } from './userInfo';

export type UserChanges = Partial<typeof users.$inferInsert>;

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findUserByOpenId(db: Db, openId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  return row;
}

/** The row of the session's user; 401 when the account is gone. */
export async function sessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const row = await findUserById(db, currentUser(request).userId);
  if (!row) throw unauthorized();
  return row;
}

/**
 * The user of `mobile`, registering it when new. Two registrations racing for one mobile both end
 * with the same row: the unique index decides and the loser reads the winner's row.
 */
export async function findOrRegister(db: Db, mobile: string, fields: UserChanges = {}): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByMobile(db, mobile);
  if (existing) return { user: existing, created: false };
  const [inserted] = await db
    .insert(users)
    .values({ mobile, nickname: defaultNickname(mobile), gender: 'UNKNOWN', ...fields })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { user: inserted, created: true };
  const winner = await findUserByMobile(db, mobile);
  if (!winner) throw new Error('registration lost a race but found no user');
  return { user: winner, created: false };
}

/** Changes the user's row and stamps updatedAt; 400 when the row is gone. */
export async function updateUser(db: Db, userId: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw badRequest();
  return row;
}

/** Counted in SQL, so parallel wrong guesses cannot all read the same old count. Returns the new count. */
/**
 * Reserves one password try before the slow hash check, in one conditional statement, so that N
 * parallel guesses (on any number of server processes) cost N tries and none gets past the limit.
 * Null when the account is locked or its tries are all taken (the lock is about to be written).
 */
export async function claimPasswordTry(db: Db, userId: number, now: Date): Promise<{ failures: number } | null> {
  const [row] = await db
    .update(users)
    .set({ loginFailures: sql`${users.loginFailures} + 1` })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now)), lt(users.loginFailures, PASSWORD_MAX_FAILURES)))
    .returning({ failures: users.loginFailures });
  return row ?? null;
}

/** When the account's lock ends, if it is locked now. */
export async function lockedUntil(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  return row?.lockedUntil ?? null;
}

/** The count restarts, so after the lock the user gets the full number of tries again. */
export async function lockUser(db: Db, userId: number, until: Date): Promise<void> {
  await db.update(users).set({ loginFailures: 0, lockedUntil: until }).where(eq(users.id, userId));
}

export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ loginFailures: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Sets the WeChat identity without touching updatedAt; null when the row is gone. */
export async function setUserWechat(db: Db, userId: number, wechat: { openId: string; nickname: string } | null): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(wechat ? { wechatOpenId: wechat.openId, wechatNickname: wechat.nickname } : { wechatOpenId: null, wechatNickname: null })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Sets the mobile without touching updatedAt; a mobile held by another row fails on the unique index. */
export async function setUserMobile(db: Db, userId: number, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ mobile }).where(eq(users.id, userId)).returning();
  return row;
}
