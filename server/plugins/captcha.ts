/** /captcha/front/api: the self-hosted slider captcha (in place of a third-party widget). */
import { CAPTCHA_SCENES, type CaptchaChallenge } from '../../src/domain/account/captcha';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { CAPTCHA_CHALLENGES_PER_IP } from '../accounts/limits';
import { clientIp } from '../accounts/users';
import { createChallenge } from '../captcha/challenge';
import { enforceRateLimit } from '../security/rateLimit';
import { type Area, defineRoute } from './lib/routes';

export const captchaArea: Area = {
  name: 'captcha',
  prefix: '/captcha/front/api/',
  routes: ({ db }) => ({
    captchaChallenge: defineRoute<{ Querystring: { sceneId: string } }>({
      schema: {
        querystring: {
          type: 'object',
          properties: { sceneId: { type: 'string', enum: Object.values(CAPTCHA_SCENES), default: CAPTCHA_SCENES.sms } },
        },
      },
      async handler(request, reply): Promise<CaptchaChallenge> {
        const ip = clientIp(request);
        await enforceRateLimit(db, `captcha:ip:${ip}`, CAPTCHA_CHALLENGES_PER_IP.limit, CAPTCHA_CHALLENGES_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
        // Each answer is a new puzzle: never cached by the browser or a proxy.
        reply.header('cache-control', 'no-store');
        return createChallenge(db, request.query.sceneId, ip);
      },
    }),
  }),
};
