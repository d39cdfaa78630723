/** Account screen texts and the messages the server sends for accounts, in one place. */
import { LOGIN_SUCCESS_TEXT } from '../shared/constants';

export const ACCOUNT_TEXTS = {
  captchaFailed: '验证失败，请重新拖动滑块',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  smsCodeWrong: '短信验证码错误',
  smsCodeExpired: '短信验证码已失效，请重新获取',
  mobileNotRegistered: '该手机号尚未注册',
  mobileTaken: '该手机号已绑定其他账号',
  /** Also for an unknown mobile and an account without a password: the answer never tells who is registered. */
  wrongPassword: '手机号或密码错误',
  /** `{minutes}` is replaced by the minutes left. */
  accountLocked: '密码错误次数过多，账号已锁定，请{minutes}分钟后再试',
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
  /** A multipart body that ends or breaks before its file part does (a dropped connection, a broken client). */
  uploadIncomplete: '上传的文件不完整，请重新上传',
  fileTooLarge: '文件不能超过10MB',
  loginSuccess: LOGIN_SUCCESS_TEXT,
  logoutSuccess: '已退出登录',
} as const;

export function lockedText(minutesLeft: number): string {
  return ACCOUNT_TEXTS.accountLocked.replace('{minutes}', String(Math.max(1, Math.ceil(minutesLeft))));
}

/** Texts of the login screens that the server never sends. */
export const LOGIN_TEXTS = {
  registerHint: '未注册的手机号验证后将自动创建账号',
  /** Under the password form: where a student without a password goes (the server will not say that an account has none). */
  passwordLoginHint: '未设置过密码？请使用短信验证码登录，登录后可在个人中心设置密码',
  wxStateMismatch: '登录状态已失效，请重新扫码',
  wxQrExpired: '二维码已过期，点击刷新',
  wxQrFailed: '二维码加载失败，点击刷新',
  wxScanHint: '请使用微信扫描二维码登录',
  wxExchanging: '正在登录…',
  captchaTitle: '请完成安全验证',
  captchaHint: '向右拖动滑块填充拼图',
  captchaLoading: '加载中…',
  captchaVerifying: '验证中…',
  captchaLoadFailed: '验证码加载失败，请点击刷新',
  autoLoginFailed: '自动登录未成功，请使用新密码登录',
} as const;

export const MESSAGES = {
  phoneRequired: '手机号码不能为空',
  phoneInvalid: '手机号码格式不正确',
  smsCodeRequired: '短信验证码不能为空',
  smsCodeInvalid: '短信验证码格式不正确',
  passwordRequired: '密码不能为空',
  newPasswordRule: '请设置6位及以上包含数字、字母和特殊符号中至少两种组合的密码',
  confirmRequired: '确认密码不能为空',
  confirmMismatch: '两次输入密码不一致',
  agreementRequired: '请阅读并勾选用户协议和隐私政策',
} as const;

export const SMS_SENT_TEXT = '发送短信验证码成功，请注意查收';
