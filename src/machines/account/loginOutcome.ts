/** What every login flow tells the root session: the result and where the page goes next. */
import type { LoginResult } from '../../domain/account/contract';
import { afterLoginPath } from '../../domain/account/login';
import type { SessionFlowEvent } from '../shared/sessionEvents';

/**
 * `target`: where a page login was headed; null in the login modal. A page login of an account
 * without a mobile goes to bind phone first (§4).
 */
export function loggedIn(result: LoginResult, target: string | null): Extract<SessionFlowEvent, { type: 'session.loggedIn' }> {
  return { type: 'session.loggedIn', result, target: target === null ? null : afterLoginPath(result, target) };
}
