/** The account calls of product-spec §7 (login, account settings) and the ones our services add, typed from ./contract.ts. */
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef, type ById, type EmptyBody } from '../shared/api';
import type { CaptchaChallenge } from './captcha';
import type {
  BindMobileByWxRequest,
  BindProjectRequest,
  DeviceSession,
  ForgetPwdRequest,
  LoginResult,
  PasswordLoginRequest,
  RsaPublicKey,
  SendSmsAnswer,
  SendSmsRequest,
  SmsLoginRequest,
  TempCode,
  UpdateBasicInfoRequest,
  UpdateBindMobileRequest,
  UpdatedUserAnswer,
  UpdatePwdRequest,
  UserInfo,
  WeChatBindAnswer,
  WeChatBindStatus,
  WxConfig,
  WxLoginAnswer,
  WxPurpose,
} from './contract';

const UC = API_PREFIX.usercenter;

export const ACCOUNT_CALLS = {
  forgetPwd: def<{ answer: null; body: ForgetPwdRequest }>('POST', `${UC}/account/forgetPwd`),
  logout: def<{ answer: null; body: EmptyBody }>('POST', `${UC}/account/logout`),
  updateBasicInfo: def<{ answer: UpdatedUserAnswer; body: UpdateBasicInfoRequest }>('PUT', `${UC}/account/updateBasicInfo`),
  getUserInfo: def<{ answer: UserInfo; body: EmptyBody }>('POST', `${UC}/account/getUserInfo`),
  updateBindMobile: def<{ answer: UpdatedUserAnswer; body: UpdateBindMobileRequest }>('PUT', `${UC}/account/updateBindMobile`),
  updatePwd: def<{ answer: null; body: UpdatePwdRequest }>('PUT', `${UC}/account/updatePwd`),
  getWeChatBindStatus: def<{ answer: WeChatBindStatus }>('GET', `${UC}/account/getWeChatBindStatus`),
  bindWeChat: changingGet<{ answer: WeChatBindAnswer; query: { code: string; state: string } }>(`${UC}/account/bindWeChat`),
  unBindWeChat: changingGet<{ answer: WeChatBindAnswer }>(`${UC}/account/unBindWeChat`),
  loginByPwd: def<{ answer: LoginResult; body: PasswordLoginRequest }>('POST', `${UC}/login/loginByPwd`),
  loginBySms: def<{ answer: LoginResult; body: SmsLoginRequest }>('POST', `${UC}/login/loginBySms`),
  bindMobileByWxCode: def<{ answer: LoginResult; body: BindMobileByWxRequest }>('POST', `${UC}/login/bindMobileByWxCode`),
  loginByTempCode: def<{ answer: LoginResult; body: EmptyBody; params: { code: string } }>('POST', `${UC}/login/loginByTempCode/:code`),
  // `state` is optional for the server; sent, it is checked there too (used up once).
  loginByWx: changingGet<{ answer: WxLoginAnswer; query: { code: string; state?: string } }>(`${UC}/login/loginByWx`),
  wxConfig: def<{ answer: WxConfig; query: { purpose: WxPurpose } }>('GET', `${UC}/login/wxConfig`),
  // Falsy data: the session is gone.
  checkStatus: def<{ answer: boolean | null }>('GET', `${UC}/login/checkStatus`),
  bindProject: def<{ answer: UpdatedUserAnswer; body: BindProjectRequest }>('PUT', `${UC}/account/bindProject`),
  sendMobileCode: def<{ answer: SendSmsAnswer; body: SendSmsRequest }>('POST', `${UC}/sms/sendMobileCodeCaptchaVerify`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our own services add beyond §7: the self-hosted slider captcha (in place of a third-party
 * widget), the RSA key for password fields, temporary login codes for the app bridge, and the
 * account's live sessions (登录设备: the list, and signing one out).
 */
export const ACCOUNT_EXTRA_CALLS = {
  captchaChallenge: def<{ answer: CaptchaChallenge; query: { sceneId: string } }>('GET', '/captcha/front/api/slider/challenge'),
  rsaPublicKey: def<{ answer: RsaPublicKey }>('GET', `${UC}/login/publicKey`),
  createTempCode: def<{ answer: TempCode }>('POST', `${UC}/login/createTempCode`),
  /** The caller's live sessions, the current one first, then the most recently active. */
  sessionList: def<{ answer: DeviceSession[] }>('GET', `${UC}/account/sessions`),
  /** Ends one of the caller's sessions (another user's id: 404). */
  signOutSession: def<{ answer: null; body: EmptyBody; params: ById }>('POST', `${UC}/account/sessions/:id/signOut`),
} as const satisfies Record<string, ApiCallDef>;

export type AccountCallName = keyof typeof ACCOUNT_CALLS | keyof typeof ACCOUNT_EXTRA_CALLS;
