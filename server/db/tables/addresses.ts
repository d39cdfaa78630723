/** Delivery addresses: at most 20 per user (checked under a lock on the user's row), exactly one default. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    provinceCode: varchar('province_code', { length: 6 }).notNull(),
    // Names are copied from the region data when saved, so an address reads as it was entered.
    provinceName: varchar('province_name', { length: 40 }).notNull(),
    cityCode: varchar('city_code', { length: 6 }).notNull(),
    cityName: varchar('city_name', { length: 40 }).notNull(),
    districtCode: varchar('district_code', { length: 6 }).notNull(),
    districtName: varchar('district_name', { length: 40 }).notNull(),
    detail: varchar('detail', { length: 100 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // The database itself refuses a second default, whatever the code does.
    uniqueIndex('addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
