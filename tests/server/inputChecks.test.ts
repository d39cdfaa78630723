/**
 * The input check at the edge (src/domain/<area>/inputs.ts through the registry): the requests
 * that reached PostgreSQL and answered 500 before, now a 400 in Chinese naming the field; unknown
 * fields dropped; a broken upload body a 400. The fuzz test covers every call; this names the cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { call, freshIp } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

function expect400(res: { statusCode: number; json(): unknown }, msg: string): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 400, msg, data: null });
}

describe('input checks at the edge', () => {
  it('integers stay inside int4: bindProject, a parent id, a page number', async () => {
    expect400(await call(t, 'bindProject', { token, body: { projectId: 2147483648 } }), '参数 projectId 不能大于 2147483647');
    expect400(await call(t, 'bindProject', { token, body: { projectId: 0 } }), '参数 projectId 不能小于 1');
    expect400(await call(t, 'bindProject', { token, body: { projectId: 1.5 } }), '参数 projectId 必须是整数');
    expect400(await call(t, 'classListByParentId', { params: { id: 2147483648 } }), '参数 id 不能大于 2147483647');
    expect400(await call(t, 'coursePageList', { body: { current: 1e20 } }), '参数 current 不能大于 2147483647');
  });

  it('text refuses NUL and other control characters, in bodies, queries and path parameters', async () => {
    expect400(await call(t, 'updateBasicInfo', { token, body: { nickname: '小\u0000明' } }), '参数 nickname 不能包含控制字符');
    expect400(await call(t, 'loginByWx', { ip: freshIp(), query: { code: 'abc', state: 'a\u0000b' } }), '参数 state 不能包含控制字符');
    const res = await t.app.inject({ method: 'GET', url: API_CALLS.paramByKey.path.replace(':key', 'a%00b') });
    expect400(res, '参数 key 不能包含控制字符');
    expect400(await call(t, 'loginByPwd', { ip: freshIp(), body: { mobile: '138\u001b0013800', pwd: 'x' } }), '手机号码不能包含控制字符');
  });

  it('enums are closed and lengths bounded', async () => {
    expect400(await call(t, 'updateBasicInfo', { token, body: { gender: 'ROBOT' } }), '参数 gender 取值无效');
    expect400(await call(t, 'coursePageList', { body: { keyword: '课'.repeat(51) } }), '参数 keyword 长度不能超过 50 个字符');
  });

  it('wrong shapes: an array or a string for the body, an object for a field', async () => {
    expect400(await call(t, 'coursePageList', { body: [] }), '请求体必须是对象');
    expect400(await call(t, 'updateBasicInfo', { token, body: { nickname: { $ne: '' } } }), '参数 nickname 必须是字符串');
  });

  it('drops fields the call does not declare instead of passing them on', async () => {
    const res = await call(t, 'updateBasicInfo', { token, body: { nickname: '新名字', id: 1, mobile: '13900000000', isAdmin: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nickname: '新名字' });
    expect(res.json().data.mobile).not.toBe('13900000000');
  });

  it('a truncated multipart upload is a 400, not a 500', async () => {
    const boundary = 'cut';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;
    for (const name of ['uploadImage', 'uploadFile'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_CALLS[name].path,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect400(res, ACCOUNT_TEXTS.uploadIncomplete);
    }
  });
});
