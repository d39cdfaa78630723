/**
 * The input check of every accounts call (server side: see shared/input.ts). Labels make ajv's
 * messages the §5 texts ('手机号码不能为空', '短信验证码不能为空', '密码不能为空'); the handlers then
 * apply the rules of ./validation.ts, so client and server refuse the same values with the same words.
 */
import { type CallInput, Fields, Id, NO_INPUT, Nullable, OneOf, Optional, Text } from '../shared/input';
import { CAPTCHA_SCENES } from './captcha';
import type { AccountCallName } from './calls';
import { GENDERS, SMS_REQUEST_TYPES, type SmsRequestType, WX_PURPOSES } from './contract';

const mobile = Text({ max: 20, label: '手机号码' });
const smsCode = Text({ max: 20, label: '短信验证码' });
/** RSA ciphertext: a 2048-bit key gives 344 base64 characters; a little slack for line breaks. */
const encrypted = (label: string) => Text({ max: 1024, label, multiline: true });
const requestType = <const T extends readonly SmsRequestType[]>(...types: T) => OneOf(types);
/** WeChat's authorisation code and our one-time state, as they come back on the return URL. */
const wechatCode = Text({ min: 1, max: 256 });
const wechatState = Text({ max: 64 });

export const ACCOUNT_INPUTS = {
  forgetPwd: {
    body: Fields({ mobile, code: smsCode, newPwd: encrypted('新密码'), requestType: requestType('FORGETPWD') }),
  },
  logout: NO_INPUT,
  updateBasicInfo: {
    body: Fields({
      // The nickname rule (trimmed, 1–20 characters) is validateNickname's; this bound only keeps junk out.
      nickname: Optional(Text({ max: 200 })),
      gender: Optional(OneOf(GENDERS)),
      avatar: Optional(Nullable(Text({ max: 500 }))),
    }),
  },
  getUserInfo: NO_INPUT,
  updateBindMobile: { body: Fields({ mobile, code: smsCode, requestType: requestType('BINDPHONE') }) },
  updatePwd: { body: Fields({ oldPwd: Optional(encrypted('原密码')), newPwd: encrypted('新密码') }) },
  getWeChatBindStatus: NO_INPUT,
  bindWeChat: { querystring: Fields({ code: wechatCode, state: wechatState }) },
  unBindWeChat: NO_INPUT,
  loginByPwd: { body: Fields({ mobile, pwd: encrypted('密码') }) },
  loginBySms: { body: Fields({ mobile, code: smsCode, requestType: requestType('REGISTER') }) },
  bindMobileByWxCode: {
    body: Fields({ code: smsCode, mobile, requestType: requestType('BINDPHONE'), sessionKey: Text({ min: 1, max: 128 }) }),
  },
  loginByTempCode: { params: Fields({ code: Text({ min: 1, max: 128 }) }) },
  // The state is optional for older clients; when sent it must be one of our login states.
  loginByWx: { querystring: Fields({ code: wechatCode, state: Optional(wechatState) }) },
  wxConfig: { querystring: Fields({ purpose: OneOf(WX_PURPOSES, { default: 'login' }) }) },
  checkStatus: NO_INPUT,
  bindProject: { body: Fields({ projectId: Id(), projectName: Optional(Text({ max: 60 })) }) },
  sendMobileCode: {
    body: Fields({
      mobile,
      requestType: OneOf(SMS_REQUEST_TYPES),
      sceneId: Text({ max: 40 }),
      // The slider's answer: a JSON text of the drag track (server/accounts captcha), bounded generously.
      captchaVerifyParam: Text({ max: 100_000 }),
    }),
  },
  captchaChallenge: { querystring: Fields({ sceneId: OneOf(Object.values(CAPTCHA_SCENES), { default: CAPTCHA_SCENES.sms }) }) },
  rsaPublicKey: NO_INPUT,
  createTempCode: NO_INPUT,
  sessionList: NO_INPUT,
  signOutSession: { params: Fields({ id: Id() }) },
} as const satisfies { [N in AccountCallName]?: CallInput };
