/** Demo delivery addresses of the first demo student (names as the region data spells them; tests/server/addresses.test.ts checks). */
import { eq } from 'drizzle-orm';
import { addresses, users } from '../schema';
import type { SeedDb } from './types';

export const demoAddresses = [
  {
    mobile: '13800138000',
    address: {
      name: '学途同学',
      mobile: '13800138000',
      provinceCode: '110000',
      provinceName: '北京市',
      cityCode: '110100',
      cityName: '北京市',
      districtCode: '110108',
      districtName: '海淀区',
      detail: '中关村大街27号学途大厦5层',
      isDefault: true,
    },
  },
  {
    mobile: '13800138000',
    address: {
      name: '王老师',
      mobile: '13912345678',
      provinceCode: '440000',
      provinceName: '广东省',
      cityCode: '440300',
      cityName: '深圳市',
      districtCode: '440305',
      districtName: '南山区',
      detail: '科技园南区深南大道9988号',
      isDefault: false,
    },
  },
];

/** Runs after the demo users exist; replaces their addresses so a reseed gives the same list. */
export async function loadDemoAddresses(db: SeedDb): Promise<void> {
  for (const mobile of new Set(demoAddresses.map((entry) => entry.mobile))) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    if (!user) continue;
    await db.delete(addresses).where(eq(addresses.userId, user.id));
    const rows = demoAddresses.filter((entry) => entry.mobile === mobile).map((entry) => ({ ...entry.address, userId: user.id }));
    await db.insert(addresses).values(rows);
  }
}
