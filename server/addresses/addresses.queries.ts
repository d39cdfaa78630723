/**
 * A student's delivery addresses. Every query takes the session's user id and filters by it, so an
 * id that belongs to someone else reads as "not found". Every write runs in one transaction that
 * first locks the user's row: two requests of one student (two tabs, a double click) are applied one
 * after the other, so the 20-address cap and the single default hold under concurrency (the partial
 * unique index addresses_one_default_uq is the database's own guard for the latter).
 */
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Address } from '../../src/domain/commerce/addresses.contract';
import { ADDRESSES_PER_USER_MAX } from '../../src/domain/commerce/addressLimits';
import { ADDRESS_TEXTS } from '../../src/domain/commerce/addressTexts';
import type { Db } from '../db/client';
import { addresses, users } from '../db/schema';
import { badRequest, notFound } from '../shared/envelope';

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the student chose, with the region names already looked up. */
export type AddressValues = Omit<Address, 'id' | 'isDefault' | 'createTime' | 'updateTime'>;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.cityCode,
    cityName: row.cityName,
    districtCode: row.districtCode,
    districtName: row.districtName,
    detail: row.detail,
    isDefault: row.isDefault,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The default first, then the most recently changed. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id));
  return rows.map(toAddress);
}

export async function findAddress(db: Db | Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearDefault(tx: Tx, userId: number, exceptId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, exceptId)));
}

/** A new address; the first one is the default whatever was asked, and asking makes a later one the default. */
export function insertAddress(db: Db, userId: number, values: AddressValues, makeDefault: boolean): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (Number(total) >= ADDRESSES_PER_USER_MAX) throw badRequest(ADDRESS_TEXTS.tooMany);
    const isDefault = makeDefault || Number(total) === 0;
    if (isDefault) await clearDefault(tx, userId, 0);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, userId, isDefault })
      .returning();
    return toAddress(row!);
  });
}

/**
 * Replaces an address's fields. `makeDefault` true moves the default here; false never takes it
 * away (a student always has a default while they have addresses: it moves by choosing another).
 */
export function updateAddress(db: Db, userId: number, id: number, values: AddressValues, makeDefault: boolean): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await findAddress(tx, userId, id);
    if (!current) throw notFound(ADDRESS_TEXTS.notFound);
    if (makeDefault && !current.isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...values, isDefault: makeDefault || current.isDefault, updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row!);
  });
}

/** Deletes an address; when it was the default, the most recently changed of the others becomes the default. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) throw notFound(ADDRESS_TEXTS.notFound);
    if (!deleted.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.updatedAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}
