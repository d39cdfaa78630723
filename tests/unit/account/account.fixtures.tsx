/**
 * A small in-memory account server on msw answering the contract of src/domain/account/contract.ts, and
 * the App rendered at a user-centre page with a logged-in session (as appRouting.test.tsx does).
 */
import { generateKeyPairSync } from 'node:crypto';
import { render } from '@testing-library/react';
import forge from 'node-forge';
import { memoryLocation } from 'wouter/memory-location';
import { CAPTCHA_FAILED_DATA, type CaptchaChallenge, decodeCaptchaSolution } from '../../../src/domain/account/captcha';
import type { DeviceSession, UploadedImage, UserInfo, WeChatBindStatus, WxConfig } from '../../../src/domain/account/contract';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import type { ClassNode } from '../../../src/domain/catalog/contract';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { browserDeps, createAuthSession } from '../../../src/app/authSession';
import { App } from '../../../src/app/App';
import { STUDENT } from '../../support/users';
import { answer, fail, ok } from '../../support/msw';

export const USER: UserInfo = STUDENT;

export const CLASS_TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      { id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2, children: [{ id: 111, pId: 11, name: '建设工程经济', code: 'yjjz-jj', level: 3 }] },
      { id: 12, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
    ],
  },
  { id: 2, pId: 0, name: '消防安全', code: 'xfaq', level: 1, children: [{ id: 21, pId: 2, name: '一级消防工程师', code: 'yjxf', level: 2 }] },
  { id: 3, pId: 0, name: '空分类', code: 'empty', level: 1 },
];

/** One RSA key pair per test file: jsencrypt encrypts with the public half, forge decrypts. */
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const forgeKey = forge.pki.privateKeyFromPem(privateKey);
export function decrypt(base64: string): string {
  return forgeKey.decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5');
}

/** What the fake server holds; tests read it to check what the client sent. */
export interface FakeAccountServer {
  user: UserInfo;
  password: string | null;
  wechat: { bound: boolean; nickname: string | null };
  requests: { path: string; body: unknown }[];
  uploaded: File[];
  smsCode: string;
  /** Slider answers at or beyond this x pass (the real server compares with the hole). */
  captchaPassX: number;
  smsSent: { mobile: string; requestType: string }[];
  /** The account's live sessions (登录设备), this device's first. */
  sessions: DeviceSession[];
}

/** This device and a phone, as the session list answers them. */
export function deviceSessions(): DeviceSession[] {
  return [
    {
      id: 11,
      kind: 'web',
      device: 'Windows 电脑',
      browser: 'Chrome 131',
      place: '113.88.*.*',
      lastActiveAt: 1_767_225_600_000,
      signedInAt: 1_767_222_000_000,
      current: true,
    },
    {
      id: 7,
      kind: 'web',
      device: 'iPhone',
      browser: '微信',
      place: '2408:8207::*',
      lastActiveAt: 1_767_139_200_000,
      signedInAt: 1_767_052_800_000,
      current: false,
    },
  ];
}

export const server: FakeAccountServer = {
  user: { ...USER },
  password: 'abc123',
  wechat: { bound: false, nickname: null },
  requests: [],
  uploaded: [],
  smsCode: '246810',
  captchaPassX: 20,
  smsSent: [],
  sessions: deviceSessions(),
};

export function resetServer(): void {
  Object.assign(server, {
    user: { ...USER },
    password: 'abc123',
    wechat: { bound: false, nickname: null },
    requests: [],
    uploaded: [],
    smsCode: '246810',
    captchaPassX: 20,
    smsSent: [],
    sessions: deviceSessions(),
  });
}

const status = (): WeChatBindStatus => ({ bound: server.wechat.bound, nickname: server.wechat.nickname, hasPassword: server.password !== null });

async function record(path: string, request: Request): Promise<Record<string, unknown>> {
  const body =
    request.method === 'GET' ? Object.fromEntries(new URL(request.url).searchParams) : ((await request.json().catch(() => ({}))) as Record<string, unknown>);
  server.requests.push({ path, body });
  return body;
}

export const WX_STATE = 'st-0123456789';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
let challenges = 0;

