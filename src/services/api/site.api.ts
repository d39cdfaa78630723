import { SITE_CALLS } from '../../domain/site/calls';
import type { AdItem, SiteParam } from '../../domain/site/contract';
import { call } from '../http/client';

export function getAdItems(code: string): Promise<AdItem[]> {
  return call<AdItem[]>(SITE_CALLS.adItemsByCode, { params: { code } });
}

export function getSiteParam(key: string): Promise<SiteParam | null> {
  return call<SiteParam | null>(SITE_CALLS.paramByKey, { params: { key } });
}
