/** The self-hosted slider captcha (in place of a third-party widget) that guards sending SMS codes. */
import type { CaptchaChallenge } from '../../src/domain/account/captcha';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp } from '../shared/request';
import { createChallenge } from './captcha.queries';
import { CAPTCHA_CHALLENGES_PER_IP } from './limits';

export const captchaRoutes: RouteGroup = ({ db }) => ({
  captchaChallenge: {
    async handler(request, reply): Promise<CaptchaChallenge> {
      const ip = clientIp(request);
      await enforceRateLimit(db, `captcha:ip:${ip}`, CAPTCHA_CHALLENGES_PER_IP.limit, CAPTCHA_CHALLENGES_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
      // Each answer is a new puzzle: never cached by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return createChallenge(db, request.query.sceneId, ip);
    },
  },
});
