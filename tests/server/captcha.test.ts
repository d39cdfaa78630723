/** The self-hosted slider captcha: challenges, verification through sendMobileCode, limits and CAPTCHA_MODE. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CAPTCHA_TOLERANCE_PX, CAPTCHA_TTL_SECONDS } from '../../src/domain/account/captcha';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { CAPTCHA_CHALLENGES_PER_IP } from '../../server/accounts/limits';
import { plausibleTrack, verifyCaptcha } from '../../server/accounts/captcha.queries';
import { MIN_PIECE_X, PIECE_SIZE } from '../../server/providers/captcha/image';
import { ConfigError, loadConfig } from '../../server/config';
import { captchaChallenges } from '../../server/db/unlogged';
import { answerOf, call, fetchChallenge, freshIp, freshMobile, humanTrack, sendSms, solution } from './accounts-helpers';
import { buildApp } from '../../server/app';
import { createTestApp, secondServer, testConfig, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** sendMobileCode's data: true when the captcha passed, 400 when not. */
async function smsData(param: string): Promise<unknown> {
  const res = await sendSms(t, freshMobile(), 'REGISTER', freshIp(), param);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function pngChunks(dataUrl: string): string[] {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const types: string[] = [];
  for (let i = 8; i + 8 <= png.length;) {
    const length = png.readUInt32BE(i);
    types.push(png.toString('ascii', i + 4, i + 8));
    i += 12 + length;
  }
  return types;
}

describe('GET /captcha/front/api/slider/challenge', () => {
  it('answers a CaptchaChallenge with two PNGs and never the answer', async () => {
    const askedFrom = Date.now();
    const res = await call(t, 'captchaChallenge', { query: { sceneId: 'SMS' }, ip: freshIp() });
    const answeredBy = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const challenge = res.json().data;
    expect(Object.keys(challenge).sort()).toEqual(['background', 'challengeId', 'expiresAt', 'height', 'piece', 'pieceSize', 'pieceY', 'width']);
    expect(challenge).toMatchObject({ width: 320, height: 160, pieceSize: PIECE_SIZE });
    // CAPTCHA_TTL_SECONDS after the moment it was drawn, within the request.
    expect(challenge.expiresAt).toBeGreaterThanOrEqual(askedFrom + CAPTCHA_TTL_SECONDS * 1000);
    expect(challenge.expiresAt).toBeLessThanOrEqual(answeredBy + CAPTCHA_TTL_SECONDS * 1000);
    expect(challenge.pieceY).toBeGreaterThanOrEqual(0);
    expect(challenge.pieceY + PIECE_SIZE).toBeLessThanOrEqual(160);

    const x = await answerOf(t, challenge.challengeId);
    expect(x).toBeGreaterThanOrEqual(MIN_PIECE_X);
    expect(x + PIECE_SIZE).toBeLessThanOrEqual(320);
    const { background, piece } = challenge;
    expect(res.body).not.toMatch(/answer/i);
    // The PNGs carry pixels only: no text chunks that could hide metadata.
    for (const image of [background, piece]) {
      expect(image).toMatch(/^data:image\/png;base64,/);
      expect(pngChunks(image).filter((type) => /^[tiz]TXt$/.test(type))).toEqual([]);
    }
  });

  it('carries x in the pictures only: no other field tracks the answer across challenges', async () => {
    // One challenge may match x by chance (x = 160 = height, pieceY = x, digits in random id bytes);
    // a leak would match in every one of them.
    const carriers = { pieceY: 0, expiresAt: 0, challengeId: 0 };
    const samples = 12;
    for (let i = 0; i < samples; i++) {
      const challenge = await fetchChallenge(t);
      const x = await answerOf(t, challenge.challengeId);
      const asNumber = new RegExp(`(^|[^0-9])${x}([^0-9]|$)`);
      if (challenge.pieceY === x) carriers.pieceY++;
      if (asNumber.test(String(challenge.expiresAt))) carriers.expiresAt++;
      const id = Buffer.from(challenge.challengeId, 'base64url');
      if (asNumber.test(challenge.challengeId) || id.toString('latin1').includes(String(x)) || id.includes(x)) carriers.challengeId++;
    }
    for (const hits of Object.values(carriers)) expect(hits).toBeLessThan(samples);
  });

  it('draws a different puzzle every time', async () => {
    const a = await fetchChallenge(t);
    const b = await fetchChallenge(t);
    expect(a.challengeId).not.toBe(b.challengeId);
    expect(a.background).not.toBe(b.background);
  });

  it('refuses unknown scenes', async () => {
    const res = await call(t, 'captchaChallenge', { query: { sceneId: 'NOPE' }, ip: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 sceneId 取值无效');
  });

  it(`limits challenges to ${CAPTCHA_CHALLENGES_PER_IP.limit} a minute per IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CAPTCHA_CHALLENGES_PER_IP.limit; i++) {
      expect((await call(t, 'captchaChallenge', { ip })).statusCode, `challenge ${i + 1}`).toBe(200);
    }
    const res = await call(t, 'captchaChallenge', { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: TOO_MANY_REQUESTS_TEXT, data: null });
    expect((await call(t, 'captchaChallenge', { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('slider verification (sendMobileCode)', () => {
  it('passes with the hole x and within the tolerance', async () => {
    for (const offset of [0, CAPTCHA_TOLERANCE_PX, -CAPTCHA_TOLERANCE_PX]) {
      const c = await fetchChallenge(t);
      const x = (await answerOf(t, c.challengeId)) + offset;
      expect(await smsData(solution(c.challengeId, x)), `offset ${offset}`).toBe(true);
    }
  });

  it('fails beyond the tolerance', async () => {
    for (const offset of [CAPTCHA_TOLERANCE_PX + 1, -(CAPTCHA_TOLERANCE_PX + 1), 100]) {
      const c = await fetchChallenge(t);
      const x = (await answerOf(t, c.challengeId)) + offset;
      expect(await smsData(solution(c.challengeId, x)), `offset ${offset}`).toBe(400);
    }
  });

  it('fails on replay, and a wrong try uses the challenge up', async () => {
    const c = await fetchChallenge(t);
    const x = await answerOf(t, c.challengeId);
    const param = solution(c.challengeId, x);
    expect(await smsData(param)).toBe(true);
    expect(await smsData(param)).toBe(400);

    const d = await fetchChallenge(t);
    const y = await answerOf(t, d.challengeId);
    expect(await smsData(solution(d.challengeId, y + 40))).toBe(400);
    expect(await smsData(solution(d.challengeId, y))).toBe(400);
  });

  it('is judged once however many copies arrive at once, over two servers: one SMS sent, the rest refused', async () => {
    const c = await fetchChallenge(t);
    const param = solution(c.challengeId, await answerOf(t, c.challengeId));
    const other = await secondServer(t);
    onTestFinished(() => other.close());
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sendSms(i % 2 ? other : t, freshMobile(), 'REGISTER', freshIp(), param)));
    expect(answers.map((res) => res.json().data).sort()).toEqual([...Array<number>(9).fill(400), true]);
  });

  it('fails when expired', async () => {
    const c = await fetchChallenge(t);
    const x = await answerOf(t, c.challengeId);
    await t.db
      .update(captchaChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchaChallenges.id, c.challengeId));
    expect(await smsData(solution(c.challengeId, x))).toBe(400);
  });

  it('fails for a challenge of another scene', async () => {
    await t.db.insert(captchaChallenges).values({ id: 'other-scene-challenge', scene: 'LOGIN', answerX: 100, expiresAt: new Date(Date.now() + 60_000) });
    expect(await smsData(solution('other-scene-challenge', 100))).toBe(400);
  });

  it('fails for unknown ids, garbage and robot tracks', async () => {
    expect(await smsData(solution('no-such-challenge', 100))).toBe(400);
    expect(await smsData('%%%not-base64')).toBe(400);
    expect(await smsData(Buffer.from('{"x":1}').toString('base64url'))).toBe(400);
    const robotTracks: [number, number][][] = [
      [],
      [
        [0, 0],
        [100, 500],
      ],
      [
        [0, 0],
        [50, 20],
        [100, 40],
      ],
      [
        [0, 0],
        [50, 300],
        [100, 200],
      ],
    ];
    for (const track of robotTracks) {
      const c = await fetchChallenge(t);
      const x = await answerOf(t, c.challengeId);
      expect(await smsData(solution(c.challengeId, x, track)), JSON.stringify(track)).toBe(400);
    }
  });

  it('judges tracks by samples, time order, duration, where they end and how they move', () => {
    // More cases in captchaAttack.test.ts ("the drag track").
    expect(plausibleTrack(humanTrack(120), 120)).toBe(true);
    expect(plausibleTrack(humanTrack(120), 130)).toBe(false);
    expect(plausibleTrack(humanTrack(120).slice(0, 7), 120)).toBe(false);
    expect(
      plausibleTrack(
        humanTrack(120).map(([x, ms]) => [x, ms / 5]),
        120,
      ),
    ).toBe(false);
    expect(
      plausibleTrack(
        Array.from({ length: 13 }, (_, i) => [i * 10, i * 50]),
        120,
      ),
    ).toBe(false);
    expect(plausibleTrack([[0, 0], [10, 'x'], ...humanTrack(120)], 120)).toBe(false);
    expect(plausibleTrack('nope', 120)).toBe(false);
  });
});

describe('GET /dev/captcha-answer (the e2e tests drag the real slider to it)', () => {
  const answer = (app: TestApp, challengeId: string) => app.app.inject({ method: 'GET', url: `/dev/captcha-answer?challengeId=${challengeId}` });

  it('tells the x of a live challenge outside production with the SMS outbox, nothing once used', async () => {
    const c = await fetchChallenge(t);
    const res = await answer(t, c.challengeId);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { x: await answerOf(t, c.challengeId) } });
    expect(await smsData(solution(c.challengeId, res.json().data.x))).toBe(true);
    expect((await answer(t, c.challengeId)).json().data).toEqual({ x: null });
    expect((await answer(t, 'no-such-challenge')).json().data).toEqual({ x: null });
  });

  it('is absent in production and when a real SMS gateway sends the codes', async () => {
    const c = await fetchChallenge(t);
    for (const [config, services] of [
      [{ nodeEnv: 'production', captchaMode: 'slider' }, {}],
      [{}, { sms: { name: 'fake', send: async () => undefined } }],
    ] as const) {
      const app = buildApp({ db: t.db, dbKind: t.kind, config: testConfig({ ...t.config, ...config }, t.tmpDir), services });
      onTestFinished(() => app.close());
      const res = await app.inject({ method: 'GET', url: `/dev/captcha-answer?challengeId=${c.challengeId}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('CAPTCHA_MODE=test', () => {
  it("passes only 'test-pass', and fails even a correct slider solution", async () => {
    const c = await fetchChallenge(t);
    const x = await answerOf(t, c.challengeId);
    expect(await verifyCaptcha(t.db, 'test', 'SMS', 'test-pass')).toBe(true);
    expect(await verifyCaptcha(t.db, 'test', 'SMS', solution(c.challengeId, x))).toBe(false);
    expect(await verifyCaptcha(t.db, 'test', 'SMS', '')).toBe(false);
    // …and in slider mode 'test-pass' is just garbage.
    expect(await verifyCaptcha(t.db, 'slider', 'SMS', 'test-pass')).toBe(false);
  });

  it('is refused with NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_MODE: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_MODE: 'test' })).toThrow(/CAPTCHA_MODE=test/);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_MODE: 'test' }).captchaMode).toBe('test');
    expect(() => loadConfig({ CAPTCHA_MODE: 'easy' })).toThrow(/CAPTCHA_MODE/);
  });

  it('stops the server at start-up with one clear line and exit 1', async () => {
    const { DATABASE_URL: _omit, ...inherited } = process.env;
    const child = spawn('npx', ['tsx', 'server/main.ts'], {
      cwd: path.join(__dirname, '../..'),
      env: { ...inherited, NODE_ENV: 'production', CAPTCHA_MODE: 'test', PORT: '0', DATA_DIR: path.join(t.tmpDir, 'prod') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('CAPTCHA_MODE=test 不能用于生产环境 (CAPTCHA_MODE=test is refused when NODE_ENV=production)');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
