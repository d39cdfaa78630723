/** The SPA under /new/ (history fallback, caching, precompressed assets) and the QR code endpoint. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const INDEX = '<!doctype html><html lang="zh-CN"><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("学途");'.repeat(50);

beforeAll(async () => {
  t = await createTestApp();
  const dist = t.config.distDir;
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'avatars'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/index-3f2a9c.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets/index-3f2a9c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets/index-3f2a9c.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets/plain-11aa.css'), 'body{}');
  writeFileSync(path.join(dist, 'avatars/male.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"学途网校"}');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('SPA', () => {
  it('redirects / to /new/ (302) and /new to /new/ (301), keeping the query', async () => {
    const root = await get('/?qd=baidu');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/new/?qd=baidu');
    const bare = await get('/new');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/new/');
  });

  it('answers index.html with no-cache for /new/ and every extension-less path (history fallback)', async () => {
    for (const url of ['/new/', '/new/course/detail/12', '/new/uc/login?redirect=%2Fnew%2Fuc', '/new/question-bank/home', '/new/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/new/assets/plain-11aa.css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.body).toBe('body{}');
  });

  it('picks the precompressed variant the client accepts', async () => {
    const br = await get('/new/assets/index-3f2a9c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/new/assets/index-3f2a9c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await get('/new/assets/index-3f2a9c.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the offline shell’s worker and manifest with no-cache, so a new release is seen at once', async () => {
    const worker = await get('/new/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/new/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves other files without the immutable header', async () => {
    const res = await get('/new/avatars/male.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('answers 404 (JSON, never HTML) for a missing file with an extension', async () => {
    for (const url of ['/new/assets/missing-123.js', '/new/favicon.ico', '/new/course/detail/x.png']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json()).toEqual({ code: 404, msg: '请求出错(404)', data: null });
    }
  });

  it('refuses to leave the dist directory', async () => {
    for (const url of ['/new/../package.json', '/new/assets/..%2F..%2Fpackage.json', '/new/%2e%2e/%2e%2e/package.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('"name": "xuetu"');
    }
  });

  it('answers 503 with a hint to build when dist has no index.html', async () => {
    rmSync(path.join(t.config.distDir, 'index.html'));
    try {
      const res = await get('/new/course/free-course');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build');
      expect((await get('/new/assets/plain-11aa.css')).statusCode).toBe(200);
    } finally {
      writeFileSync(path.join(t.config.distDir, 'index.html'), INDEX);
    }
  });
});

describe('route preloads in index.html', () => {
  const HEADED = '<!doctype html><html lang="zh-CN"><head><title>学途</title></head><body><div id="root"></div></body></html>';
  const PRELOADS = [
    { pattern: '/', js: ['assets/HomeView-1.js'], css: [] },
    { pattern: '/course/detail/:courseId', js: ['assets/CourseDetailView-2.js', 'assets/course-3.js'], css: ['assets/course-4.css'] },
  ];

  beforeAll(() => {
    mkdirSync(path.join(t.config.distDir, '.vite'), { recursive: true });
    writeFileSync(path.join(t.config.distDir, 'index.html'), HEADED);
    writeFileSync(path.join(t.config.distDir, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
  });
  afterAll(() => {
    rmSync(path.join(t.config.distDir, '.vite'), { recursive: true, force: true });
    writeFileSync(path.join(t.config.distDir, 'index.html'), INDEX);
  });

  it("announces the matched route's chunks and styles before </head>, and nothing for other routes", async () => {
    const detail = await get('/new/course/detail/12?from=home');
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('<link rel="modulepreload" crossorigin href="/new/assets/CourseDetailView-2.js">');
    expect(detail.body).toContain('<link rel="modulepreload" crossorigin href="/new/assets/course-3.js">');
    expect(detail.body).toContain('<link rel="preload" as="style" crossorigin href="/new/assets/course-4.css">');
    expect(detail.body.indexOf('course-4.css')).toBeLessThan(detail.body.indexOf('</head>'));
    expect(detail.body).not.toContain('HomeView');

    const home = await get('/new/');
    expect(home.body).toContain('href="/new/assets/HomeView-1.js"');
    expect(home.body).not.toContain('CourseDetailView');

    const other = await get('/new/uc/login');
    expect(other.body).toBe(HEADED);
  });

  it('sends the page compressed as the client accepts, each variant the same page', async () => {
    const plain = (await get('/new/course/detail/5', { 'accept-encoding': 'identity' })).body;
    const br = await get('/new/course/detail/5', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/new/course/detail/5', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect(plain).toContain('CourseDetailView-2.js');
  });
});

describe('GET /static/qrcode', () => {
  it('draws an SVG QR code of the text', async () => {
    const res = await get(`/static/qrcode?text=${encodeURIComponent('https://example.com/new/download-app?qd=pc')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('refuses a missing, empty or too long text with 400', async () => {
    for (const [url, msg] of [
      ['/static/qrcode', '参数 text 不能为空'],
      ['/static/qrcode?text=', '参数 text 不能为空'],
      [`/static/qrcode?text=${'a'.repeat(513)}`, '参数 text 长度不能超过 512 个字符'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
  });
});
