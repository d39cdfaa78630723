/**
 * China's administrative divisions (provinces → cities → districts, GB/T 2260 codes), from the
 * @vant/area-data package (MIT): 34 provinces, 369 cities, ~3,500 districts, carried offline in
 * node_modules. They change only when the package is upgraded, so the index is built once, on first
 * use, and every answer comes from memory; no table and no seeding is needed.
 *
 * A code's parent is read from its digits: 110105 → 110100 → 110000.
 */
import { areaList } from '@vant/area-data';
import type { Region, RegionLevel } from '../../src/domain/commerce/addresses.contract';

interface RegionIndex {
  byCode: ReadonlyMap<string, Region>;
  /** '' keys the provinces. Lists are frozen: callers share them. */
  children: ReadonlyMap<string, readonly Region[]>;
}

let index: RegionIndex | undefined;

export function parentCodeOf(code: string, level: RegionLevel): string | null {
  if (level === 1) return null;
  return level === 2 ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
}

function buildIndex(): RegionIndex {
  const byCode = new Map<string, Region>();
  const children = new Map<string, Region[]>();
  const levels: [Record<string, string>, RegionLevel][] = [
    [areaList.province_list, 1],
    [areaList.city_list, 2],
    [areaList.county_list, 3],
  ];
  for (const [list, level] of levels) {
    for (const code of Object.keys(list).sort()) {
      const parentCode = parentCodeOf(code, level);
      // A code whose parent is missing would be unreachable from the picker: leave it out.
      if (parentCode !== null && !byCode.has(parentCode)) continue;
      const region: Region = { code, name: list[code]!, parentCode, level, hasChildren: level < 3 };
      byCode.set(code, region);
      const siblings = children.get(parentCode ?? '') ?? [];
      siblings.push(region);
      children.set(parentCode ?? '', siblings);
    }
  }
  for (const [key, list] of children) children.set(key, Object.freeze(list.map((region) => Object.freeze(region))) as Region[]);
  return { byCode, children };
}

function regions(): RegionIndex {
  index ??= buildIndex();
  return index;
}

/** The children of `parentCode` (the provinces for null, '' or '0'); an unknown code has none. */
export function regionChildren(parentCode: string | null | undefined): readonly Region[] {
  const key = !parentCode || parentCode === '0' ? '' : parentCode;
  return regions().children.get(key) ?? [];
}

export function findRegion(code: string): Region | undefined {
  return regions().byCode.get(code);
}

export interface ResolvedRegions {
  province: Region;
  city: Region;
  district: Region;
}

/** The three regions of an address when they exist and nest (district in city in province), else null. */
export function resolveAddressRegions(provinceCode: string, cityCode: string, districtCode: string): ResolvedRegions | null {
  const province = findRegion(provinceCode);
  const city = findRegion(cityCode);
  const district = findRegion(districtCode);
  if (province?.level !== 1 || city?.level !== 2 || district?.level !== 3) return null;
  if (city.parentCode !== province.code || district.parentCode !== city.code) return null;
  return { province, city, district };
}
