/**
 * Why this device was signed out, when the server said (您的账号已在其他设备登录): the HTTP client
 * keeps the reason its last 401 brought, and the login page shows it until the student logs in or
 * leaves the page.
 */
import { clearUnauthorizedReason, pendingUnauthorizedReason, subscribeUnauthorizedReason } from '../shared/http/client';

/** Calls `onReason` with the reason waiting now, if any, then with each later one; answers the unsubscribe. */
export function watchSignedOutReason(onReason: (reason: string) => void): () => void {
  const unsubscribe = subscribeUnauthorizedReason(onReason);
  const pending = pendingUnauthorizedReason();
  if (pending) onReason(pending);
  return unsubscribe;
}

/** The page has it: the next visit to the login page starts without it. */
export function forgetSignedOutReason(): void {
  clearUnauthorizedReason();
}
