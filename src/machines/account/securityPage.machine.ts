/**
 * 账号安全's data as a pageData load: the bind status (WeChat bound, password set), read once per
 * page and handed to the cards — the password card needs hasPassword, the WeChat card the rest.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { WeChatBindStatus } from '../../domain/account/contract';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export type SecurityData = WeChatBindStatus;

export function loadSecurity(): Promise<SecurityData> {
  return call(ACCOUNT_CALLS.getWeChatBindStatus);
}

export const securityPageMachine = createPageDataMachine({ id: 'securityPage', load: loadSecurity });
