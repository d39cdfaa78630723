/** Sending an SMS code (login, bind phone, forgotten password), behind the slider captcha and the send limits. */
import { CAPTCHA_FAILED_DATA, CAPTCHA_SCENES } from '../../src/domain/account/captcha';
import type { SendSmsAnswer } from '../../src/domain/account/contract';
import { SMS_PER_IP_DAILY_LIMIT, SMS_PER_IP_HOURLY_LIMIT, SMS_PER_MOBILE_DAILY_LIMIT, SMS_PER_MOBILE_INTERVAL_SECONDS } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { AppError, badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp } from '../shared/request';
import { verifyCaptcha } from './captcha.queries';
import { checkPhone } from './checks';
import { issueSmsCode, voidSmsCode } from './smsCodes.queries';
import { findUserByMobile } from './users.queries';

const DAY = 24 * 60 * 60;

export const smsCodesRoutes: RouteGroup = ({ db, config, services }) => ({
  sendMobileCode: {
    async handler(request): Promise<SendSmsAnswer> {
      const { mobile, requestType, sceneId, captchaVerifyParam } = request.body;
      checkPhone(mobile);
      const ip = clientIp(request);
      // The captcha is checked (and used up) before anything else can be learnt from this call.
      const passed = sceneId === CAPTCHA_SCENES.sms && (await verifyCaptcha(db, config.captchaMode, CAPTCHA_SCENES.sms, captchaVerifyParam));
      if (!passed) return CAPTCHA_FAILED_DATA;
      if (requestType === 'FORGETPWD' && !(await findUserByMobile(db, mobile))) throw badRequest(ACCOUNT_TEXTS.mobileNotRegistered);

      // Cheapest refusals first; per-IP before per-mobile so a blocked IP cannot burn a mobile's quota.
      await enforceRateLimit(db, `sms:ip:${ip}`, SMS_PER_IP_HOURLY_LIMIT, 3600, ACCOUNT_TEXTS.smsTooFrequent);
      await enforceRateLimit(db, `sms:ip:${ip}`, SMS_PER_IP_DAILY_LIMIT, DAY, ACCOUNT_TEXTS.smsDailyLimit);
      await enforceRateLimit(db, `sms:mobile:${mobile}`, 1, SMS_PER_MOBILE_INTERVAL_SECONDS, ACCOUNT_TEXTS.smsTooFrequent);
      await enforceRateLimit(db, `sms:mobile:${mobile}`, SMS_PER_MOBILE_DAILY_LIMIT, DAY, ACCOUNT_TEXTS.smsDailyLimit);

      const issued = await issueSmsCode(db, mobile, requestType, ip);
      try {
        await services.sms.send(mobile, issued.code, requestType);
      } catch (err) {
        await voidSmsCode(db, issued.id);
        request.log.error({ err, provider: services.sms.name }, 'SMS not sent');
        throw new AppError(503);
      }
      return true;
    },
  },
});
