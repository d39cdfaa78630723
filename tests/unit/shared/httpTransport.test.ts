/** What the client's transport (src/services/shared/http/transport.ts) puts on the wire and reads back, through the real client with msw answering. */
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CALLS } from '../../../src/domain/calls';
import { REQUEST_TIMEOUT_MS } from '../../../src/domain/shared/constants';
import { FALLBACK_ERROR_TEXT, TIMEOUT_ERROR_TEXT } from '../../../src/domain/shared/errors';
import { ApiError } from '../../../src/services/shared/http/ApiError';
import { call, onUnauthorized } from '../../../src/services/shared/http/client';
import { withQuery } from '../../../src/services/shared/http/transport';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  onUnauthorized(() => {});
  dismissAllToasts();
});

async function failure(pending: Promise<unknown>): Promise<ApiError> {
  try {
    await pending;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call should have failed');
}

describe('the query string', () => {
  it('appends the query, encoded, and leaves out undefined entries', async () => {
    const searches: string[] = [];
    server.use(
      http.get(API_CALLS.myCourseList.path, ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json({ code: 200, data: null });
      }),
      http.get(API_CALLS.wxConfig.path, ({ request }) => HttpResponse.json({ code: 200, data: new URL(request.url).searchParams.get('purpose') })),
    );
    await call(API_CALLS.myCourseList, { query: { tab: 'sys', current: 2, size: undefined } });
    await call(API_CALLS.myCourseList, { query: {} });
    expect(searches).toEqual(['?tab=sys&current=2', '']);
    // A value with characters of its own arrives as it was sent.
    await expect(call(API_CALLS.wxConfig, { query: { purpose: 'a b&c=d/é' as 'login' } })).resolves.toBe('a b&c=d/é');
  });

  it('repeats the key of an array, sends null as empty and joins a query already in the URL', () => {
    expect(withQuery('/x', { a: [1, 2], b: null, c: true })).toBe('/x?a=1&a=2&b=&c=true');
    expect(withQuery('/x?k=1', { a: 'v' })).toBe('/x?k=1&a=v');
    expect(withQuery('/x', { a: undefined })).toBe('/x');
    expect(withQuery('/x', undefined)).toBe('/x');
  });
});

describe('the body', () => {
  it('sends a plain object as JSON', async () => {
    let contentType: string | null = null;
    let accept: string | null = null;
    let sent: unknown;
    server.use(
      http.post(API_CALLS.coursePageList.path, async ({ request }) => {
        contentType = request.headers.get('content-type');
        accept = request.headers.get('accept');
        sent = await request.json();
        return HttpResponse.json({ code: 200, data: { records: [], total: 0, current: 1, size: 10 } });
      }),
    );
    await call(API_CALLS.coursePageList, { body: { current: 1, size: 10, type: ['SYS', 'PACK'], keyword: '会计' } });
    expect(contentType).toBe('application/json');
    expect(accept).toBe('application/json');
    expect(sent).toEqual({ current: 1, size: 10, type: ['SYS', 'PACK'], keyword: '会计' });
  });

  it('sends FormData as multipart, as it is', async () => {
    let contentType = '';
    let name: FormDataEntryValue | null = null;
    server.use(
      http.post(API_CALLS.uploadImage.path, async ({ request }) => {
        contentType = request.headers.get('content-type') ?? '';
        name = (await request.formData()).get('name');
        return HttpResponse.json({ code: 200, data: { url: '/static/x.png' } });
      }),
    );
    const form = new FormData();
    form.append('name', 'shot');
    await call(API_CALLS.uploadImage, { body: form });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(name).toBe('shot');
  });
});

describe('the answer', () => {
  const CALL = API_CALLS.getUserInfo;

  it('reads a body without a content type as JSON', async () => {
    server.use(http.post(CALL.path, () => new HttpResponse(new TextEncoder().encode(JSON.stringify({ code: 200, data: { id: 3 } })))));
    await expect(call(CALL, { body: {} })).resolves.toEqual({ id: 3 });
  });

  it('takes an answer that is not JSON, or JSON that does not parse, as no envelope: a failure', async () => {
    server.use(http.post(CALL.path, () => HttpResponse.html('<p>{"code":200}</p>')));
    const html = await failure(call(CALL, { body: {} }));
    expect(html.message).toBe(FALLBACK_ERROR_TEXT);
    expect(html.status).toBe(200);
    server.use(http.post(CALL.path, () => new HttpResponse('{"code":200,', { headers: { 'content-type': 'application/json' } })));
    expect((await failure(call(CALL, { body: {} }))).message).toBe(FALLBACK_ERROR_TEXT);
  });

  it('a caller signal that never aborts still times out after 30 000 ms', async () => {
    server.use(
      http.post(CALL.path, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = failure(call(CALL, { body: {}, signal: new AbortController().signal }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(getToasts()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error.message).toBe(TIMEOUT_ERROR_TEXT);
      expect(error.status).toBe(0);
      expect(getToasts().map((t) => t.message)).toEqual([TIMEOUT_ERROR_TEXT]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a signal aborted before the call fails it at once, without a toast', async () => {
    let asked = false;
    server.use(
      http.post(CALL.path, () => {
        asked = true;
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    const controller = new AbortController();
    controller.abort();
    const error = await failure(call(CALL, { body: {}, signal: controller.signal }));
    expect(error.status).toBe(0);
    expect(asked).toBe(false);
    expect(getToasts()).toEqual([]);
  });
});
