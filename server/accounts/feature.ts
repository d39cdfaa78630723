/** Accounts: logging in (password, SMS, WeChat, app temp codes), the session and the account's live sessions (登录设备), account settings, the captcha that guards SMS, the user's uploads. */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { accountRoutes } from './account.routes';
import { captchaRoutes } from './captcha.routes';
import { devAccountsPlugin } from './devAccounts';
import { loginRoutes } from './login.routes';
import { sessionRoutes } from './session.routes';
import { sessionsRoutes } from './sessions.routes';
import { smsCodesRoutes } from './smsCodes.routes';
import { uploadsRoutes } from './uploads.routes';
import { wechatRoutes } from './wechat.routes';

/** Besides its calls, outside production only: the SMS outbox, the captcha answers and the WeChat sandbox pages. */
async function registerAccounts(app: FastifyInstance, { config, services, db }: FeatureDeps): Promise<void> {
  app.register(devAccountsPlugin, { config, services, db });
}

export const accountsFeature = defineFeature(
  'accounts',
  [sessionRoutes, sessionsRoutes, loginRoutes, smsCodesRoutes, captchaRoutes, wechatRoutes, accountRoutes, uploadsRoutes],
  registerAccounts,
);
