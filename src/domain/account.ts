/**
 * The accounts contract (issue: SMS / password / WeChat login, bind phone, forgot password,
 * account settings). Shapes and limits shared by the client and the server.
 */
import { LOGIN_SUCCESS_TEXT, type Gender, type SmsRequestType } from './constants';
import type { LoginResult, UserInfo } from './apiTypes';

// ---- limits (server enforces; client shows) -------------------------------------------------
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_WRONG_TRIES = 5;
export const SMS_PER_MOBILE_INTERVAL_SECONDS = 60;
export const SMS_PER_MOBILE_DAILY_LIMIT = 10;
export const SMS_PER_IP_HOURLY_LIMIT = 30;
export const SMS_PER_IP_DAILY_LIMIT = 100;
export const CAPTCHA_TTL_SECONDS = 120;
/** How far (px) the dropped piece may be from the hole. */
export const CAPTCHA_TOLERANCE_PX = 5;
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_LOCK_MINUTES = 15;
export const WECHAT_SESSION_KEY_TTL_SECONDS = 10 * 60;
export const TEMP_CODE_TTL_SECONDS = 60;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const NICKNAME_MAX_LENGTH = 20;
/** The client waits this long after a password reset before logging in with the new password. */
export const FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS = 800;

/** Scene ids of the slider captcha. */
export const CAPTCHA_SCENES = { sms: 'SMS' } as const;
/** sendMobileCodeCaptchaVerify answers code 200 with this data when the captcha did not pass. */
export const CAPTCHA_FAILED_DATA = 400;
/** With CAPTCHA_MODE=test (never in production) this captchaVerifyParam passes; anything else fails. */
export const CAPTCHA_TEST_PASS = 'test-pass';

export const ACCOUNT_TEXTS = {
  captchaFailed: '验证失败，请重新拖动滑块',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  smsCodeWrong: '短信验证码错误',
  smsCodeExpired: '短信验证码已失效，请重新获取',
  mobileNotRegistered: '该手机号尚未注册',
  mobileTaken: '该手机号已绑定其他账号',
  wrongPassword: '手机号或密码错误',
  /** `{minutes}` is replaced by the minutes left. */
  accountLocked: '密码错误次数过多，账号已锁定，请{minutes}分钟后再试',
  noPasswordSet: '该账号尚未设置密码，请使用短信验证码登录',
  oldPasswordWrong: '原密码错误',
  passwordChanged: '密码修改成功',
  passwordReset: '密码重置成功，正在为您自动登录',
  wechatSessionExpired: '微信授权已过期，请重新扫码',
  wechatAlreadyBound: '该微信已绑定其他账号',
  wechatBound: '微信绑定成功',
  wechatUnbound: '已解除微信绑定',
  tempCodeInvalid: '登录凭证无效或已过期',
  profileSaved: '保存成功',
  mobileChanged: '手机号更换成功',
  imageTypeInvalid: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  imageTooLarge: '图片不能超过2MB',
  nicknameRequired: '昵称不能为空',
  nicknameTooLong: '昵称不能超过20个字符',
  /** A password field that does not decrypt with the server's key (stale key, not JSEncrypt output). */
  passwordUndecryptable: '密码格式不正确',
  /** Unbinding WeChat would leave an account with neither mobile nor password: no way to log in. */
  wechatUnbindRefused: '请先绑定手机号或设置密码，再解除微信绑定',
  fileTypeInvalid: '仅支持 PDF、Word、Excel、ZIP、JPG、PNG 格式的文件',
  fileTooLarge: '文件不能超过10MB',
  loginSuccess: LOGIN_SUCCESS_TEXT,
  logoutSuccess: '已退出登录',
} as const;

export function lockedText(minutesLeft: number): string {
  return ACCOUNT_TEXTS.accountLocked.replace('{minutes}', String(Math.max(1, Math.ceil(minutesLeft))));
}

// ---- payloads and answers ---------------------------------------------------------------------

/** Passwords travel RSA-encrypted (PKCS#1 v1.5, base64) with the key of `rsaPublicKey`. */
export type EncryptedPassword = string;

