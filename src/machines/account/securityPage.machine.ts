/**
 * 账号安全's data as a pageData load: the bind status (WeChat bound, password set), read once per
 * page and handed to the cards — the password card needs hasPassword, the WeChat card the rest.
 */
import type { WeChatBindStatus } from '../../domain/account/contract';
import { getWeChatBindStatus } from '../../services/account/account.api';
import { createPageDataMachine } from '../shared/pageData';

export type SecurityData = WeChatBindStatus;

export function loadSecurity(): Promise<SecurityData> {
  return getWeChatBindStatus();
}

export const securityPageMachine = createPageDataMachine('securityPage', loadSecurity);
