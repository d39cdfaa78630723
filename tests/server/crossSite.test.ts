/** No state changes from another site: the token cookie rides along on a cross-site link or form, so the server looks at where the request comes from. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, type AnyCallName } from '../../src/domain/calls';
import { changesState } from '../../src/domain/shared/api';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { users } from '../../server/db/schema';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFUSED = { code: 403, msg: '拒绝访问(403)', data: null };

async function boundUser() {
  const user = await createUser(t.db, { wechatOpenId: `sbx_cs_${Math.random().toString(36).slice(2)}`, wechatNickname: '微信同学' });
  return { user, cookie: `${STORAGE_KEYS.tokenCookie}=${await loginAs(t.db, user.id)}` };
}

async function isBound(userId: number): Promise<boolean> {
  const [row] = await t.db.select({ openId: users.wechatOpenId }).from(users).where(eq(users.id, userId));
  return row?.openId != null;
}

describe('state-changing calls refuse other sites', () => {
  it('a cross-site GET unBindWeChat (a link on another site, the cookie riding along) is refused and changes nothing', async () => {
    const { user, cookie } = await boundUser();
    const res = await call(t, 'unBindWeChat', { headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await isBound(user.id)).toBe(true);
  });

  it('the same call from our own page (same-origin fetch) unbinds', async () => {
    const { user, cookie } = await boundUser();
    const res = await call(t, 'unBindWeChat', { headers: { cookie, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bound).toBe(false);
    expect(await isBound(user.id)).toBe(false);
  });

  it('a cross-site POST is refused by its Sec-Fetch-Site, or by a foreign or opaque Origin when the browser sends only that', async () => {
    const { user, cookie } = await boundUser();
    const body = { nickname: '被改了', gender: 'FEMALE' };
    const sources: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of sources) {
      const res = await call(t, 'updateBasicInfo', { body, headers: { cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    const [row] = await t.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, user.id));
    expect(row!.nickname).not.toBe('被改了');
    const ours = await call(t, 'updateBasicInfo', { body, headers: { cookie, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' } });
    expect(ours.statusCode).toBe(200);
  });

  it('the app and other clients that send no browser headers keep working; reads are never refused', async () => {
    const { cookie } = await boundUser();
    expect((await call(t, 'unBindWeChat', { headers: { cookie } })).statusCode).toBe(200);
    const read = await call(t, 'getWeChatBindStatus', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('covers every non-GET call and the GETs the spec makes change state', () => {
    const guarded = (Object.keys(ALL_CALLS) as AnyCallName[]).filter((name) => changesState(ALL_CALLS[name]));
    const gets = guarded.filter((name) => ALL_CALLS[name].method === 'GET');
    expect(gets.sort()).toEqual(['activeFreeCourse', 'bindWeChat', 'ebookAddViewNum', 'loginByWx', 'orderPayStatus', 'unBindWeChat']);
    expect(guarded.length).toBe((Object.keys(ALL_CALLS) as AnyCallName[]).filter((name) => ALL_CALLS[name].method !== 'GET').length + gets.length);
  });
});
