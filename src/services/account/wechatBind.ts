/**
 * Binding WeChat to the logged-in account. The `state` of the request is kept in sessionStorage
 * while the browser visits WeChat: the security page WeChat returns to binds only when the state
 * it brings is the one this tab asked for, so a forged return link cannot bind a stranger's WeChat.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { WeChatBindAnswer } from '../../domain/account/contract';
import { call } from '../shared/http/client';

const KEY = 'xt_wechat_bind_state';

export function rememberBindState(state: string): void {
  try {
    sessionStorage.setItem(KEY, state);
  } catch {
    // Storage refused (private mode): the return is refused as unverified and the user scans again.
  }
}

/** Not removed on reading: React StrictMode (development) starts the page's actor twice. */
export function readBindState(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function forgetBindState(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

const binds = new Map<string, Promise<WeChatBindAnswer>>();

/**
 * Exchanges WeChat's one-time code once, however often it is asked (StrictMode's second start
 * would otherwise spend the code twice and toast a failure); the stored state is used up after.
 */
export function bindReturnedWeChat(code: string, state: string): Promise<WeChatBindAnswer> {
  let pending = binds.get(code);
  if (!pending) {
    pending = call(ACCOUNT_CALLS.bindWeChat, { query: { code, state } }).finally(() => {
      forgetBindState();
      binds.delete(code);
    });
    binds.set(code, pending);
  }
  return pending;
}
