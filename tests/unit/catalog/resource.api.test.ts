/** The client's sealed call (the 'rsa' encoding) through the real HTTP client, msw playing the server's half. */
import { generateKeyPairSync } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_EXTRA_CALLS } from '../../../src/domain/account/calls';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import { parseSealedRequestText, sealAnswer } from '../../../src/domain/shared/sealed';
import { ApiError } from '../../../src/services/shared/http/ApiError';
import { call, forgetRsaPublicKey, SEAL_FAILED_TEXT } from '../../../src/services/shared/http/client';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';
import { rsaDecrypt } from '../../../server/shared/rsa';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const INFO = { url: '/static/downloads/7?uid=1&exp=2&sig=s', fileName: '资料.pdf', size: 1024, expiresAt: '2027-01-01T00:00:00.000Z' };
/** The resources page's download link, as resourcesDownload.machine.ts asks for it. */
const getFileDownloadUrl = (resourceId: number) => call(LEARNING_CALLS.fileDownloadUrl, { body: { resourceId } });

const server = setupServer();
let keyFetches = 0;
let received: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  forgetRsaPublicKey();
  dismissAllToasts();
  keyFetches = 0;
  received = [];
  server.use(
    http.get(ACCOUNT_EXTRA_CALLS.rsaPublicKey.path, () => {
      keyFetches++;
      return HttpResponse.json({ code: 200, msg: 'success', data: { publicKey } });
    }),
  );
});

/** The server's half: open the request, answer INFO (or `override`) sealed with the request's key. */
function answerSealed(override?: (answer: { iv: string; sealed: string }) => unknown) {
  server.use(
    http.post(LEARNING_CALLS.fileDownloadUrl.path, async ({ request }) => {
      const body = (await request.json()) as { sealed: string };
      received.push(body);
      const content = parseSealedRequestText(rsaDecrypt(privateKey, body.sealed) ?? '');
      if (!content) return HttpResponse.json({ code: 400, msg: '请求已失效，请刷新页面后重试', data: null }, { status: 400 });
      received.push(content.body);
      const answer = await sealAnswer(content.key, INFO, LEARNING_CALLS.fileDownloadUrl.path);
      return HttpResponse.json({ code: 200, msg: 'success', data: override ? override(answer) : answer });
    }),
  );
}

describe('fileDownloadUrl', () => {
  it('sends only the sealed body and returns the opened answer; the key is fetched once', async () => {
    answerSealed();
    expect(await getFileDownloadUrl(7)).toEqual(INFO);
    expect(await getFileDownloadUrl(7)).toEqual(INFO);
    expect(keyFetches).toBe(1);
    const [wire, opened] = received as [Record<string, unknown>, unknown];
    expect(Object.keys(wire)).toEqual(['sealed']);
    expect(JSON.stringify(wire)).not.toContain('resourceId');
    expect(opened).toEqual({ resourceId: 7 });
  });

  it('fails with a toast when the answer does not open', async () => {
    answerSealed((answer) => ({ ...answer, iv: 'AAAAAAAAAAAAAAAA' }));
    const error = await getFileDownloadUrl(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SEAL_FAILED_TEXT);
    expect(getToasts().map((toast) => toast.message)).toContain(SEAL_FAILED_TEXT);
  });

  it("shows the server's message when it cannot open the request", async () => {
    server.use(
      http.post(LEARNING_CALLS.fileDownloadUrl.path, () => HttpResponse.json({ code: 400, msg: '请求已失效，请刷新页面后重试', data: null }, { status: 400 })),
    );
    const error = (await getFileDownloadUrl(7).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('请求已失效，请刷新页面后重试');
  });
});
