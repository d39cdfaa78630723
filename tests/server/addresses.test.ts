/**
 * address/* and region/getListByParent on the real database: the form rules and the region check,
 * the 20-address cap and the single default (also under parallel requests), and that one student
 * can never read, change or delete another's address (404, untouched rows).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, AddressFields, Region } from '../../src/domain/commerce/addresses.contract';
import { validateAddress } from '../../src/domain/commerce/addresses';
import { ADDRESS_TEXTS } from '../../src/domain/commerce/addressTexts';
import { regionChildren, resolveAddressRegions } from '../../server/addresses/regions';
import { addresses } from '../../server/db/schema';
import { demoAddresses } from '../../server/db/seed/addresses';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BEIJING: AddressFields = {
  name: ' 张三 ',
  mobile: '13800138000',
  provinceCode: '110000',
  cityCode: '110100',
  districtCode: '110105',
  detail: '  望京街道  阜通东大街6号 ',
};
const SHANGHAI: AddressFields = {
  name: '李四',
  mobile: '13912345678',
  provinceCode: '310000',
  cityCode: '310100',
  districtCode: '310115',
  detail: '张江高科技园区博云路2号',
};

async function student(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

async function ok<T>(response: Promise<{ statusCode: number; body: string }>): Promise<T> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: T }).data;
}

async function refused(response: Promise<{ statusCode: number; body: string }>, status: number): Promise<string> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return (JSON.parse(res.body) as { msg: string }).msg;
}

const save = (token: string, body: object) => call(t, 'addressSave', { token, body });
const list = (token: string) => ok<Address[]>(call(t, 'addressList', { token }));

describe('regions', () => {
  it('lists the provinces, then cities and districts by parent code, from memory', async () => {
    const provinces = await ok<Region[]>(call(t, 'regionListByParent', { body: {} }));
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市', parentCode: null, level: 1, hasChildren: true });
    expect(provinces.map((region) => region.name)).toEqual(expect.arrayContaining(['广东省', '新疆维吾尔自治区', '香港特别行政区', '台湾省']));
    expect(await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: null } }))).toEqual(provinces);
    expect(await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: '0' } }))).toEqual(provinces);

    const guangdong = await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: '440000' } }));
    expect(guangdong.map((region) => region.name)).toEqual(expect.arrayContaining(['广州市', '深圳市', '东莞市']));
    expect(guangdong.every((region) => region.level === 2 && region.parentCode === '440000')).toBe(true);
    const beijing = await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: '110100' } }));
    expect(beijing.find((region) => region.code === '110105')).toEqual({ code: '110105', name: '朝阳区', parentCode: '110100', level: 3, hasChildren: false });
    expect(await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: '110105' } }))).toEqual([]);
    expect(await ok<Region[]>(call(t, 'regionListByParent', { body: { parentCode: '999999' } }))).toEqual([]);
  });

  it('needs no login and refuses a parent code longer than six characters', async () => {
    await refused(call(t, 'regionListByParent', { body: { parentCode: '1100000' } }), 400);
  });
});

describe('addresses of one student', () => {
  it('needs a login', async () => {
    await refused(call(t, 'addressList'), 401);
    await refused(save('', BEIJING), 401);
  });

  it('saves the first address as the default, with trimmed fields and region names from the codes', async () => {
    const { token } = await student();
    const saved = await ok<Address>(save(token, { ...BEIJING, provinceName: '上海市' }));
    expect(saved).toMatchObject({
      name: '张三',
      mobile: '13800138000',
      provinceName: '北京市',
      cityName: '北京市',
      districtName: '朝阳区',
      detail: '望京街道 阜通东大街6号',
      isDefault: true,
    });
    expect(await ok<Address>(call(t, 'addressDetail', { token, params: { id: saved.id } }))).toEqual(saved);
    expect(await list(token)).toEqual([saved]);
  });

  it('refuses what the form rules refuse, and regions that do not exist or do not nest', async () => {
    const { token } = await student();
    expect(await refused(save(token, { ...BEIJING, name: '   ' }), 400)).toBe(ADDRESS_TEXTS.nameRequired);
    expect(await refused(save(token, { ...BEIJING, name: '名'.repeat(21) }), 400)).toBe(ADDRESS_TEXTS.nameTooLong);
    expect(await refused(save(token, { ...BEIJING, mobile: '12800138000' }), 400)).toBe('手机号码格式不正确');
    expect(await refused(save(token, { ...BEIJING, detail: '短' }), 400)).toBe(ADDRESS_TEXTS.detailLength);
    expect(await refused(save(token, { ...BEIJING, districtCode: '' }), 400)).toBe(ADDRESS_TEXTS.regionRequired);
    // Shanghai's district under Beijing's city, a made-up code, a city given as a district.
    expect(await refused(save(token, { ...BEIJING, districtCode: '310115' }), 400)).toBe(ADDRESS_TEXTS.regionInvalid);
    expect(await refused(save(token, { ...BEIJING, districtCode: '110199' }), 400)).toBe(ADDRESS_TEXTS.regionInvalid);
    expect(await refused(save(token, { ...BEIJING, districtCode: '110100' }), 400)).toBe(ADDRESS_TEXTS.regionInvalid);
    expect(await list(token)).toEqual([]);
  });

  it('keeps exactly one default: a new default moves it, unsetting it on the default is ignored', async () => {
    const { token } = await student();
    const first = await ok<Address>(save(token, BEIJING));
    const second = await ok<Address>(save(token, SHANGHAI));
    expect(second.isDefault).toBe(false);
    const third = await ok<Address>(save(token, { ...SHANGHAI, isDefault: true }));
    expect(third.isDefault).toBe(true);
    let all = await list(token);
    expect(all.filter((address) => address.isDefault).map((address) => address.id)).toEqual([third.id]);
    expect(all[0]!.id).toBe(third.id);

    const moved = await ok<Address>(call(t, 'addressUpdate', { token, body: { ...BEIJING, id: first.id, detail: '酒仙桥路10号院', isDefault: true } }));
    expect(moved).toMatchObject({ id: first.id, detail: '酒仙桥路10号院', isDefault: true });
    const kept = await ok<Address>(call(t, 'addressUpdate', { token, body: { ...BEIJING, id: first.id, isDefault: false } }));
    expect(kept.isDefault).toBe(true);
    all = await list(token);
    expect(all.filter((address) => address.isDefault).map((address) => address.id)).toEqual([first.id]);
  });

  it('promotes the most recently changed address when the default is deleted', async () => {
    const { token } = await student();
    const first = await ok<Address>(save(token, BEIJING));
    const second = await ok<Address>(save(token, SHANGHAI));
    const third = await ok<Address>(save(token, { ...SHANGHAI, name: '王五' }));
    await ok(call(t, 'addressUpdate', { token, body: { ...SHANGHAI, id: second.id, detail: '世纪大道100号环球金融中心' } }));
    await ok(call(t, 'addressDelete', { token, query: { id: String(first.id) } }));
    const all = await list(token);
    expect(all.map((address) => [address.id, address.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    await ok(call(t, 'addressDelete', { token, query: { id: String(second.id) } }));
    await ok(call(t, 'addressDelete', { token, query: { id: String(third.id) } }));
    expect(await list(token)).toEqual([]);
    await refused(call(t, 'addressDelete', { token, query: { id: String(third.id) } }), 404);
  });

  it('holds at most 20 addresses, also when the 20th and 21st arrive together', async () => {
    const { id, token } = await student();
    for (let i = 0; i < 18; i++) await ok(save(token, { ...SHANGHAI, detail: `博云路${i + 1}号楼` }));
    const racing = await Promise.all([1, 2, 3].map((n) => call(t, 'addressSave', { token, body: { ...BEIJING, detail: `阜通东大街${n}号院` } })));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 400]);
    expect(JSON.parse(racing.find((res) => res.statusCode === 400)!.body).msg).toBe(ADDRESS_TEXTS.tooMany);
    const rows = await t.db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('keeps one default when several addresses are made the default at once', async () => {
    const { id, token } = await student();
    const saved = [];
    for (const detail of ['阜通东大街1号', '阜通东大街2号', '阜通东大街3号', '阜通东大街4号'])
      saved.push(await ok<Address>(save(token, { ...BEIJING, detail })));
    const results = await Promise.all(
      saved.map((address) => call(t, 'addressUpdate', { token, body: { ...BEIJING, id: address.id, detail: address.detail, isDefault: true } })),
    );
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const defaults = await t.db.select().from(addresses).where(eq(addresses.userId, id));
    expect(defaults.filter((row) => row.isDefault)).toHaveLength(1);
  });
});

describe('between students', () => {
  it("never lets B read, change or delete A's address: 404, and A's row is untouched", async () => {
    const a = await student();
    const b = await student();
    const own = await ok<Address>(save(a.token, BEIJING));
    await ok(save(b.token, SHANGHAI));

    expect(await refused(call(t, 'addressDetail', { token: b.token, params: { id: own.id } }), 404)).toBe(ADDRESS_TEXTS.notFound);
    await refused(call(t, 'addressUpdate', { token: b.token, body: { ...SHANGHAI, id: own.id, isDefault: true } }), 404);
    await refused(call(t, 'addressDelete', { token: b.token, query: { id: String(own.id) } }), 404);
    expect((await list(b.token)).map((address) => address.id)).not.toContain(own.id);

    expect(await ok<Address>(call(t, 'addressDetail', { token: a.token, params: { id: own.id } }))).toEqual(own);
    expect(await list(a.token)).toEqual([own]);
    // B's own default survived B's attempt to make A's address the default.
    expect((await list(b.token)).filter((address) => address.isDefault)).toHaveLength(1);
  });

  it('does not count or move another student’s addresses', async () => {
    const a = await student();
    const b = await student();
    for (let i = 0; i < 20; i++) await ok(save(a.token, { ...SHANGHAI, detail: `博云路${i + 1}号楼` }));
    const first = await ok<Address>(save(b.token, BEIJING));
    expect(first.isDefault).toBe(true);
    expect((await list(a.token)).filter((address) => address.isDefault)).toHaveLength(1);
  });
});

describe('the region index (@vant/area-data)', () => {
  it('holds every level, nests every district in a city of its province, and knows the odd ones', () => {
    const provinces = regionChildren(null);
    let cities = 0;
    let districts = 0;
    for (const province of provinces) {
      for (const city of regionChildren(province.code)) {
        cities += 1;
        const children = regionChildren(city.code);
        // Every city has districts: the picker never dead-ends at level 2.
        expect(children.length, city.name).toBeGreaterThan(0);
        for (const district of children) {
          districts += 1;
          expect(resolveAddressRegions(province.code, city.code, district.code)).not.toBeNull();
        }
      }
    }
    expect([provinces.length, cities, districts]).toEqual([34, 369, 3479]);
    // 省直辖县级行政区划 and 东莞 (a city without counties, whose towns stand in for districts).
    expect(resolveAddressRegions('410000', '419000', '419001')?.district.name).toBe('济源市');
    expect(regionChildren('441900').length).toBeGreaterThan(20);
    expect(resolveAddressRegions('440000', '110100', '110105')).toBeNull();
  });
});

describe('demo addresses', () => {
  it('name their regions as the region data does, so the seed never stores an address the API would refuse', () => {
    for (const { address } of demoAddresses) {
      const regions = resolveAddressRegions(address.provinceCode, address.cityCode, address.districtCode);
      expect([regions?.province.name, regions?.city.name, regions?.district.name]).toEqual([address.provinceName, address.cityName, address.districtName]);
      expect(validateAddress(address)).toBeNull();
    }
    expect(demoAddresses.filter((entry) => entry.address.isDefault)).toHaveLength(1);
  });
});
