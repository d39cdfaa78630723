/**
 * The accounts contract: payloads and answers of the login and account calls, shared by the
 * client and the server. The calls themselves are listed in ./calls.ts.
 */
import { CAPTCHA_FAILED_DATA } from './captcha';
import type { SessionKind } from './device';

export const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;

export type Gender = (typeof GENDERS)[number];

export const SMS_REQUEST_TYPES = ['REGISTER', 'FORGETPWD', 'BINDPHONE'] as const;

export type SmsRequestType = (typeof SMS_REQUEST_TYPES)[number];

/** What a WeChat QR scan is for: logging in, or binding WeChat to the logged-in account. */
export const WX_PURPOSES = ['login', 'bind'] as const;

export type WxPurpose = (typeof WX_PURPOSES)[number];

export interface UserInfo {
  id: number;
  account: string;
  nickname: string;
  avatar: string;
  headImg: string;
  gender: Gender;
  mobile: string;
  bindMobile: boolean;
  projectId: number | null;
  projectName: string | null;
}

/** What every login call answers. */
export interface LoginResult {
  token: string;
  /** Epoch ms when the server session ends. */
  expirationTimestamp: number;
  userinfo: UserInfo;
  sessionKey?: string;
}

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

/** The answer of uploadFile: the stored URL, the cleaned original name and the size in bytes. */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
}

export interface TempCode {
  code: string;
  expiresAt: number;
}

/** One live session of the account as 账号安全's 登录设备 lists it (src/domain/account/device.ts reads the device). */
export interface DeviceSession {
  id: number;
  /** 'app' in our app's webview, else 'web': the device limit may count them apart (a site setting). */
  kind: SessionKind;
  /** 'iPhone', 'Android 手机', 'Windows 电脑', 'Mac 电脑'… */
  device: string;
  /** 'Chrome 131', '微信', 'Safari', '学途 App'… */
  browser: string;
  /** Where it signed in from: the address masked (113.88.*.*). */
  place: string;
  /** Epoch ms of its last signed-in call (recorded at most every few minutes), else when it signed in. */
  lastActiveAt: number;
  /** Epoch ms of the login. */
  signedInAt: number;
  /** The session of the device asking. */
  current: boolean;
}