export interface SendSmsRequest {
  mobile: string;
  requestType: SmsRequestType;
  sceneId: string;
  captchaVerifyParam: string;
}
/** data: true when sent; CAPTCHA_FAILED_DATA (400) when the captcha did not pass. */
export type SendSmsAnswer = true | typeof CAPTCHA_FAILED_DATA;

/**
 * A slider challenge. The piece's x is never sent: the browser shows the hole in the background
 * and the user drags the piece there. `pieceY` places the piece vertically.
 */
export interface CaptchaChallenge {
  challengeId: string;
  /** data:image/png;base64 background with the hole. */
  background: string;
  /** data:image/png;base64 piece, pieceSize square (with transparency). */
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  expiresAt: number;
}

/** What the slider produces; sent as captchaVerifyParam = base64url(JSON). */
export interface CaptchaSolution {
  challengeId: string;
  /** Left edge of the piece in background pixels when released. */
  x: number;
  /** Drag track samples [x, ms since press]; a human track is not a straight instant jump. */
  track: [number, number][];
}

export function encodeCaptchaSolution(solution: CaptchaSolution): string {
  const json = JSON.stringify(solution);
  const base64 = typeof btoa === 'function' ? btoa(json) : Buffer.from(json, 'utf8').toString('base64');
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCaptchaSolution(param: string): CaptchaSolution | null {
  try {
    const base64 = param.replace(/-/g, '+').replace(/_/g, '/');
    const json = typeof atob === 'function' ? atob(base64) : Buffer.from(base64, 'base64').toString('utf8');
    const value = JSON.parse(json) as CaptchaSolution;
    if (typeof value?.challengeId !== 'string' || typeof value.x !== 'number' || !Array.isArray(value.track)) return null;
    return value;
  } catch {
    return null;
  }
}

export interface PasswordLoginRequest {
  mobile: string;
  pwd: EncryptedPassword;
}

export interface SmsLoginRequest {
  mobile: string;
  code: string;
  requestType: 'REGISTER';
}

export interface RsaPublicKey {
  /** PEM "-----BEGIN PUBLIC KEY-----". */
  publicKey: string;
}

export interface WxConfig {
  appId: string;
  /** Where WeChat sends the browser back with ?code&state (the /uc/login page or the security page). */
  redirectUrl: string;
  scope: 'snsapi_login';
  style: 'black' | 'white';
  state: string;
  /** The QR-connect page to frame: WeChat's own, or the local sandbox's. */
  qrconnectUrl: string;
}

/** What loginByWx answers when the WeChat account has no bound mobile yet. */
export interface WxBindRequired {
  bindMobile: false;
  sessionKey: string;
  wechatNickname: string;
  wechatAvatar: string;
}
export type WxLoginAnswer = LoginResult | WxBindRequired;

export function needsMobileBinding(answer: WxLoginAnswer): answer is WxBindRequired {
  return !('token' in answer);
}

export interface BindMobileByWxRequest {
  /** The SMS code. */
  code: string;
  mobile: string;
  requestType: 'BINDPHONE';
  sessionKey: string;
}

export interface ForgetPwdRequest {
  mobile: string;
  code: string;
  newPwd: EncryptedPassword;
  requestType: 'FORGETPWD';
}

export interface UpdateBasicInfoRequest {
  nickname?: string;
  gender?: Gender;
  /** A URL answered by material/uploadImage. */
  avatar?: string | null;
}

/** updateBasicInfo, updateBindMobile and bindProject answer the updated user. */
export type UpdatedUserAnswer = UserInfo;
/** bindWeChat and unBindWeChat answer the new bind status. */
export type WeChatBindAnswer = WeChatBindStatus;

export interface UpdatePwdRequest {
  /** Absent when the account has no password yet (registered by SMS or WeChat). */
  oldPwd?: EncryptedPassword;
  newPwd: EncryptedPassword;
}

export interface UpdateBindMobileRequest {
  mobile: string;
  code: string;
  requestType: 'BINDPHONE';
}

export interface WeChatBindStatus {
  bound: boolean;
  nickname: string | null;
  /** Whether a password is set (unbinding WeChat is refused for accounts with neither password nor mobile). */
  hasPassword: boolean;
}

export interface BindProjectRequest {
  projectId: number;
  projectName: string;
}

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  size: number;
}

export interface TempCode {
  code: string;
  expiresAt: number;
}

export type { LoginResult, UserInfo };
