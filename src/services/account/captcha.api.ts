/** The self-hosted slider captcha: a challenge per attempt; the answer travels with the SMS request. */
import { ACCOUNT_EXTRA_CALLS } from '../../domain/account/calls';
import type { CaptchaChallenge } from '../../domain/account/captcha';
import { call } from '../shared/http/client';

/** Silent: the captcha panel shows the failure itself, with a refresh button. */
export function getCaptchaChallenge(sceneId: string): Promise<CaptchaChallenge> {
  return call(ACCOUNT_EXTRA_CALLS.captchaChallenge, { query: { sceneId }, silent: true });
}
