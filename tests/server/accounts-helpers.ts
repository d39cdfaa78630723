/**
 * Helpers for the accounts tests: call shortcuts over `app.inject`, the browser's RSA step, SMS
 * codes read back from the outbox, and solving a slider challenge with the answer from the DB.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type CaptchaChallenge, encodeCaptchaSolution } from '../../src/domain/account/captcha';
import { ALL_CALLS, type AnyCallName } from '../../src/domain/calls';
import { buildPath } from '../../src/domain/shared/api';
import { smsCodes, smsOutbox } from '../../server/db/schema';
import { captchaChallenges, rateCounters } from '../../server/db/unlogged';
import { counterKey } from '../../server/shared/rateLimit';
import { rsaEncrypt } from '../../server/shared/rsa';
import type { TestApp } from './harness';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string | number>;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

let ipSeq = 0;
/** A fresh client address, so one test's per-IP counters never touch another's. */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

let mobileSeq = 0;
/** Unique valid mobiles (139 + pid-ish + counter) so files never collide with createUser's 1380013xxxx. */
export function freshMobile(): string {
  mobileSeq += 1;
  return `1391${String(process.pid % 1000).padStart(3, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

export function call(t: TestApp, name: AnyCallName, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
  const def = ALL_CALLS[name];
  const url = buildPath(def.path, opts.params ?? {});
  const query = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  return t.app.inject({
    method: def.method,
    url: url + query,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/** What JSEncrypt does in the browser, with the key the server publishes. */
export async function encryptPwd(t: TestApp, plain: string): Promise<string> {
  const res = await call(t, 'rsaPublicKey');
  return rsaEncrypt(res.json().data.publicKey, plain);
}

export async function latestOutboxCode(t: TestApp, mobile: string): Promise<string> {
  const [row] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
  if (!row) throw new Error(`no SMS for ${mobile}`);
  return row.code;
}

/** Sends an SMS with CAPTCHA_MODE=test's pass value; answers the response. */
export function sendSms(t: TestApp, mobile: string, requestType = 'REGISTER', ip = freshIp(), captcha = 'test-pass'): Promise<LightMyRequestResponse> {
  return call(t, 'sendMobileCode', { ip, body: { mobile, requestType, sceneId: 'SMS', captchaVerifyParam: captcha } });
}

/** Sends and reads back the code (the app must run with CAPTCHA_MODE=test). */
export async function smsCodeFor(t: TestApp, mobile: string, requestType = 'REGISTER'): Promise<string> {
  const res = await sendSms(t, mobile, requestType);
  if (res.json().data !== true) throw new Error(`SMS not sent: ${res.body}`);
  return latestOutboxCode(t, mobile);
}

export async function latestSmsRow(t: TestApp, mobile: string, requestType: string) {
  const [row] = await t.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.requestType, requestType)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row;
}

/** Lets the next SMS to `mobile` through the 60 s rule, as if a minute had passed. */
export async function skipSmsInterval(t: TestApp, mobile: string): Promise<void> {
  await t.db
    .update(rateCounters)
    .set({ windowStart: sql`${rateCounters.windowStart} - interval '61 seconds'` })
    .where(eq(rateCounters.key, counterKey(`sms:mobile:${mobile}`, 60)));
}

/** Forgets every rate counter: for tests that hit the same limit on purpose more than once. */
export async function clearRateCounters(t: TestApp): Promise<void> {
  await t.db.delete(rateCounters);
}

export async function fetchChallenge(t: TestApp, ip = freshIp(), sceneId = 'SMS'): Promise<CaptchaChallenge> {
  const res = await call(t, 'captchaChallenge', { query: { sceneId }, ip });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.body}`);
  return res.json().data as CaptchaChallenge;
}

export async function answerOf(t: TestApp, challengeId: string): Promise<number> {
  const [row] = await t.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, challengeId));
  if (!row) throw new Error('no such challenge');
  return row.answerX;
}

/**
 * A human-looking drag to `x`, as the slider records it: pressed at [0, 0], ~30 pointer moves
 * 12-20 ms apart that speed up and slow down (ease in-out), held ~150 ms, released at x. The same
 * x always gives the same track.
 */
export function humanTrack(x: number): [number, number][] {
  let seed = x * 7919 + 17;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const steps = 30;
  const track: [number, number][] = [[0, 0]];
  let t = 40 + Math.round(random() * 40);
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = p < 0.5 ? 4 * p ** 3 : 1 - (-2 * p + 2) ** 3 / 2;
    track.push([i === steps ? x : Math.round(x * eased), t]);
    t += 12 + Math.round(random() * 8);
  }
  track.push([x, t + 150]);
  return track;
}

export function solution(challengeId: string, x: number, track: [number, number][] = humanTrack(x)): string {
  return encodeCaptchaSolution({ challengeId, x, track });
}
