/**
 * Redeeming a code (/course-exchange). Every attempt counts against the user and the IP before the
 * code is looked at (atomic counters, shared by all processes), so guessing stops at the limit
 * whatever the order or speed of the guesses.
 */
import type { RedeemResult } from '../../src/domain/commerce/contract';
import { normalizeRedeemCode } from '../../src/domain/commerce/rules';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import { currentUser } from '../shared/auth';
import { badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp } from '../shared/request';
import { REDEEM_ATTEMPTS_PER_IP, REDEEM_ATTEMPTS_PER_USER } from './limits';
import { redeem } from './redeem.queries';

export const redeemRoutes: RouteGroup = ({ db, services }) => ({
  redeemCode: {
    auth: 'required',
    async handler(request): Promise<RedeemResult> {
      const { userId } = currentUser(request);
      const perUser = REDEEM_ATTEMPTS_PER_USER;
      const perIp = REDEEM_ATTEMPTS_PER_IP;
      await enforceRateLimit(db, `redeem:user:${userId}`, perUser.limit, perUser.windowSeconds, COMMERCE_TEXTS.redeemTooMany);
      await enforceRateLimit(db, `redeem:ip:${clientIp(request)}`, perIp.limit, perIp.windowSeconds, COMMERCE_TEXTS.redeemTooMany);
      const code = normalizeRedeemCode(request.body.code);
      if (!code) throw badRequest(COMMERCE_TEXTS.redeemCodeFormat);
      return redeem(db, userId, code, services.clock.now());
    },
  },
});
