/** 意见反馈 on the old signed API: the sign, the timestamp window, single-use nonces, images, the list and its owner. */
import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { type SignedParams, SIGNATURE_MAX_SKEW_MS, SIGNATURE_TEXTS, signParams } from '../../src/domain/shared/signature';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_PER_DAY, FEEDBACK_TEXTS, joinFeedbackImages } from '../../src/domain/site/feedback';
import { feedbackForTeam, replyToFeedback } from '../../server/feedback/feedback.queries';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');
let nonceSeq = 0;
/** Distinct by construction: a counter, not random bytes. */
const nextNonce = () => (++nonceSeq).toString(16).padStart(16, '0');

function signed(fields: SignedParams, token: string, overrides: SignedParams = {}): Record<string, string> {
  const all: SignedParams = { ...fields, appId: 'xuetu-pc-test', timestamp: Date.now(), token, nonce: nextNonce(), ...overrides };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null) out[k] = String(v);
  out.sign = signParams(all, md5);
  return out;
}

function form(url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'terminal-type': 'PC' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function multipart(fields: Record<string, string>, file: Buffer | null, filename = 'shot.png') {
  const boundary = '----xuetu-feedback-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: API_CALLS.feedbackUploadImg.path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

function png(width: number, height: number, color = '#3a7'): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

async function student(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

async function uploadImage(token: string, bytes = png(40, 30)): Promise<string> {
  const res = await multipart(signed({ fileMd5: md5(bytes) }, token), bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

const save = (token: string, fields: SignedParams, overrides: SignedParams = {}) => form(API_CALLS.feedbackSave.path, signed(fields, token, overrides));
const list = (token: string, page = 1) => form(EXTRA_CALLS.feedbackList.path, signed({ page, pageSize: 10 }, token));
const TEXT = '第三章第二节的视频播放到一半就卡住了，换了浏览器也一样。';

describe('feedback with images', () => {
  it('uploads two images, saves the feedback, lists it as pending, then with the team reply', async () => {
    const { token } = await student();
    const first = png(40, 30);
    const a = await uploadImage(token, first);
    const b = await uploadImage(token, png(20, 20, '#a37'));
    expect(a).toMatch(/^\/static\/uploads\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: a });
    expect(served.rawPayload.equals(first)).toBe(true);

    const saved = await save(token, { type: 3, content: `  ${TEXT}  `, images: joinFeedbackImages([a, b]) });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;

    const page = (await list(token)).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(page.records[0]).toMatchObject({ id, type: 3, content: TEXT, images: [a, b], status: 'PENDING', reply: null, repliedAt: null });

    const [forTeam] = (await feedbackForTeam(t.db, { pendingOnly: true, limit: 100 })).filter((f) => f.id === id);
    expect(forTeam).toMatchObject({ terminal: 'PC', content: TEXT });
    expect(await replyToFeedback(t.db, id, '您好，已修复该视频，请刷新后重试。')).toBe(true);
    const replied = (await list(token)).json().data.records[0];
    expect(replied).toMatchObject({ id, status: 'REPLIED', reply: '您好，已修复该视频，请刷新后重试。', repliedAt: expect.any(String) });
  });

  it('lists newest first, a page at a time', async () => {
    const { token } = await student();
    for (const n of [1, 2, 3]) expect((await save(token, { type: 1, content: `${TEXT}（第${n}条）`, images: '' })).statusCode).toBe(200);
    const page = (await form(EXTRA_CALLS.feedbackList.path, signed({ page: 2, pageSize: 2 }, token))).json().data;
    expect(page).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page.records.map((r: { content: string }) => r.content)).toEqual([`${TEXT}（第1条）`]);
  });
});

describe('the signature', () => {
  it('refuses a field changed after signing', async () => {
    const { token } = await student();
    const fields = signed({ type: 1, content: TEXT, images: '' }, token);
    const res = await form(API_CALLS.feedbackSave.path, { ...fields, content: `${TEXT}（改）` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SIGNATURE_TEXTS.invalid);
  });

  it('refuses a sign that is not the MD5 of the sorted fields, and an unknown app id', async () => {
    const { token } = await student();
    const fields = signed({ type: 1, content: TEXT, images: '' }, token);
    expect((await form(API_CALLS.feedbackSave.path, { ...fields, sign: md5('anything') })).json().msg).toBe(SIGNATURE_TEXTS.invalid);
    const other = signed({ type: 1, content: TEXT, images: '' }, token, { appId: 'someone-else' });
    const res = await form(API_CALLS.feedbackSave.path, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SIGNATURE_TEXTS.invalid);
  });

  it('refuses a timestamp outside the window, old or ahead', async () => {
    const { token } = await student();
    for (const timestamp of [Date.now() - SIGNATURE_MAX_SKEW_MS - 60_000, Date.now() + SIGNATURE_MAX_SKEW_MS + 60_000]) {
      const res = await save(token, { type: 1, content: TEXT, images: '' }, { timestamp });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(SIGNATURE_TEXTS.expired);
    }
  });

  it('accepts a request once: the same request again is a replay (409), and stores nothing twice', async () => {
    const { token } = await student();
    const fields = signed({ type: 2, content: TEXT, images: '' }, token);
    expect((await form(API_CALLS.feedbackSave.path, fields)).statusCode).toBe(200);
    const again = await form(API_CALLS.feedbackSave.path, fields);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(SIGNATURE_TEXTS.replayed);
    expect((await list(token)).json().data.total).toBe(1);
  });

  it('refuses a nonce already used by another request, even well signed', async () => {
    const { token } = await student();
    const nonce = nextNonce();
    expect((await save(token, { type: 1, content: TEXT, images: '' }, { nonce })).statusCode).toBe(200);
    expect((await save(token, { type: 1, content: `${TEXT}！`, images: '' }, { nonce })).statusCode).toBe(409);
  });

  it('answers 401 to a token that names no session, and to none', async () => {
    expect((await save('not-a-session-token-at-all-0000000000', { type: 1, content: TEXT, images: '' })).statusCode).toBe(401);
    expect((await save('', { type: 1, content: TEXT, images: '' })).statusCode).toBe(401);
  });
});

describe('the rules', () => {
  it('refuses text too short or too long, with the domain message', async () => {
    const { token } = await student();
    const short = await save(token, { type: 1, content: '   卡了   ', images: '' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(FEEDBACK_TEXTS.contentTooShort);
    const long = await save(token, { type: 1, content: '好'.repeat(FEEDBACK_CONTENT_MAX + 1), images: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(FEEDBACK_TEXTS.contentTooLong);
  });

  it('refuses an unknown type', async () => {
    const { token } = await student();
    const res = await save(token, { type: 7, content: TEXT, images: '' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses more than four images, and a URL that is not an upload of the sender', async () => {
    const a = await student();
    const b = await student();
    const urls = await Promise.all([1, 2, 3, 4, 5].map((n) => uploadImage(a.token, png(10 + n, 10))));
    const many = await save(a.token, { type: 1, content: TEXT, images: joinFeedbackImages(urls) });
    expect(many.json().msg).toBe(FEEDBACK_TEXTS.imagesTooMany);
    const stolen = await save(b.token, { type: 1, content: TEXT, images: joinFeedbackImages([urls[0]!]) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe(FEEDBACK_TEXTS.imageNotYours);
    const made = await save(b.token, { type: 1, content: TEXT, images: '/static/uploads/2026/11/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png' });
    expect(made.json().msg).toBe(FEEDBACK_TEXTS.imageNotYours);
  });

  it(`takes at most ${FEEDBACK_PER_DAY} feedbacks a day from one student`, async () => {
    const { token } = await student();
    for (let n = 0; n < FEEDBACK_PER_DAY; n += 1) expect((await save(token, { type: 9, content: `${TEXT}${n}`, images: '' })).statusCode).toBe(200);
    const over = await save(token, { type: 9, content: `${TEXT}多`, images: '' });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(FEEDBACK_TEXTS.tooMany);
  });
});

describe('image uploads', () => {
  it('refuses bytes that are not an image, whatever the name and the declared type say', async () => {
    const { token } = await student();
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await multipart(signed({ fileMd5: md5(text) }, token), text, 'shot.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(FEEDBACK_TEXTS.imageTypeInvalid);
  });

  it('refuses an image over the limit', async () => {
    const { token } = await student();
    const big = Buffer.concat([png(20, 20), Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES)]);
    const res = await multipart(signed({ fileMd5: md5(big) }, token), big);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(FEEDBACK_TEXTS.imageTooLarge);
  });

  it('refuses a file other than the one signed for', async () => {
    const { token } = await student();
    const res = await multipart(signed({ fileMd5: md5(png(5, 5)) }, token), png(6, 6));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SIGNATURE_TEXTS.fileMismatch);
  });

  it('refuses an unsigned upload and one without a file', async () => {
    const { token } = await student();
    const bytes = png(8, 8);
    const fields = signed({ fileMd5: md5(bytes) }, token);
    expect((await multipart({ ...fields, sign: md5('x') }, bytes)).json().msg).toBe(SIGNATURE_TEXTS.invalid);
    expect((await multipart(signed({ fileMd5: md5(bytes) }, token), null)).statusCode).toBe(400);
  });
});

describe('whose feedback', () => {
  it("shows a student only their own feedback: B's list never holds A's", async () => {
    const a = await student();
    const b = await student();
    const saved = await save(a.token, { type: 1, content: `${TEXT}（A 的反馈）`, images: '' });
    const id = saved.json().data.id as number;
    const listB = (await list(b.token)).json().data;
    expect(listB.total).toBe(0);
    expect(listB.records.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await list(a.token)).json().data.records.map((r: { id: number }) => r.id)).toContain(id);
  });
});
