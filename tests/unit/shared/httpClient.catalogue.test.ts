/** Every row of product-spec §8 through the real HTTP client, with msw answering. */
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import SparkMD5 from 'spark-md5';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS, TOAST_DURATION_MS } from '../../../src/domain/shared/constants';
import { FALLBACK_ERROR_TEXT, HTTP_ERROR_TEXTS, NETWORK_ERROR_TEXT, OFFLINE_ERROR_TEXT, TIMEOUT_ERROR_TEXT } from '../../../src/domain/shared/errors';
import { signParams } from '../../../src/domain/shared/signature';
import { ApiError } from '../../../src/services/shared/http/ApiError';
import { call, onUnauthorized } from '../../../src/services/shared/http/client';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';

const server = setupServer();
const CALL = API_CALLS.getUserInfo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let unauthorized: ReturnType<typeof vi.fn<(error: ApiError) => void>>;
beforeEach(() => {
  unauthorized = vi.fn<(error: ApiError) => void>();
  onUnauthorized(unauthorized);
  dismissAllToasts();
});

function answer(status: number, body: Record<string, unknown>) {
  server.use(http.post(CALL.path, () => HttpResponse.json(body, { status })));
}

async function failure(options = {}): Promise<ApiError> {
  try {
    await call(CALL, { body: {}, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call should have failed');
}

const toastTexts = () => getToasts().map((t) => t.message);

describe('success', () => {
  it('code 200 gives the data', async () => {
    answer(200, { code: 200, msg: 'success', data: { id: 7 } });
    await expect(call(CALL, { body: {} })).resolves.toEqual({ id: 7 });
    expect(toastTexts()).toEqual([]);
  });

  it("status 'success' gives the data", async () => {
    answer(200, { status: 'success', data: [1, 2] });
    await expect(call(CALL, { body: {} })).resolves.toEqual([1, 2]);
  });
});

describe('HTTP status texts', () => {
  for (const [status, text] of Object.entries(HTTP_ERROR_TEXTS)) {
    it(`${status} → ${text}`, async () => {
      answer(Number(status), { code: Number(status), msg: 'server detail' });
      const error = await failure();
      expect(error.message).toBe(text);
      expect(error.status).toBe(Number(status));
      expect(toastTexts()).toContain(text);
    });
  }
});

describe('other rows', () => {
  it('a failed body code shows the server message as a toast that lasts 2000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    answer(200, { code: 1001, msg: '课程已下架' });
    const error = await failure();
    expect(error.message).toBe('课程已下架');
    expect(toastTexts()).toEqual(['课程已下架']);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toastTexts()).toEqual(['课程已下架']);
    vi.advanceTimersByTime(2);
    expect(toastTexts()).toEqual([]);
    vi.useRealTimers();
  });

  it(`a failure without a message falls back to '${FALLBACK_ERROR_TEXT}'`, async () => {
    answer(200, { code: 1002 });
    expect((await failure()).message).toBe(FALLBACK_ERROR_TEXT);
    expect(toastTexts()).toContain(FALLBACK_ERROR_TEXT);
  });

  it('a silent call shows no toast but still fails', async () => {
    answer(200, { code: 1003, msg: '静默失败' });
    expect((await failure({ silent: true })).message).toBe('静默失败');
    expect(toastTexts()).toEqual([]);
  });

  it('HTTP 400 uses the body msg', async () => {
    answer(400, { code: 400, msg: '参数 mobile 不能为空' });
    expect((await failure()).message).toBe('参数 mobile 不能为空');
  });

  it('HTTP 400 uses the body message when there is no msg', async () => {
    answer(400, { message: '手机号码格式不正确' });
    expect((await failure()).message).toBe('手机号码格式不正确');
  });

  it('code 401 in the body hands over to the session and shows no toast', async () => {
    answer(200, { code: 401, msg: '登录已失效' });
    const error = await failure();
    expect(error.unauthorized).toBe(true);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([]);
  });

  it('HTTP 401 hands over to the session', async () => {
    answer(401, { code: 401, msg: '登录已失效，请重新登录' });
    await failure();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("status 'nologin' hands over to the session", async () => {
    answer(200, { status: 'nologin' });
    await failure();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it(`a network failure shows '${NETWORK_ERROR_TEXT}'`, async () => {
    server.use(http.post(CALL.path, () => HttpResponse.error()));
    const error = await failure();
    expect(error.message).toBe(NETWORK_ERROR_TEXT);
    expect(error.status).toBe(0);
    expect(toastTexts()).toContain(NETWORK_ERROR_TEXT);
  });

  it(`a network failure while the browser is offline says so plainly: '${OFFLINE_ERROR_TEXT}'`, async () => {
    server.use(http.post(CALL.path, () => HttpResponse.error()));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await failure();
      expect(error.message).toBe(OFFLINE_ERROR_TEXT);
      expect(error.status).toBe(0);
    } finally {
      onLine.mockRestore();
    }
  });

  it(`a server message containing timeout becomes '${TIMEOUT_ERROR_TEXT}'`, async () => {
    answer(200, { code: 1004, msg: 'upstream timeout after 3000ms' });
    expect((await failure()).message).toBe(TIMEOUT_ERROR_TEXT);
  });

  it('a request still unanswered after 30 000 ms fails with the timeout text', async () => {
    server.use(
      http.post(CALL.path, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = failure();
      await vi.advanceTimersByTimeAsync(29_999);
      expect(toastTexts()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error.message).toBe(TIMEOUT_ERROR_TEXT);
      expect(toastTexts()).toContain(TIMEOUT_ERROR_TEXT);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a caller abort signal keeps the timeout and an abort shows no toast', async () => {
    server.use(
      http.post(CALL.path, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = failure({ signal: controller.signal });
    controller.abort();
    const error = await pending;
    expect(error.status).toBe(0);
    expect(toastTexts()).toEqual([]);
  });
});

describe('common request rules', () => {
  it('sends Authorization, Terminal-Type and Source-Type', async () => {
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok-123; path=/`;
    localStorage.setItem(STORAGE_KEYS.source, 'baidu');
    let headers: Headers | undefined;
    server.use(
      http.post(CALL.path, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    await call(CALL, { body: {} });
    expect(headers?.get('authorization')).toBe('Bearer tok-123');
    expect(headers?.get('terminal-type')).toBe('PC');
    expect(headers?.get('source-type')).toBe('baidu');
  });

  it('sends no Authorization or Source-Type when there is none', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(CALL.path, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    await call(CALL, { body: {} });
    expect(headers?.has('authorization')).toBe(false);
    expect(headers?.has('source-type')).toBe(false);
  });

  it('fills path parameters', async () => {
    server.use(http.get('/content/front/api/adItem/getAdItemsByCode/:code', ({ params }) => HttpResponse.json({ code: 200, data: params.code })));
    await expect(call(API_CALLS.adItemsByCode, { params: { code: 'PC_HOME_BANNER' } })).resolves.toBe('PC_HOME_BANNER');
  });

  it('signs old-API calls: form-urlencoded with appId, timestamp, token, nonce and the MD5 of the sorted params', async () => {
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok-9; path=/`;
    let form: URLSearchParams | undefined;
    let contentType: string | null = null;
    server.use(
      http.post(API_CALLS.feedbackSave.path, async ({ request }) => {
        contentType = request.headers.get('content-type');
        form = new URLSearchParams(await request.text());
        return HttpResponse.json({ status: 'success', data: { id: 7 } });
      }),
    );
    // A fixed clock: the timestamp is the moment of the call, exactly.
    const sentAt = 1_800_000_000_123;
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt });
    try {
      await expect(call(API_CALLS.feedbackSave, { body: { type: 3, content: '视频无法播放', images: '' } })).resolves.toEqual({ id: 7 });
    } finally {
      vi.useRealTimers();
    }
    expect(contentType).toContain('application/x-www-form-urlencoded');
    const params = Object.fromEntries(form!.entries());
    expect(params).toMatchObject({ type: '3', content: '视频无法播放', images: '', token: 'tok-9', appId: expect.any(String) });
    expect(params.nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(params.timestamp).toBe(String(sentAt));
    const { sign, ...rest } = params;
    expect(sign).toBe(signParams(rest, (t) => SparkMD5.hash(t)));
  });

  it('signs the old-API upload: multipart, the signed fields before the file, and the MD5 of the file among them', async () => {
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok-9; path=/`;
    const fields: Record<string, string> = {};
    let order: string[] = [];
    let received: Blob | null = null;
    server.use(
      http.post(API_CALLS.feedbackUploadImg.path, async ({ request }) => {
        const form = await request.formData();
        order = [...form.keys()];
        for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
        received = form.get('file') as Blob;
        return HttpResponse.json({ code: 200, data: { url: '/static/uploads/x.png', width: 1, height: 1, size: 3 } });
      }),
    );
    const bytes = new Uint8Array([0x89, 0x50, 0x4e]);
    await expect(call(API_CALLS.feedbackUploadImg, { body: { file: new Blob([bytes], { type: 'image/png' }), fileName: 'shot.png' } })).resolves.toMatchObject({
      size: 3,
    });
    expect(order.at(-1)).toBe('file');
    expect(received!.size).toBe(3);
    expect(fields.fileMd5).toBe(SparkMD5.ArrayBuffer.hash(bytes.buffer));
    expect(fields).toMatchObject({ token: 'tok-9', appId: expect.any(String), nonce: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const { sign, ...rest } = fields;
    expect(sign).toBe(signParams(rest, (t) => SparkMD5.hash(t)));
  });
});
