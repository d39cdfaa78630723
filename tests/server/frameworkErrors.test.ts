/** What the framework and Node's HTTP parser refuse before a route runs is answered in the envelope too, in Chinese, never echoing the request. */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_URL_TEXT } from '../../server/shared/errors';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One raw HTTP exchange on a real socket (inject skips Node's parser, where header limits live). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('framework errors in the envelope', () => {
  it('a badly percent-encoded URL: 400 in Chinese, without the URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sys/front/api/class/getListByParentId/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: BAD_URL_TEXT, data: null });
    expect(res.body).not.toContain('%E0');
  });

  it('a path parameter past the length limit: 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/products/front/api/param/getItemByKey/${'k'.repeat(150)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 414, msg: '请求地址过长(414)', data: null });
  });

  it('a body past the limit (413) and a content type nobody parses (415)', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/products/front/api/course/getPageList',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ keyword: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 413, msg: '请求体过大(413)', data: null });
    const xml = await t.app.inject({ method: 'POST', url: '/products/front/api/course/getPageList', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 415, msg: '不支持的请求类型(415)', data: null });
  });

  it('headers past 16 KB, refused by Node before routing: 431 in the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('application/json');
    expect(JSON.parse(body!)).toEqual({ code: 431, msg: '请求头过大(431)', data: null });
  });
});
