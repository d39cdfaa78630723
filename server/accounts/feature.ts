/** Accounts: logging in (password, SMS, WeChat, app temp codes), the session, account settings, the captcha that guards SMS, the user's uploads. */
import { defineFeature } from '../shared/feature';
import { accountRoutes } from './account.routes';
import { captchaRoutes } from './captcha.routes';
import { loginRoutes } from './login.routes';
import { sessionRoutes } from './session.routes';
import { smsCodesRoutes } from './smsCodes.routes';
import { uploadsRoutes } from './uploads.routes';
import { wechatRoutes } from './wechat.routes';

export const accountsFeature = defineFeature('accounts', [
  sessionRoutes,
  loginRoutes,
  smsCodesRoutes,
  captchaRoutes,
  wechatRoutes,
  accountRoutes,
  uploadsRoutes,
]);
