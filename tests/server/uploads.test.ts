/** uploadImage / uploadFile and the read-only /static/uploads/ route. */
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { UPLOADS_PER_USER } from '../../server/accounts/limits';
import { uploads } from '../../server/db/schema';
import { rateCounters } from '../../server/db/unlogged';
import { counterKey } from '../../server/shared/rateLimit';
import { cleanFileName, imageSize, sniffFile, sniffImage } from '../../server/providers/storage/fileTypes';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function multipart(field: string, filename: string, contentType: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----xuetu-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  kind: 'uploadImage' | 'uploadFile',
  token: string | null,
  filename: string,
  content: Buffer,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const body = multipart(field, filename, contentType, content);
  return t.app.inject({
    method: 'POST',
    url: API_CALLS[kind].path,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3a7';
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

/** A minimal GIF89a header + one-pixel image. */
function gif(width: number, height: number): Buffer {
  const b = Buffer.from('474946383961000000008000000000000000ffffff2c000000000100010000020144003b', 'hex');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

async function newToken(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

describe('uploadImage', () => {
  it('stores a PNG, answers its size, and serves it back read-only', async () => {
    const { id, token } = await newToken();
    const bytes = png(64, 48);
    const res = await upload('uploadImage', token, 'avatar.png', bytes, 'file', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      url: expect.stringMatching(/^\/static\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}\.png$/),
      width: 64,
      height: 48,
      size: bytes.length,
    });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, data.url));
    expect(row).toMatchObject({ userId: id, kind: 'image', width: 64, height: 48 });

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('reads the size of JPEG, WebP and GIF images from their headers', async () => {
    const { token } = await newToken();
    const canvas = createCanvas(33, 21);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    for (const [name, bytes] of [
      ['a.jpg', canvas.toBuffer('image/jpeg')],
      ['a.webp', canvas.toBuffer('image/webp')],
      ['a.gif', gif(33, 21)],
    ] as const) {
      const res = await upload('uploadImage', token, name, bytes);
      expect(res.json().data, name).toMatchObject({ width: 33, height: 21, url: expect.stringMatching(new RegExp(`\\.${name.split('.')[1]}$`)) });
    }
  });

  it('decides the type by the bytes: a .png that is text is refused', async () => {
    const { token } = await newToken();
    const res = await upload('uploadImage', token, 'evil.png', Buffer.from('<script>alert(1)</script>'), 'file', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.imageTypeInvalid, data: null });
    // A PNG signature with a broken header is not an image either.
    const broken = Buffer.concat([png(4, 4).subarray(0, 8), Buffer.alloc(40)]);
    expect((await upload('uploadImage', token, 'b.png', broken)).json().msg).toBe(ACCOUNT_TEXTS.imageTypeInvalid);
  });

  it(`refuses images over ${AVATAR_MAX_BYTES} bytes`, async () => {
    const { token } = await newToken();
    const big = Buffer.concat([png(10, 10), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload('uploadImage', token, 'big.png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(ACCOUNT_TEXTS.imageTooLarge);
  });

  it('needs a login and the file in field "file"', async () => {
    expect((await upload('uploadImage', null, 'a.png', png(2, 2))).statusCode).toBe(401);
    const { token } = await newToken();
    expect((await upload('uploadImage', token, 'a.png', png(2, 2), 'image')).json().msg).toBe('参数 file 不能为空');
    const json = await t.app.inject({ method: 'POST', url: API_CALLS.uploadImage.path, headers: { authorization: `Bearer ${token}` }, payload: { file: 'x' } });
    expect(json.json().msg).toBe('参数 file 不能为空');
  });

  it(`limits uploads to ${UPLOADS_PER_USER.limit} an hour per user`, async () => {
    const { id, token } = await newToken();
    expect((await upload('uploadImage', token, 'a.png', png(2, 2))).statusCode).toBe(200);
    await t.db
      .update(rateCounters)
      .set({ count: UPLOADS_PER_USER.limit })
      .where(eq(rateCounters.key, counterKey(`upload:user:${id}`, UPLOADS_PER_USER.windowSeconds)));
    const res = await upload('uploadFile', token, 'a.png', png(2, 2));
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(TOO_MANY_REQUESTS_TEXT);
    expect((await upload('uploadImage', (await newToken()).token, 'a.png', png(2, 2))).statusCode).toBe(200);
  });
});

describe('uploadFile', () => {
  it('stores PDF and Office files under their checked type, with the cleaned name', async () => {
    const { token } = await newToken();
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const res = await upload('uploadFile', token, '../../讲义 第1章.pdf', pdf);
    expect(res.json().data).toEqual({ url: expect.stringMatching(/\.pdf$/), name: '讲义 第1章.pdf', size: pdf.length });
    const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(served.headers['content-type']).toBe('application/pdf');

    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    const office = await upload('uploadFile', token, 'notes.docx', docx);
    expect(office.json().data.url).toMatch(/\.docx$/);
    expect((await t.app.inject({ method: 'GET', url: office.json().data.url })).headers['content-disposition']).toBe('attachment');
  });

  it('refuses other types, disguised files and files over the limit', async () => {
    const { token } = await newToken();
    expect((await upload('uploadFile', token, 'tool.exe', Buffer.from('MZ\x90\x00'))).json().msg).toBe(ACCOUNT_TEXTS.fileTypeInvalid);
    expect((await upload('uploadFile', token, 'fake.pdf', Buffer.from('hello'))).json().msg).toBe(ACCOUNT_TEXTS.fileTypeInvalid);
    expect((await upload('uploadFile', token, 'noext', Buffer.from('%PDF-1.4'))).json().msg).toBe(ACCOUNT_TEXTS.fileTypeInvalid);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await upload('uploadFile', token, 'big.pdf', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(ACCOUNT_TEXTS.fileTooLarge);
  });
});

describe('GET /static/uploads/*', () => {
  it('serves only the exact shape of stored paths: no traversal, no listing', async () => {
    for (const url of [
      '/static/uploads/',
      '/static/uploads/2026/',
      '/static/uploads/2026/01/',
      '/static/uploads/../../package.json',
      '/static/uploads/%2e%2e/%2e%2e/package.json',
      '/static/uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
      '/static/uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(404);
    }
  });
});

describe('file type helpers', () => {
  it('sniff and measure', () => {
    expect(sniffImage(png(3, 5))).toBe('png');
    expect(imageSize(png(3, 5), 'png')).toEqual({ width: 3, height: 5 });
    expect(imageSize(gif(20000, 5), 'gif')).toBeNull();
    expect(sniffImage(Buffer.from('GIF87a'))).toBe('gif');
    expect(sniffFile(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.XLS')).toBe('xls');
    expect(sniffFile(png(2, 2), 'photo.jpeg')).toBeNull();
    expect(cleanFileName('C:\\Users\\a\\报告.pdf')).toBe('报告.pdf');
    expect(cleanFileName('\u0000')).toBe('file');
  });
});
