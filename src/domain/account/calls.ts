/** The account calls of product-spec §7 (login, account settings) and the ones our services add. */
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef } from '../shared/api';

const UC = API_PREFIX.usercenter;

export const ACCOUNT_CALLS = {
  forgetPwd: def('POST', `${UC}/account/forgetPwd`),
  logout: def('POST', `${UC}/account/logout`),
  updateBasicInfo: def('PUT', `${UC}/account/updateBasicInfo`),
  getUserInfo: def('POST', `${UC}/account/getUserInfo`),
  updateBindMobile: def('PUT', `${UC}/account/updateBindMobile`),
  updatePwd: def('PUT', `${UC}/account/updatePwd`),
  getWeChatBindStatus: def('GET', `${UC}/account/getWeChatBindStatus`),
  bindWeChat: changingGet(`${UC}/account/bindWeChat`),
  unBindWeChat: changingGet(`${UC}/account/unBindWeChat`),
  loginByPwd: def('POST', `${UC}/login/loginByPwd`),
  loginBySms: def('POST', `${UC}/login/loginBySms`),
  bindMobileByWxCode: def('POST', `${UC}/login/bindMobileByWxCode`),
  loginByTempCode: def('POST', `${UC}/login/loginByTempCode/:code`),
  loginByWx: changingGet(`${UC}/login/loginByWx`),
  wxConfig: def('GET', `${UC}/login/wxConfig`),
  checkStatus: def('GET', `${UC}/login/checkStatus`),
  bindProject: def('PUT', `${UC}/account/bindProject`),
  sendMobileCode: def('POST', `${UC}/sms/sendMobileCodeCaptchaVerify`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our own services add beyond §7: the self-hosted slider captcha (in place of a third-party
 * widget), the RSA key for password fields, and temporary login codes for the app bridge.
 */
export const ACCOUNT_EXTRA_CALLS = {
  captchaChallenge: def('GET', '/captcha/front/api/slider/challenge'),
  rsaPublicKey: def('GET', `${UC}/login/publicKey`),
  createTempCode: def('POST', `${UC}/login/createTempCode`),
} as const satisfies Record<string, ApiCallDef>;

export type AccountCallName = keyof typeof ACCOUNT_CALLS | keyof typeof ACCOUNT_EXTRA_CALLS;