export const handlers = [
  answer(EXTRA_CALLS.captchaChallenge, () => {
    const challenge: CaptchaChallenge = {
      challengeId: `c${++challenges}`,
      background: PIXEL,
      piece: PIXEL,
      width: 300,
      height: 150,
      pieceSize: 44,
      pieceY: 50,
      expiresAt: Date.now() + 120_000,
    };
    return ok(challenge);
  }),
  answer(API_CALLS.sendMobileCode, async ({ request }) => {
    const body = (await request.json()) as { mobile: string; requestType: string; captchaVerifyParam: string };
    const solution = decodeCaptchaSolution(body.captchaVerifyParam);
    if (!solution || solution.x < server.captchaPassX) return ok(CAPTCHA_FAILED_DATA);
    server.smsSent.push({ mobile: body.mobile, requestType: body.requestType });
    return ok(true);
  }),
  answer(API_CALLS.checkStatus, true),
  answer(API_CALLS.logout, null),
  answer(API_CALLS.getUserInfo, () => ok(server.user)),
  answer(API_CALLS.classTreeList, CLASS_TREE),
  answer(API_CALLS.updateBasicInfo, async ({ request }) => {
    const body = await record('updateBasicInfo', request);
    server.user = { ...server.user, ...body };
    // As our server does: the updated user (the contract leaves the answer open).
    return ok(server.user);
  }),
  answer(API_CALLS.uploadImage, async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file') as File;
    server.uploaded.push(file);
    // jsdom's File reaches msw through undici without its name: the URL is derived from the type.
    const image: UploadedImage = { url: `/static/uploads/${server.uploaded.length}.${file.type.split('/')[1]}`, width: 100, height: 100, size: file.size };
    return ok(image);
  }),
  answer(API_CALLS.bindProject, async ({ request }) => {
    const body = (await record('bindProject', request)) as { projectId: number; projectName: string };
    server.user = { ...server.user, projectId: body.projectId, projectName: body.projectName };
    return ok(server.user);
  }),
  answer(EXTRA_CALLS.rsaPublicKey, { publicKey }),
  answer(API_CALLS.updatePwd, async ({ request }) => {
    const body = (await record('updatePwd', request)) as { oldPwd?: string; newPwd: string };
    if (server.password !== null && (!body.oldPwd || decrypt(body.oldPwd) !== server.password)) return fail('原密码错误');
    server.password = decrypt(body.newPwd);
    return ok(null);
  }),
  answer(API_CALLS.getWeChatBindStatus, async ({ request }) => {
    await record('getWeChatBindStatus', request);
    return ok(status());
  }),
  answer(API_CALLS.wxConfig, ({ request }) => {
    const purpose = new URL(request.url).searchParams.get('purpose');
    const config: WxConfig = {
      appId: 'wx-sandbox',
      redirectUrl: `http://localhost/new/uc/account-manage/security?purpose=${purpose}`,
      scope: 'snsapi_login',
      style: 'black',
      state: WX_STATE,
      qrconnectUrl: '/dev/wechat/qrconnect',
    };
    return ok(config);
  }),
  answer(API_CALLS.bindWeChat, async ({ request }) => {
    const query = (await record('bindWeChat', request)) as { code: string; state: string };
    if (query.code !== 'wx-code-ok') return fail('该微信已绑定其他账号');
    server.wechat = { bound: true, nickname: '微信昵称' };
    return ok(status());
  }),
  answer(API_CALLS.unBindWeChat, async ({ request }) => {
    await record('unBindWeChat', request);
    server.wechat = { bound: false, nickname: null };
    return ok(status());
  }),
  answer(EXTRA_CALLS.sessionList, () => ok(server.sessions)),
  answer(EXTRA_CALLS.signOutSession, ({ params }) => {
    const id = Number(params.id);
    if (!server.sessions.some((s) => s.id === id)) return fail('请求出错(404)', 404);
    server.sessions = server.sessions.filter((s) => s.id !== id);
    return ok(null);
  }),
  answer(API_CALLS.updateBindMobile, async ({ request }) => {
    const body = (await record('updateBindMobile', request)) as { mobile: string; code: string };
    if (body.code !== server.smsCode) return fail('短信验证码错误');
    server.user = { ...server.user, mobile: body.mobile, account: `${body.mobile.slice(0, 3)}****${body.mobile.slice(7)}`, bindMobile: true };
    return ok(server.user);
  }),
];

/** The App at `path` with the stored session of USER (logged in, user info fresh). */
export function renderLoggedIn(path: string, user: UserInfo = USER) {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
  document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  const current = () => location.history[location.history.length - 1] ?? '/';
  const session = createAuthSession({ ...browserDeps(), navigate: (to) => location.navigate(to), currentPath: current });
  render(<App session={session} base="" hook={location.hook} searchHook={location.searchHook} />);
  return { location, session, current };
}
